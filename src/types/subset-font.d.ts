// subset-font ships no types: the one call the build makes (src/build/fontSubsets.ts).
declare module "subset-font" {
  interface SubsetOptions {
    targetFormat?: "sfnt" | "woff" | "woff2" | "truetype"
    /** OpenType feature tags to keep; without it, every feature is kept. */
    keepFeatures?: string[]
    /** Each axis pinned to a value, or cut to a range; the axes not named are kept whole. */
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>
  }
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: SubsetOptions,
  ): Promise<Buffer>
}
