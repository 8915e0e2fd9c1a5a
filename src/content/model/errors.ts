import { contentFile, group, paragraph, text } from "../fields"
import { heading } from "./sharedFields"

/** data/errors.json: the error pages' texts. */
export const errors = contentFile({
  name: "errors",
  label: "Error pages",
  description: "What visitors see at an address that does not exist, or when a page fails to show.",
  fields: [
    group("notFound", "Page not found (404)", [
      text("title", "Browser tab title", { maxLength: 60 }),
      heading("heading"),
      paragraph("text", "Text", { maxLength: 300 }),
      text("linkLabel", "Button text", { maxLength: 30 }),
    ]),
    group("unexpected", "Unexpected error", [
      heading("heading"),
      paragraph("text", "Text", { maxLength: 300 }),
      text("linkLabel", "Button text", { maxLength: 30 }),
    ]),
  ],
})
