import { contentFile, group, list, paragraph, text } from "../fields"
import { button, heading, pageBasics, picture, pictureDescription } from "./sharedFields"

/** data/home.json: the home page. */
export const home = contentFile({
  name: "home",
  label: "Home page",
  description:
    "The first page visitors see: the large picture with the headline, the featured collections and the short story.",
  fields: [
    ...pageBasics,
    group("hero", "Top of the page (hero)", [
      text("headline", "Headline", {
        maxLength: 50,
        hint: "The big words over the picture. Keep it short: it is set very large.",
      }),
      paragraph("subtitle", "Text under the headline", { maxLength: 200 }),
      button(),
      picture("It fills the whole screen behind the headline; the right-hand part stays visible."),
      pictureDescription(),
    ]),
    group("featured", "Featured collections", [
      heading("heading"),
      paragraph("intro", "Introduction", {
        maxLength: 200,
        optional: true,
        hint: "A sentence under the heading. Leave it empty to show none.",
      }),
      list(
        "collections",
        "Collections",
        [
          text("title", "Name", { maxLength: 40 }),
          paragraph("description", "Description", { maxLength: 200 }),
          button(),
          picture("Shown upright (4 by 5), trimmed at the edges if needed."),
          pictureDescription(),
        ],
        { itemLabel: "collection", minItems: 1, maxItems: 6 },
      ),
    ]),
    group("story", "Our story teaser", [
      heading("heading"),
      paragraph("text", "Text", { maxLength: 300 }),
      button(),
    ]),
  ],
})
