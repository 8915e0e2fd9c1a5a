import type { IGatsbyImageData } from "gatsby-plugin-image"

/** An image slot from data/ as the fragments in src/queries/imageFragments.ts return it. */
export type ContentImage =
  | { readonly childImageSharp: { readonly gatsbyImageData: IGatsbyImageData } | null }
  | null
  | undefined

export function imageData(file: ContentImage): IGatsbyImageData | undefined {
  return file?.childImageSharp?.gatsbyImageData
}
