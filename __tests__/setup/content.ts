import errors from "../../data/errors.json"
import site from "../../data/site.json"
import { fillPlaceholders } from "../../src/content/placeholders"

/** A content file with {product}, {partner} and {email} resolved, as the GraphQL layer serves it. */
export function filled<T>(content: T): T {
  if (typeof content === "string") return fillPlaceholders(content, site) as T
  if (Array.isArray(content)) return content.map(filled) as T
  if (content && typeof content === "object") {
    return Object.fromEntries(
      Object.entries(content).map(([key, value]) => [key, filled(value)]),
    ) as T
  }
  return content
}

/** What the site's static queries return: the real settings and error texts from data/. */
export const staticQueryData = { siteJson: filled(site), errorsJson: filled(errors) }
