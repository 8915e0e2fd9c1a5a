import { choice, contentFile, date, list, paragraph, text, textList } from "../fields"
import { heading, pageBasics, pageIntro, picture, pictureDescription } from "./sharedFields"

/** data/journal.json: the style journal page. */
export const journal = contentFile({
  name: "journal",
  label: "Style journal page",
  description:
    "The journal's categories and articles. The page shows the articles newest first, by their dates.",
  fields: [
    ...pageBasics,
    heading("heading", "Page heading"),
    pageIntro(),
    textList("categories", "Categories", {
      itemLabel: "category",
      maxLength: 30,
      minItems: 1,
      maxItems: 12,
      hint: "The categories an article can be filed under. Publish a new one here before choosing it for an article.",
    }),
    list(
      "articles",
      "Articles",
      [
        text("title", "Title", { maxLength: 80 }),
        choice("category", "Category", {
          from: "categories",
          hint: "One of the categories above; it is shown over the title.",
        }),
        date("date", "Date", {
          goLive: true,
          hint: "The day the article appears: a date in the future waits, and the article goes live by itself that day. The newest article is shown first, wherever it is in this list.",
        }),
        paragraph("excerpt", "Summary", { maxLength: 200 }),
        picture("Shown landscape (3 by 2), trimmed at the edges if needed."),
        pictureDescription(),
      ],
      { itemLabel: "article", minItems: 1, maxItems: 24 },
    ),
  ],
})
