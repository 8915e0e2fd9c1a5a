import { contentFile, list, text, textList } from "../fields"
import { heading, pageBasics, pageIntro } from "./sharedFields"

/** data/privacy.json: the privacy page. */
export const privacy = contentFile({
  name: "privacy",
  label: "Privacy page",
  description:
    "How the boutique looks after the e-mail addresses of the people who join its list: what it keeps, why, where, for how long, and the members' rights.",
  fields: [
    ...pageBasics,
    heading("heading", "Page heading"),
    pageIntro(),
    list(
      "sections",
      "Sections",
      [
        text("title", "Section heading", {
          maxLength: 60,
          hint: "A short question or statement, such as “What we keep”.",
        }),
        textList("paragraphs", "Text", {
          itemLabel: "paragraph",
          multiline: true,
          maxLength: 600,
          minItems: 1,
          hint: "One box per paragraph. Keep sentences short and plain. {email} is the contact address.",
        }),
      ],
      {
        itemLabel: "section",
        minItems: 1,
        maxItems: 12,
        hint: "Shown in this order, each under its own heading. Whatever this page says must stay true of the sign-up: check any change with the person responsible for members' data.",
      },
    ),
  ],
})
