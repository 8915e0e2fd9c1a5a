import type { usePreviewSite as siteUsePreviewSite } from "../../hooks/usePreviewSite"

/**
 * Stands in for src/hooks/usePreviewSite.ts in the CMS bundle, like ./useSiteSettings.ts: the
 * editor's preview pane is no preview build, and needs no notice saying it is not the live site.
 */
export function usePreviewSite(): ReturnType<typeof siteUsePreviewSite> {
  return undefined
}
