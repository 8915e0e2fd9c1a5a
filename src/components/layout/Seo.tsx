import type { ReactNode } from "react"
import { usePreviewSite } from "../../hooks/usePreviewSite"
import { useSiteSettings } from "../../hooks/useSiteSettings"
import { colors } from "../../theme/tokens"

export type Settings = ReturnType<typeof useSiteSettings>
export type JsonLd = Record<string, unknown>

interface SeoProps {
  title: string
  description: string
  path: string
  /**
   * For pages that must not be indexed (the 404): no canonical address, `noindex`. Every page of
   * a preview of a draft is so.
   */
  noindex?: boolean
  /** schema.org descriptions of the page, each written as a JSON-LD script. */
  structuredData?: JsonLd[]
  children?: ReactNode
}

const absolute = (path: string, site: Settings) => new URL(path, site.siteUrl).href

/** The head of every page, through Gatsby's Head API. */
export function Seo({
  title,
  description,
  path,
  noindex,
  structuredData = [],
  children,
}: SeoProps) {
  const site = useSiteSettings()
  const hidden = usePreviewSite() !== undefined || noindex
  const fullTitle = path === "/" ? `${site.brandName} | ${title}` : `${title} | ${site.brandName}`
  const url = absolute(path, site)
  const shareImage = site.shareImage.publicURL ? absolute(site.shareImage.publicURL, site) : null
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {hidden ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      <meta name="theme-color" content={colors.accent} />
      <meta property="og:site_name" content={site.brandName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:type" content="website" />
      <meta property="og:locale" content="en_GB" />
      {shareImage && <meta property="og:image" content={shareImage} />}
      {shareImage && <meta property="og:image:alt" content={site.shareImageAlt} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      {shareImage && <meta name="twitter:image" content={shareImage} />}
      {structuredData.map((data, index) => (
        <script key={index} type="application/ld+json">
          {JSON.stringify({ "@context": "https://schema.org", ...data })}
        </script>
      ))}
      {children}
    </>
  )
}

/** The boutique as schema.org knows it: for the home page and as the publisher elsewhere. */
export function organization(site: Settings): JsonLd {
  return {
    "@type": "ClothingStore",
    name: site.brandName,
    slogan: site.tagline,
    description: site.description,
    url: absolute("/", site),
    email: site.contactEmail,
    ...(site.icon.publicURL && { logo: absolute(site.icon.publicURL, site) }),
    ...(site.shareImage.publicURL && { image: absolute(site.shareImage.publicURL, site) }),
  }
}

export function breadcrumbs(title: string, path: string, site: Settings): JsonLd {
  return {
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: site.brandName, item: absolute("/", site) },
      { "@type": "ListItem", position: 2, name: title, item: absolute(path, site) },
    ],
  }
}
