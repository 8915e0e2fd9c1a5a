import about from "../../data/about.json"
import affiliate from "../../data/affiliate.json"
import contact from "../../data/contact.json"
import errors from "../../data/errors.json"
import home from "../../data/home.json"
import journal from "../../data/journal.json"
import shop from "../../data/shop.json"
import site from "../../data/site.json"
import type { ContentFile } from "../content/fields"
import { isPageFile, type PageChoice } from "./config"

/**
 * data/ as it was when the CMS was built: the page addresses the link menus offer (the routes are
 * fixed), and the site settings and error texts the previews of the other files show around the
 * page being edited.
 */
export const savedContent = { about, affiliate, contact, errors, home, journal, shop, site }

export type SavedSiteSettings = typeof site
export type SavedErrorTexts = typeof errors

/** Every page, by the label marketing staff know it by, for the "leads to" menus. */
export function pageChoices(files: readonly ContentFile[]): PageChoice[] {
  return files.filter(isPageFile).map((file) => {
    const saved: unknown = savedContent[file.name as keyof typeof savedContent]
    const path = (saved as { path?: unknown } | undefined)?.path
    if (typeof path !== "string") throw new Error(`data/${file.name}.json has no page address`)
    return { label: file.label, path }
  })
}
