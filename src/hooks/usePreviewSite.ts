import { graphql, useStaticQuery } from "gatsby"

type PreviewNoticeTexts = NonNullable<
  NonNullable<Queries.PreviewSiteQuery["siteJson"]>["previewNotice"]
>

/**
 * Whether this build is a preview of a draft (SITE_PREVIEW, src/previews/previewSite.ts, read by
 * gatsby-config.ts into the site's metadata): then the notice every page shows at its top
 * (data/site.json's previewNotice), and its pages ask search engines not to index them. On the
 * live site, undefined.
 */
export function usePreviewSite(): { notice: PreviewNoticeTexts } | undefined {
  const data = useStaticQuery<Queries.PreviewSiteQuery>(graphql`
    query PreviewSite {
      site {
        siteMetadata {
          preview
        }
      }
      siteJson {
        previewNotice {
          label
          text
          liveLinkLabel
        }
      }
    }
  `)
  if (data.site?.siteMetadata?.preview !== true) return undefined
  if (!data.siteJson?.previewNotice) throw new Error("data/site.json has no previewNotice")
  return { notice: data.siteJson.previewNotice }
}
