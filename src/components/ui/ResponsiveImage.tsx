import { css } from "@emotion/react"
import { graphql } from "gatsby"
import type { IGatsbyImageData } from "gatsby-plugin-image"

/** A picture from data/ as the fragments below return it; null where the file is missing. */
export type ContentImage =
  | { readonly childImageSharp: { readonly gatsbyImageData: IGatsbyImageData } | null }
  | null
  | undefined

export function imageData(file: ContentImage): IGatsbyImageData | undefined {
  return file?.childImageSharp?.gatsbyImageData
}

const picture = css`
  display: block;
`

const img = css`
  display: block;
  width: 100%;
  height: auto;
  /* The blurred placeholder is the image's own background until the image paints over it. */
  background-size: cover;
  background-position: center;
`

const filling = css`
  position: absolute;
  inset: 0;
  img {
    height: 100%;
    object-fit: cover;
  }
`

interface ResponsiveImageProps {
  /** gatsby-plugin-image's data for the slot: AVIF and WebP sources, sizes and the placeholder. */
  image: IGatsbyImageData
  alt: string
  /** The first screen's image: fetched at once with high priority instead of lazily. */
  priority?: boolean
  /** Cover the positioned parent (a hero behind text) instead of flowing at its own ratio. */
  fill?: boolean
  /** Which part of the picture to keep when `fill` crops it, as CSS `object-position`. */
  objectPosition?: string
  /**
   * How wide the picture is drawn, where that is not its fragment's `sizes`: a banner's picture
   * set in the page's column (`containerImageSizes`). The browser fetches its file by this.
   */
  sizes?: string
  className?: string
}

/**
 * The image that gatsby-plugin-image processed at build time, as a plain `<picture>`.
 * Its `GatsbyImage` component would do the same with a hydration step that adds about 26 KB of
 * JavaScript (react-dom/server among it) to every page with an image, and lazy-loading markup the
 * HTML checker rejects; the browser's own `loading="lazy"` needs neither.
 */
export function ResponsiveImage({
  image,
  alt,
  priority = false,
  fill = false,
  objectPosition,
  sizes,
  className,
}: ResponsiveImageProps) {
  const { sources = [], fallback } = image.images
  const placeholder = image.placeholder?.fallback
  // A full-width image gives its size as a ratio (1 × 0.625); the attributes want whole pixels
  // and only reserve the space, so a ratio scaled up serves as well.
  const scale = image.layout === "fullWidth" ? 1000 : 1
  // React 18 has no `fetchPriority` prop; it passes an attribute it does not know by its written name.
  const priorityHint = priority ? { fetchpriority: "high" } : {}
  return (
    <picture css={[picture, fill && filling]} className={className}>
      {sources.map((source) => (
        <source
          key={source.type}
          type={source.type}
          srcSet={source.srcSet}
          sizes={sizes ?? source.sizes}
        />
      ))}
      <img
        css={img}
        src={fallback?.src}
        srcSet={fallback?.srcSet}
        sizes={sizes ?? fallback?.sizes}
        width={Math.round(image.width * scale)}
        height={Math.round(image.height * scale)}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        {...priorityHint}
        style={{
          backgroundImage: placeholder ? `url("${placeholder}")` : undefined,
          backgroundColor: image.backgroundColor,
          objectPosition,
        }}
      />
    </picture>
  )
}

/**
 * Image sizes used across the site. Each slot's image is named in data/ and processed here at
 * build time: AVIF and WebP, responsive widths and a blurred placeholder. `sizes` tells the
 * browser how wide the slot is drawn, so that it fetches the smallest file that fills it: in em,
 * as the layout's breakpoints (src/theme/tokens.ts), so they follow the visitor's text size.
 */
export const imageFragments = graphql`
  fragment PortraitCardImage on File {
    childImageSharp {
      gatsbyImageData(
        width: 560
        aspectRatio: 0.8
        placeholder: BLURRED
        formats: [AUTO, WEBP, AVIF]
        breakpoints: [320, 480, 560, 840, 1120]
        sizes: "(min-width: 72em) 22.5em, (min-width: 48em) 45vw, 92vw"
      )
    }
  }
  fragment LandscapeCardImage on File {
    childImageSharp {
      gatsbyImageData(
        width: 640
        aspectRatio: 1.5
        placeholder: BLURRED
        formats: [AUTO, WEBP, AVIF]
        breakpoints: [320, 480, 640, 960, 1200]
        sizes: "(min-width: 72em) 22.5em, (min-width: 48em) 45vw, 92vw"
      )
    }
  }
  fragment BannerImage on File {
    childImageSharp {
      gatsbyImageData(
        layout: FULL_WIDTH
        placeholder: BLURRED
        formats: [AUTO, WEBP, AVIF]
        breakpoints: [480, 768, 1080, 1440, 1920, 2400]
      )
    }
  }
`
