import type { IGatsbyImageData } from "gatsby-plugin-image"
import type { ContentShape, Field } from "../../content/fields"
import { fillPlaceholders, type PlaceholderValues } from "../../content/placeholders"
import { isRecord } from "../../utils/json"

export interface ImageSize {
  width: number
  height: number
}

/**
 * A picture as the site's queries return it: `childImageSharp` for the pages' ResponsiveImage,
 * `publicURL` for the site settings. In the CMS the file is shown as it is, at its own proportions.
 */
export interface PreviewImage {
  publicURL: string
  childImageSharp: { gatsbyImageData: IGatsbyImageData } | null
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

/** A picture field still empty in the form: the pages show no picture for it. */
const noImage: PreviewImage = { publicURL: "", childImageSharp: null }

/** How a file's values become what the pages get: pictures resolved, names filled in. */
export interface Conversion {
  image: ResolveImage
  placeholders: PlaceholderValues
}

/** One field's value as the page's query returns it, whatever the form holds so far. */
function convertField(field: Field, value: unknown, conversion: Conversion): unknown {
  // A field the editor has not filled in yet: nothing for an optional one, as GraphQL gives.
  if (field.optional && (value === undefined || value === null || value === "")) return null
  switch (field.kind) {
    case "text":
      return typeof value === "string" ? fillPlaceholders(value, conversion.placeholders) : ""
    case "choice":
    case "date":
    case "pageLink":
    case "pageAddress":
      return typeof value === "string" ? value : ""
    case "wholeNumber":
      return typeof value === "number" ? value : 0
    case "yesNo":
      return value === true
    case "image":
      return typeof value === "string" && value !== "" ? conversion.image(value) : noImage
    case "textList":
      return Array.isArray(value)
        ? value
            .filter((item): item is string => typeof item === "string")
            .map((item) => fillPlaceholders(item, conversion.placeholders))
        : []
    case "group":
      return convertFields(field.fields, value, conversion)
    case "list":
      return Array.isArray(value)
        ? value.map((item) => convertFields(field.fields, item, conversion))
        : []
  }
}

function convertFields(fields: readonly Field[], value: unknown, conversion: Conversion) {
  const source = isRecord(value) ? value : {}
  return Object.fromEntries(
    fields.map((field) => [field.name, convertField(field, source[field.name], conversion)]),
  )
}

/**
 * An entry as the page's GraphQL query would return it, made with the same model that checks the
 * data: {product} and friends filled in (as gatsby-node does), pictures resolved, and every field
 * present, empty if the editor has not filled it in yet, so the pages can render it.
 */
export function convertEntry<Fields extends readonly Field[]>(
  fields: Fields,
  value: unknown,
  conversion: Conversion,
): ContentShape<Fields, PreviewImage> {
  // The one place the preview's data meets its type: built field by field, above, from the same
  // model the type is derived from.
  return convertFields(fields, value, conversion) as ContentShape<Fields, PreviewImage>
}

/** The three names every text may refer to, from site settings. */
export function placeholderValues(site: unknown): PlaceholderValues {
  const source = isRecord(site) ? site : {}
  const text = (key: string) => {
    const value = source[key]
    return typeof value === "string" ? value : ""
  }
  return {
    brandName: text("brandName"),
    partnerName: text("partnerName"),
    contactEmail: text("contactEmail"),
  }
}
