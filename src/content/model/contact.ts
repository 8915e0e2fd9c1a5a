import { contentFile, group, pageLink, paragraph, text, textList } from "../fields"
import { heading, pageBasics, pageIntro } from "./sharedFields"

/** data/contact.json: the sign-up page. */
export const contact = contentFile({
  name: "contact",
  label: "Join our list page",
  description:
    "The sign-up page: the members' benefits, the e-mail form and its thank-you message.",
  fields: [
    ...pageBasics,
    heading("heading", "Page heading"),
    pageIntro(),
    heading("benefitsHeading", "Benefits heading"),
    textList("benefits", "Benefits", { itemLabel: "benefit", maxLength: 80, minItems: 1 }),
    text("emailLabel", "E-mail field label", { maxLength: 40 }),
    text("emailPlaceholder", "Example in the e-mail field", {
      maxLength: 40,
      placeholders: false,
      hint: "The grey example address shown in the empty field.",
    }),
    text("submitLabel", "Button text", { maxLength: 30 }),
    paragraph("privacyNote", "Privacy note", { maxLength: 160 }),
    group(
      "privacyLink",
      "Link after the privacy note",
      [text("label", "Link text", { maxLength: 60 }), pageLink("path", "Page")],
      { hint: "Leads to the page that says how members' addresses are kept." },
    ),
    text("sendingLabel", "Button text while sending", {
      maxLength: 30,
      hint: "Shown on the button for the moment the sign-up is on its way.",
    }),
    group(
      "toast",
      "Thank-you message",
      [
        text("title", "Title", { maxLength: 60 }),
        paragraph("description", "Text", { maxLength: 120 }),
        text("closeLabel", "Close button (read aloud)", {
          maxLength: 30,
          hint: "Screen readers say this for the × button.",
        }),
        text("regionLabel", "Message area (read aloud)", {
          maxLength: 30,
          hint: "Screen readers use this name for the corner where messages appear.",
        }),
      ],
      {
        hint: "Appears in the corner for five seconds after someone signs up. In browsers with JavaScript turned off, the title and text make the page that thanks her instead.",
      },
    ),
    text("continueLabel", "Link on the thank-you page", {
      maxLength: 40,
      hint: "In browsers with JavaScript turned off, the thank-you page links to the home page with this text.",
    }),
    group(
      "messages",
      "Sign-up problems",
      [
        heading("heading", "Heading of the problem page"),
        paragraph("missing", "No address given", { maxLength: 200 }),
        paragraph("invalid", "Not an e-mail address", { maxLength: 200 }),
        paragraph("tooLong", "Address too long", { maxLength: 200 }),
        paragraph("rejected", "Sign-up refused", {
          maxLength: 200,
          hint: "When the form arrives filled in by a program, or from another site.",
        }),
        paragraph("tooMany", "Too many tries", {
          maxLength: 200,
          hint: "When many sign-ups came from one connection within a few minutes.",
        }),
        paragraph("busy", "Too many sign-ups for the whole site", {
          maxLength: 240,
          hint: "When more sign-ups than the site takes in an hour have come, from anywhere: the address has not been kept.",
        }),
        paragraph("unavailable", "List not answering", {
          maxLength: 240,
          hint: "When the mailing list cannot be reached: the address has not been kept.",
        }),
        text("botFieldLabel", "Hidden trap field (read by programs only)", {
          maxLength: 60,
          hint: "A field people never see; programs that fill every field fill it, and their sign-up is refused.",
        }),
      ],
      {
        hint: "Shown beside the form, and read aloud, when a sign-up cannot be completed; the address stays in the field. {email} is the contact address.",
      },
    ),
    group("questions", "Questions box", [
      heading("heading"),
      paragraph("text", "Text before the e-mail address", {
        maxLength: 160,
        hint: "The contact address from Site settings follows this text as a link.",
      }),
    ]),
  ],
})
