import { graphql, useStaticQuery } from "gatsby"

/**
 * Whether this build is a preview of a draft (SITE_PREVIEW, src/previews/previewSite.ts, read by
 * gatsby-config.ts into the site's metadata): its pages ask search engines not to index them.
 */
export function usePreviewSite(): boolean {
  const data = useStaticQuery<Queries.PreviewSiteQuery>(graphql`
    query PreviewSite {
      site {
        siteMetadata {
          preview
        }
      }
    }
  `)
  return data.site?.siteMetadata?.preview === true
}
