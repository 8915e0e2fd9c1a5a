import type { ComponentType } from "react"
import AboutPage from "../../templates/about"
import AffiliatePage from "../../templates/affiliate"
import ContactPage from "../../templates/contact"
import HomePage from "../../templates/home"
import JournalPage from "../../templates/journal"
import ShopPage from "../../templates/shop"

/** What a template gets in the preview: its query's result, `{ homeJson: … }`. */
export type PreviewTemplate = ComponentType<{ data: Record<string, unknown> }>

// The templates read nothing but `data` from Gatsby's page props.
const previewable = (template: ComponentType<never>) => template as unknown as PreviewTemplate

/** The site's own page templates, by data file. */
export const pageTemplates: Readonly<Record<string, PreviewTemplate>> = {
  about: previewable(AboutPage),
  affiliate: previewable(AffiliatePage),
  contact: previewable(ContactPage),
  home: previewable(HomePage),
  journal: previewable(JournalPage),
  shop: previewable(ShopPage),
}

/** The field a template's query returns the file under: data/home.json is `homeJson`. */
export const queryField = (fileName: string) => `${fileName}Json`
