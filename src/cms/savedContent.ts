import about from "../../data/about.json"
import affiliate from "../../data/affiliate.json"
import contact from "../../data/contact.json"
import errors from "../../data/errors.json"
import home from "../../data/home.json"
import journal from "../../data/journal.json"
import membership from "../../data/membership.json"
import privacy from "../../data/privacy.json"
import shop from "../../data/shop.json"
import site from "../../data/site.json"
import { contentModel, isPageName, pageNames, type ContentName } from "../content/model"
import type { PageChoice } from "./config"

/**
 * data/ as it was when the CMS was built: the page addresses the link menus offer (the routes are
 * fixed), and the site settings and error texts the previews of the other files show around the
 * page being edited.
 */
export const savedContent = {
  about,
  affiliate,
  contact,
  errors,
  home,
  journal,
  membership,
  privacy,
  shop,
  site,
} satisfies Record<ContentName, unknown>

/** Every page, by the label marketing staff know it by, for the "leads to" menus. */
export function pageChoices(): PageChoice[] {
  return pageNames.map((name) => ({
    label: contentModel[name].label,
    path: savedContent[name].path,
  }))
}

/**
 * The page that shows a file, as the preview frames it and as a preview of the built site opens
 * it ("View preview"): a page file's own; the error texts' 404 page; the members' e-mails' sign-up
 * page, where they start; the site settings' home page.
 */
export function pageShowing(name: ContentName): string {
  if (isPageName(name)) return savedContent[name].path
  if (name === "errors") return "/404"
  if (name === "membership") return savedContent.contact.path
  return savedContent.home.path
}
