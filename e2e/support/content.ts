import aboutJson from "../../data/about.json"
import affiliateJson from "../../data/affiliate.json"
import contactJson from "../../data/contact.json"
import errorsJson from "../../data/errors.json"
import homeJson from "../../data/home.json"
import journalJson from "../../data/journal.json"
import privacyJson from "../../data/privacy.json"
import shopJson from "../../data/shop.json"
import siteJson from "../../data/site.json"
import { filled } from "../../__tests__/setup/content"
import { isLive } from "../../src/content/goLive"
import { newestFirst } from "../../src/utils/dates"
import { escapeRegExp } from "../../src/utils/escapeRegExp"

export { formatDate } from "../../src/utils/dates"

/**
 * The content the browser tests expect to see, read from the files in data/ the site was built
 * from: every text with {product}, {partner} and {email} filled in, as the pages show it. A valid
 * edit of data/ changes the site and these expectations together; the tests themselves hold only
 * how the content is shown.
 */

export const site = filled(siteJson)
export const home = filled(homeJson)
export const shop = filled(shopJson)
export const about = filled(aboutJson)
export const journal = filled(journalJson)
export const affiliate = filled(affiliateJson)
export const contact = filled(contactJson)
export const privacy = filled(privacyJson)
export const errors = filled(errorsJson)

export type Article = (typeof journal.articles)[number]

/** A page's address on the published site (data/site.json siteUrl), as its canonical link has it. */
export const publishedUrl = (path: string) => new URL(path, site.siteUrl).href

/** The label of the navigation link to `path`, if the menu has one. */
export const navigationLabel = (path: string) =>
  site.navigation.find((link) => link.path === path)?.label

/** The label of the navigation link to `path`; the test needs one, so its absence is an error. */
export function navigationLabelFor(path: string): string {
  const label = navigationLabel(path)
  if (label === undefined) throw new Error(`data/site.json has no navigation link to ${path}`)
  return label
}

/**
 * A category's number of pieces as its card writes it (CategoryCard): "24 items", "1 item",
 * "1,200 items".
 */
export const countText = (category: { count: number }) =>
  `${category.count.toLocaleString("en-US")} ${category.count === 1 ? shop.countLabelOne : shop.countLabel}`

/**
 * The journal's articles as the page shows them: those live when the tests run (an article
 * dated later waits for its day: src/content/goLive.ts), newest first by the page's own rule.
 */
export const articlesNewestFirst: readonly Article[] = newestFirst(
  journal.articles.filter((article) => isLive(article.date, Date.now())),
)

/** A text to find exactly inside a regular expression (an address, a label). */
export { escapeRegExp }

/** Matches a page address at the end of the URL, after the server's port: `:9100/shop`. */
export const urlOf = (path: string) => new RegExp(`:\\d+${escapeRegExp(path)}$`)
