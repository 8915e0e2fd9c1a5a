import sharp from "sharp"

/**
 * How the build encodes AVIF, most of a cold build's image jobs. gatsby-plugin-sharp encodes at
 * sharp's default effort (4) with full-resolution colour (4:4:4), and has an option for neither.
 * The jobs run in Gatsby's own process, so gatsby-node importing this module gives sharp other
 * defaults; the quality is the plugin's own option (`defaults.avifOptions`, gatsby-config.ts).
 *
 * Measured with sharp on the pictures of data/images at 480 and 1120 px (docs/decisions.md, "A
 * cold build faster"), against the effort 3, 4:4:4, quality 50 used before: effort 2 with colour
 * at half the resolution each way (4:2:0, as WebP and JPEG have it) and quality 55 takes 39 % less
 * processor time, keeps the brightness detail (luma PSNR 43.77 dB, was 43.81) and makes 4.5 %
 * more bytes. In the build: the image jobs 30–35 → 21–24 s, every AVIF 696 → 727 KB.
 * __tests__/avifEncoding.test.ts fails if the plugin's encoding no longer gets these.
 */
export const AVIF_EFFORT = 2
export const AVIF_CHROMA_SUBSAMPLING = "4:2:0"
export const AVIF_QUALITY = 55

type AvifOptions = Parameters<sharp.Sharp["avif"]>[0]

const encodeAvif = sharp.prototype.avif as (this: sharp.Sharp, options?: AvifOptions) => sharp.Sharp

/** Options the caller names still win. */
sharp.prototype.avif = function avifForTheSite(this: sharp.Sharp, options?: AvifOptions) {
  return encodeAvif.call(this, {
    effort: AVIF_EFFORT,
    chromaSubsampling: AVIF_CHROMA_SUBSAMPLING,
    ...options,
  })
}
