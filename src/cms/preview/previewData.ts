import type { IGatsbyImageData } from "gatsby-plugin-image"
import type { Field } from "../../content/fields"
import { fillPlaceholders, type PlaceholderValues } from "../../utils/placeholders"

export interface ImageSize {
  width: number
  height: number
}

/**
 * A picture as the site's queries return it: `childImageSharp` for the templates' ResponsiveImage,
 * `publicURL` for the site settings. In the CMS the file is shown as it is, at its own proportions.
 */
export interface PreviewImage {
  publicURL: string
  childImageSharp: { gatsbyImageData: IGatsbyImageData }
}

/** Turns a path from the JSON (images/home-hero.jpg) into the picture the preview shows. */
export type ResolveImage = (path: string) => PreviewImage

// Until the browser knows a picture's size, the portrait shape of most of the site's cards.
const assumedSize: ImageSize = { width: 4, height: 5 }

export function previewImage(url: string, size: ImageSize = assumedSize): PreviewImage {
  return {
    publicURL: url,
    childImageSharp: {
      gatsbyImageData: {
        // The picture as it is, at its natural size in pixels.
        layout: "constrained",
        width: size.width,
        height: size.height,
        images: { fallback: { src: url } },
      },
    },
  }
}

/** How a file's values become what the templates get: pictures resolved, names filled in. */
export interface Conversion {
  image: ResolveImage
  placeholders: PlaceholderValues
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

function fill(value: unknown, placeholders: PlaceholderValues): unknown {
  return typeof value === "string" ? fillPlaceholders(value, placeholders) : value
}

function convertField(field: Field, value: unknown, conversion: Conversion): unknown {
  switch (field.kind) {
    case "text":
      return fill(value, conversion.placeholders)
    case "textList":
      return Array.isArray(value) ? value.map((item) => fill(item, conversion.placeholders)) : []
    case "image":
      return typeof value === "string" && value !== "" ? conversion.image(value) : null
    case "group":
      return convertFields(field.fields, value, conversion)
    case "list":
      return Array.isArray(value)
        ? value.map((item) => convertFields(field.fields, item, conversion))
        : []
    default:
      return value
  }
}

/**
 * An entry as the page's GraphQL query would return it, made with the same model that checks the
 * data: {product} and friends filled in (as gatsby-node does), pictures resolved, and a list or
 * group still being filled in present, if empty, so the components can render it.
 */
export function convertFields(
  fields: readonly Field[],
  value: unknown,
  conversion: Conversion,
): Record<string, unknown> {
  const source = isRecord(value) ? value : {}
  return Object.fromEntries(
    fields.map((field) => [field.name, convertField(field, source[field.name], conversion)]),
  )
}

/** The three names every text may refer to, from site settings. */
export function placeholderValues(site: unknown): PlaceholderValues {
  const source = isRecord(site) ? site : {}
  const text = (key: string) => (typeof source[key] === "string" ? source[key] : "")
  return {
    brandName: text("brandName"),
    partnerName: text("partnerName"),
    contactEmail: text("contactEmail"),
  }
}
