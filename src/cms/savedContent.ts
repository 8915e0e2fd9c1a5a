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
import { contentModel, pageNames, type ContentName } from "../content/model"
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
