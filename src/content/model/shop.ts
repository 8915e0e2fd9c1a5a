import { contentFile, list, text, wholeNumber } from "../fields"
import { heading, pageBasics, pageIntro, picture, pictureDescription } from "./sharedFields"

/** data/shop.json: the shop page. */
export const shop = contentFile({
  name: "shop",
  label: "Shop page",
  description: "The shop's categories, each with its picture and number of pieces.",
  fields: [
    ...pageBasics,
    heading("heading", "Page heading"),
    pageIntro(),
    text("countLabel", "Word after a number of pieces", {
      maxLength: 20,
      hint: "Shown after each category's number of pieces, as in “24 items” (and “0 items”).",
    }),
    text("countLabelOne", "Word after a number of 1", {
      maxLength: 20,
      hint: "Shown after a category's number when it is 1, as in “1 item”.",
    }),
    list(
      "categories",
      "Categories",
      [
        text("name", "Name", { maxLength: 30 }),
        wholeNumber("count", "Number of pieces", {
          minimum: 0,
          maximum: 9999,
          // The box refuses anything but digits (src/cms/WholeNumberControl.tsx); the hint says
          // so before she types.
          hint: "The pieces in stock in this category: digits only, no commas or points (45, not 45,00 or 45.5).",
        }),
        picture("Shown upright (4 by 5), trimmed at the edges if needed."),
        pictureDescription(),
      ],
      { itemLabel: "category", minItems: 1, maxItems: 12 },
    ),
  ],
})
