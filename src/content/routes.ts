import fs from "node:fs"
import path from "node:path"
import { pageFiles } from "./model"

/**
 * The site's addresses, read from the content: each page file's `path` in data/. Every test and
 * script that walks the site takes its list from here, so a page added to the content is walked
 * too, and gatsby-node.ts makes the pages at these addresses. Node only (it reads the files).
 */

export interface PageRoute {
  /** The content file: data/<name>.json. */
  name: string
  /** The page's address, as the site links to it: "/" or "/shop". */
  path: string
}

/** An address no page has, to reach the 404 page. */
export const unknownPath = "/no-such-page"

/** Every page of the site, in the content model's order. `dataDir` defaults to ./data. */
export function pageRoutes(dataDir = path.resolve("data")): PageRoute[] {
  return pageFiles.map((file) => {
    const json: unknown = JSON.parse(
      fs.readFileSync(path.join(dataDir, `${file.name}.json`), "utf8"),
    )
    const address = typeof json === "object" && json !== null && "path" in json ? json.path : null
    if (typeof address !== "string") throw new Error(`data/${file.name}.json has no "path"`)
    return { name: file.name, path: address }
  })
}

/** Every page's address, then the 404's: what the audits and the browser tests visit. */
export function siteAddresses(dataDir?: string): string[] {
  return [...pageRoutes(dataDir).map((route) => route.path), unknownPath]
}
