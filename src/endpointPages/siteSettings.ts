import site from "../../data/site.json"
import { fillAllPlaceholders } from "../content/placeholders"

/**
 * The boutique's settings as the site's header and footer show them (data/site.json, names
 * filled in as gatsby-node fills them for the pages' queries), read straight from the file: the
 * endpoints have no Gatsby data layer. Bundled into each endpoint when the site is built.
 */
export const siteSettings = fillAllPlaceholders(site, site)
