import { confirmationDays } from "../../membership/membersApi"
import { contentFile, group, paragraph, text, wholeNumber } from "../fields"
import { heading } from "./sharedFields"

const emailSubject = () =>
  text("subject", "Subject", {
    maxLength: 80,
    hint: "The e-mail's subject line. Short and plain: many inboxes cut it off after about 50 characters.",
  })

const emailPreview = () =>
  text("preview", "Preview line", {
    maxLength: 140,
    hint: "The grey line many inboxes show after the subject, before the e-mail is opened. It is not shown in the e-mail itself.",
  })

const emailReason = () =>
  paragraph("reason", "Why she gets this e-mail", {
    maxLength: 200,
    hint: "Shown at the foot of the e-mail, before the link to leave the list and the boutique's addresses.",
  })

/** data/membership.json: the list's e-mails and the pages their links open. */
export const membership = contentFile({
  name: "membership",
  label: "Members' e-mails",
  description:
    "The two e-mails the list sends, the confirmation as soon as someone signs up and the welcome with her gift once she has confirmed, and the pages the links in them lead to. {product} and {email} are filled in as on the pages. The boutique's postal address is in Site settings.",
  fields: [
    wholeNumber("pendingDays", "Days an unconfirmed sign-up is kept", {
      minimum: 1,
      maximum: 90,
      hint: `Digits only, no commas or points. An address that has not been confirmed by then is deleted. Her confirmation link itself works for ${confirmationDays} days, or until then if that is sooner; after that it opens the “link has expired” page, which leads her back to the sign-up.`,
    }),
    group(
      "gift",
      "Welcome gift",
      [
        text("code", "Code", {
          maxLength: 30,
          placeholders: false,
          hint: "What she shows or tells the boutique when she pays, such as WELCOME15.",
        }),
        text("description", "What the gift is", {
          maxLength: 80,
          hint: "In a few words, such as “15% off one piece of your choice”.",
        }),
        paragraph("terms", "Terms", {
          maxLength: 300,
          hint: "How, where and until when the code can be used, in plain words.",
        }),
      ],
      {
        hint: "Sent in the welcome e-mail. A change reaches the members who confirm after it is published; those welcomed before keep the code they were sent.",
      },
    ),
    group(
      "confirmationEmail",
      "Confirmation e-mail",
      [
        emailSubject(),
        emailPreview(),
        heading("heading"),
        paragraph("text", "Text", { maxLength: 300 }),
        text("buttonLabel", "Button text", {
          maxLength: 30,
          hint: "The one button: it confirms her address.",
        }),
        paragraph("linkNote", "Text before the written-out link", {
          maxLength: 160,
          hint: "For when the button does not work: the confirmation link follows it, written out in full.",
        }),
        paragraph("ignoreNote", "If she did not ask to join", { maxLength: 200 }),
        emailReason(),
      ],
      {
        hint: "Sent as soon as someone signs up, so that only the owner of the address can join. Keep it plain: no offers or pictures, only the button.",
      },
    ),
    group(
      "welcomeEmail",
      "Welcome e-mail",
      [
        emailSubject(),
        emailPreview(),
        heading("heading"),
        paragraph("text", "Text", { maxLength: 400 }),
        heading("giftHeading", "Gift heading"),
        text("codeLabel", "Words before the code", { maxLength: 30 }),
        text("buttonLabel", "Button text", {
          maxLength: 30,
          hint: "The button under the gift leads to the website's home page.",
        }),
        paragraph("signOff", "Closing words", {
          maxLength: 120,
          hint: "The last words of the letter. A new line in the box starts a new line in the e-mail.",
        }),
        emailReason(),
      ],
      { hint: "Sent once she has confirmed her address, with the welcome gift above." },
    ),
    group(
      "emailFooter",
      "Foot of both e-mails",
      [
        text("leaveLabel", "Link to leave the list", {
          maxLength: 40,
          hint: "Every e-mail has this link; it leads to the “leave the list” page below.",
        }),
        text("contactText", "Text before the contact address", {
          maxLength: 80,
          hint: "The contact address from Site settings follows this text as a link.",
        }),
      ],
      {
        hint: "Under each e-mail, after why she gets it; the boutique's name and postal address follow.",
      },
    ),
    group(
      "confirmPage",
      "Confirmation page",
      [
        heading("heading"),
        paragraph("text", "Text", { maxLength: 240 }),
        text("buttonLabel", "Button text", { maxLength: 30 }),
        heading("confirmedHeading", "Heading once confirmed"),
        paragraph("confirmedText", "Text once confirmed", { maxLength: 240 }),
        heading("alreadyHeading", "Heading when she had confirmed already"),
        paragraph("alreadyText", "Text when she had confirmed already", { maxLength: 240 }),
        heading("leftHeading", "Heading when she has left since"),
        paragraph("leftText", "Text when she has left since", { maxLength: 240 }),
      ],
      {
        hint: "Where the button in the confirmation e-mail leads: she presses it to confirm. If she follows the link again once confirmed, she sees the “had confirmed already” fields (no second gift is sent); if she left the list after the e-mail came, the “has left since” fields, with the link to the sign-up page below.",
      },
    ),
    group(
      "expiredPage",
      "“Link has expired” page",
      [
        heading("heading"),
        paragraph("text", "Text", { maxLength: 240 }),
        text("joinAgainLabel", "Link to the sign-up page", { maxLength: 40 }),
      ],
      { hint: "When she follows a confirmation link after the days above have passed." },
    ),
    group(
      "invalidPage",
      "“Link does not work” page",
      [heading("heading"), paragraph("text", "Text", { maxLength: 240 })],
      { hint: "When a link from an e-mail arrives incomplete or altered." },
    ),
    group(
      "leavePage",
      "“Leave the list” page",
      [
        heading("heading"),
        paragraph("text", "Text", { maxLength: 240 }),
        text("buttonLabel", "Button text", { maxLength: 30 }),
        heading("leftHeading", "Heading once she has left"),
        paragraph("leftText", "Text once she has left", { maxLength: 240 }),
        heading("unreachableHeading", "Heading when the list cannot be reached"),
        paragraph("unreachableText", "Text when the list cannot be reached", { maxLength: 240 }),
        heading("notFoundHeading", "Heading when the link finds no one"),
        paragraph("notFoundText", "Text when the link finds no one", { maxLength: 240 }),
        heading("movedHeading", "Heading where the site keeps no list"),
        paragraph("movedText", "Text where the site keeps no list", { maxLength: 240 }),
      ],
      {
        hint: "Where the link at the foot of every e-mail leads. She presses the button to leave; she is not asked why. Once the list has moved to a mailing service, her leave from an older e-mail is passed on to it; if the service cannot be reached, she sees the “cannot be reached” fields, with the button to try again. A link from an e-mail of a sign-up deleted since (erased, or never confirmed) finds no one: she sees the “finds no one” fields. Where a mailing service keeps the list and the site keeps none of its own (a site hosted without a disk), a link from an e-mail the site sent before cannot take her off: she sees the last two fields.",
      },
    ),
  ],
})
