import type { PreviewTemplateComponentProps } from "decap-cms-core"
import { useCallback, type ReactElement } from "react"
import AboutPage from "../../components/about/AboutPage"
import AffiliatePage from "../../components/affiliate/AffiliatePage"
import ContactPage from "../../components/contact/ContactPage"
import { ErrorScreen } from "../../components/layout/ErrorScreen"
import HomePage from "../../components/home/HomePage"
import JournalPage from "../../components/journal/JournalPage"
import NotFoundPage from "../../components/notFound/NotFoundPage"
import PrivacyPage from "../../components/privacy/PrivacyPage"
import ShopPage from "../../components/shop/ShopPage"
import type { ContentFile } from "../../content/fields"
import { contentModel, isPageName, type ContentName, type PageName } from "../../content/model"
import { pageShowing, savedContent } from "../savedContent"
import type { SharedContent } from "./PreviewContent"
import { PreviewFrame } from "./PreviewFrame"
import { convertEntry, placeholderValues, type Conversion } from "./previewData"
import { useImageResolver } from "./useImageResolver"

/**
 * Each page file's preview: the site's own page component, given the entry as its template's
 * query would (`data.page`). The entry is converted with that file's model, whose type the page
 * component's props must accept: a page that reads a field the model lacks fails the typecheck.
 */
export const pagePreviews: {
  [Name in PageName]: (entry: unknown, conversion: Conversion) => ReactElement
} = {
  home: (entry, conversion) => (
    <HomePage data={{ page: convertEntry(contentModel.home.fields, entry, conversion) }} />
  ),
  shop: (entry, conversion) => (
    <ShopPage data={{ page: convertEntry(contentModel.shop.fields, entry, conversion) }} />
  ),
  about: (entry, conversion) => (
    <AboutPage data={{ page: convertEntry(contentModel.about.fields, entry, conversion) }} />
  ),
  journal: (entry, conversion) => (
    <JournalPage data={{ page: convertEntry(contentModel.journal.fields, entry, conversion) }} />
  ),
  affiliate: (entry, conversion) => (
    <AffiliatePage
      data={{ page: convertEntry(contentModel.affiliate.fields, entry, conversion) }}
    />
  ),
  contact: (entry, conversion) => (
    <ContactPage data={{ page: convertEntry(contentModel.contact.fields, entry, conversion) }} />
  ),
  privacy: (entry, conversion) => (
    <PrivacyPage data={{ page: convertEntry(contentModel.privacy.fields, entry, conversion) }} />
  ),
}

/** The page the file shows on, and its address (for the menu's current link). */
function previewBody(
  name: ContentName,
  entry: unknown,
  conversion: Conversion,
  shared: SharedContent,
): { path: string; page: ReactElement } {
  const path = pageShowing(name)
  if (isPageName(name)) return { path, page: pagePreviews[name](entry, conversion) }
  if (name === "errors") {
    return {
      path,
      page: (
        <>
          <NotFoundPage location={{ pathname: path }} />
          <ErrorScreen texts={shared.errors.unexpected} message="" />
        </>
      ),
    }
  }
  // Site settings show around the home page as it is saved.
  return { path, page: pagePreviews.home(savedContent.home, conversion) }
}

/**
 * The preview of one data file: the site's own pages and components with the entry being edited,
 * inside the site's frame. Site settings and error texts come from the entry when that is the file
 * being edited, otherwise from data/ as it was when the CMS was built.
 */
export function createFilePreview(file: ContentFile & { name: ContentName }) {
  function FilePreview({ entry, getAsset, document }: PreviewTemplateComponentProps) {
    const urlOf = useCallback((path: string) => getAsset(path).toString(), [getAsset])
    const image = useImageResolver(urlOf)
    const data: unknown = entry.get("data")?.toJS()
    const editing = (name: ContentName) => (file.name === name ? data : savedContent[name])
    const conversion: Conversion = { image, placeholders: placeholderValues(editing("site")) }
    const shared: SharedContent = {
      site: convertEntry(contentModel.site.fields, editing("site"), conversion),
      errors: convertEntry(contentModel.errors.fields, editing("errors"), conversion),
    }
    const { path, page } = previewBody(file.name, data, conversion, shared)
    return (
      <PreviewFrame
        frameDocument={document}
        currentPath={path}
        shared={shared}
        renderKey={JSON.stringify(data ?? null)}
      >
        {page}
      </PreviewFrame>
    )
  }
  FilePreview.displayName = `${file.name}Preview`
  return FilePreview
}
