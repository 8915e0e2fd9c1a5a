import type { PreviewTemplateComponentProps } from "decap-cms-core"
import type { PageProps } from "gatsby"
import { useCallback, type ReactElement } from "react"
import { ErrorScreen } from "../../components/ErrorScreen"
import type { ContentFile } from "../../content/fields"
import { contentFiles } from "../../content/model"
import NotFoundPage from "../../pages/404"
import { savedContent } from "../savedContent"
import { pageTemplates, queryField } from "./pageTemplates"
import type { ErrorTexts, SharedContent, SiteSettings } from "./PreviewContent"
import { PreviewFrame } from "./PreviewFrame"
import { convertFields, placeholderValues, type Conversion } from "./previewData"
import { useImageResolver } from "./useImageResolver"

function model(name: string): ContentFile {
  const file = contentFiles.find((candidate) => candidate.name === name)
  if (!file) throw new Error(`The content model has no file "${name}"`)
  return file
}

/** A file as it is saved in data/, converted like the entry being edited. */
function saved(name: keyof typeof savedContent, conversion: Conversion) {
  return convertFields(model(name).fields, savedContent[name], conversion)
}

// The 404 page reads nothing but the address from its page props.
const notFoundProps = { location: { pathname: "/404" } } as unknown as PageProps

/**
 * The page the file shows on, and its address (for the menu's current link). A template's query
 * may also read site settings (the sign-up page names the contact address), as `siteJson`.
 */
function previewBody(
  fileName: string,
  entry: Record<string, unknown>,
  conversion: Conversion,
  site: SiteSettings,
): { path: string; page: ReactElement } {
  const Template = pageTemplates[fileName]
  if (Template) {
    const path = typeof entry.path === "string" ? entry.path : "/"
    return {
      path,
      page: <Template data={{ [queryField(fileName)]: entry, [queryField("site")]: site }} />,
    }
  }
  if (fileName === "errors") {
    const texts = entry as unknown as ErrorTexts
    return {
      path: "/404",
      page: (
        <>
          <NotFoundPage {...notFoundProps} />
          <ErrorScreen texts={texts.unexpected} message="" />
        </>
      ),
    }
  }
  // Site settings show around the home page.
  const Home = pageTemplates.home
  if (!Home) throw new Error("No home page template")
  const home = saved("home", conversion)
  return {
    path: "/",
    page: <Home data={{ [queryField("home")]: home, [queryField("site")]: site }} />,
  }
}

/**
 * The preview of one data file: the site's own templates and components with the entry being
 * edited, inside the site's frame. Site settings and error texts come from the entry when that is
 * the file being edited, otherwise from data/ as it was when the CMS was built.
 */
export function createFilePreview(file: ContentFile) {
  function FilePreview({ entry, getAsset, document }: PreviewTemplateComponentProps) {
    const urlOf = useCallback((path: string) => getAsset(path).toString(), [getAsset])
    const image = useImageResolver(urlOf)
    const data: unknown = entry.get("data")?.toJS()
    const conversion: Conversion = {
      image,
      placeholders: placeholderValues(file.name === "site" ? data : savedContent.site),
    }
    const converted = convertFields(file.fields, data, conversion)
    // The converted entries have the shape the site's queries return (the model is the schema).
    const shared: SharedContent = {
      site: (file.name === "site"
        ? converted
        : saved("site", conversion)) as unknown as SiteSettings,
      errors: (file.name === "errors"
        ? converted
        : saved("errors", conversion)) as unknown as ErrorTexts,
    }
    const { path, page } = previewBody(file.name, converted, conversion, shared.site)
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
