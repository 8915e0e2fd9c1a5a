import { css } from "@emotion/react"
import type { IGatsbyImageData } from "gatsby-plugin-image"

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
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        css={img}
        src={fallback?.src}
        srcSet={fallback?.srcSet}
        sizes={fallback?.sizes}
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
