import { graphql, useStaticQuery } from "gatsby"

/** The boutique's settings from data/site.json: names, navigation, footer texts. */
export function useSiteSettings() {
  const data = useStaticQuery<Queries.SiteSettingsQuery>(graphql`
    query SiteSettings {
      siteJson {
        brandName
        tagline
        contactEmail
        siteUrl
        description
        shareImage {
          publicURL
        }
        shareImageAlt
        icon {
          publicURL
        }
        skipLinkLabel
        navigationLabel
        menuButtonLabel
        navigation {
          label
          path
        }
        footer {
          contactHeading
          navigationHeading
          copyright
          privacyLink {
            label
            path
          }
        }
      }
    }
  `)
  if (!data.siteJson) throw new Error("data/site.json is missing")
  return data.siteJson
}
