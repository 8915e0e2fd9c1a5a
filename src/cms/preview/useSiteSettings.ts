import { useSharedContent, type SiteSettings } from "./PreviewContent"

/**
 * Stands in for src/hooks/useSiteSettings.ts in the CMS bundle (src/gatsby/cmsWebpack.ts swaps the
 * module): the admin page has no Gatsby static queries, so the preview supplies the settings.
 */
export function useSiteSettings(): SiteSettings {
  return useSharedContent().site
}
