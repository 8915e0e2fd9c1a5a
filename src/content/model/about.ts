import { contentFile, group, paragraph, textList } from "../fields"
import { heading, pageBasics, picture, pictureDescription } from "./sharedFields"

/** data/about.json: the story page. */
export const about = contentFile({
  name: "about",
  label: "Our story page",
  description: "The boutique's story and its philosophy.",
  fields: [
    ...pageBasics,
    heading("heading", "Page heading"),
    picture("Shown across the page under the heading, uncropped."),
    pictureDescription(),
    textList("paragraphs", "Story", {
      itemLabel: "paragraph",
      multiline: true,
      maxLength: 1000,
      minItems: 1,
      hint: "One box per paragraph. The first one starts with a large initial letter.",
    }),
    group("philosophy", "Our philosophy box", [
      heading("heading"),
      paragraph("text", "Text", { maxLength: 300 }),
    ]),
  ],
})
