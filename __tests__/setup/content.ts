import errors from "../../data/errors.json"
import site from "../../data/site.json"
import { fillAllPlaceholders } from "../../src/content/placeholders"

/** A content file with {product}, {partner} and {email} resolved, as the GraphQL layer serves it. */
export function filled<T>(content: T): T {
  return fillAllPlaceholders(content, site)
}

/** What the site's static queries return: the real settings and error texts from data/. */
export const staticQueryData = { siteJson: filled(site), errorsJson: filled(errors) }
