import fs from "node:fs"
import path from "node:path"

// Edits the marketing staff make on their own, as they would in the CMS: applied by
// scripts/test-content.ts to a copy of the launch content, which it then builds and runs the
// content's browser specs against (e2e/staff-edits.spec.ts checks that the pages show them). They
// are written against whatever content they are given, not against the launch content's values,
// so they keep working after the launch content follows a change to the model.

/** The boutique's new name: every {product} in the texts follows it. */
export const renamedBrand = "Silverleaf"

/** How many pieces the first shop category gains: a restock. */
export const restocked = 2

/** The journal's new category, and the article filed under it. */
export const newCategory = "Travel Notes"
export const newArticleTitle = "Packing Light for a Week by the Sea"

/** The new article's day: a week after the newest one, so it must be shown first. */
export function newArticleDate(dates: readonly string[]): string {
  const newest = [...dates].sort().at(-1) ?? "2025-01-01"
  const day = new Date(`${newest}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() + 7)
  return day.toISOString().slice(0, 10)
}

/** The files the edits touch, typed as data/ holds them. */
export interface EditedFiles {
  site: typeof import("../../data/site.json")
  shop: typeof import("../../data/shop.json")
  journal: typeof import("../../data/journal.json")
  affiliate: typeof import("../../data/affiliate.json")
}

/** Reads a content file of `dataDir`. */
export function readContent<Name extends keyof EditedFiles>(dataDir: string, name: Name) {
  return JSON.parse(
    fs.readFileSync(path.join(dataDir, `${name}.json`), "utf8"),
  ) as EditedFiles[Name]
}

// The files are edited as plain JSON, as the CMS writes them.
function edit<Name extends keyof EditedFiles>(
  dataDir: string,
  name: Name,
  change: (json: EditedFiles[Name]) => void,
) {
  const file = path.join(dataDir, `${name}.json`)
  const json = readContent(dataDir, name)
  change(json)
  fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`)
}

/** Applies the edits to the content in `dataDir`. */
export function applyStaffEdits(dataDir: string) {
  edit(dataDir, "site", (site) => {
    site.brandName = renamedBrand
  })
  edit(dataDir, "shop", (shop) => {
    const [first] = shop.categories
    if (!first) throw new Error("shop.json needs a category to restock")
    first.count += restocked
  })
  edit(dataDir, "journal", (journal) => {
    journal.categories.push(newCategory)
    const [model] = journal.articles
    if (!model) throw new Error("journal.json needs an article to take a picture from")
    // Added at the end of the list, as a hurried editor might: the page still shows it first.
    journal.articles.push({
      title: newArticleTitle,
      category: newCategory,
      date: newArticleDate(journal.articles.map((article) => article.date)),
      excerpt:
        "Five pieces, one small case and a week of warm evenings: how to pack for a seaside holiday without a second thought.",
      image: model.image,
      imageAlt: model.imageAlt,
    })
  })
  edit(dataDir, "affiliate", (affiliate) => {
    if (affiliate.collections.length < 2) throw new Error("affiliate.json needs two collections")
    affiliate.collections.pop()
  })
}
