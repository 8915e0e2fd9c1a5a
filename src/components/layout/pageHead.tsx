import { useSiteSettings } from "../../hooks/useSiteSettings"
import { breadcrumbs, Seo, type JsonLd, type Settings } from "./Seo"

// The plumbing between a template (src/templates/) and its page component: the props it passes
// and the page's Head.

interface PageMeta {
  readonly title: string
  readonly description: string
}

/**
 * What a page component gets from its template (src/templates/), whose query names the page's
 * content `page`: `{ page: shopJson { ...ShopPage } }`. The CMS preview renders the same
 * component with the entry being edited.
 */
export interface ContentPageProps<Page> {
  data: { page: Page | null }
}

/**
 * Builds a page component's `Head` export: the title and description from its content. Inner
 * pages get breadcrumbs; `describe` adds the page's own structured data.
 */
export function pageHead<Page extends PageMeta>(
  describe?: (page: Page, site: Settings) => JsonLd[],
) {
  return function Head({
    data: { page },
    location,
  }: ContentPageProps<Page> & { location: { pathname: string } }) {
    const site = useSiteSettings()
    if (!page) return null
    const path = location.pathname
    const structuredData = [
      ...(path === "/" ? [] : [breadcrumbs(page.title, path, site)]),
      ...(describe ? describe(page, site) : []),
    ]
    return (
      <Seo
        title={page.title}
        description={page.description}
        path={path}
        structuredData={structuredData}
      />
    )
  }
}
