import sharp from "sharp"

/**
 * gatsby-plugin-sharp encodes AVIF with sharp's default effort (4) and offers no option for it,
 * and AVIF was most of a cold build's image jobs. The jobs run in Gatsby's own process, so
 * gatsby-node importing this module gives them another default. Measured on the pictures in
 * data/images at 480 and 1440 px, quality 50 (docs/decisions.md): effort 4, 59.0 s of encoding,
 * 313 KB, PSNR 43.65 dB; effort 3, 23.1 s, 329 KB (+5 %), 43.00 dB. An effort the caller passes
 * still wins. __tests__/avifEffort.test.ts fails if the plugin's encoding no longer gets it.
 */
export const AVIF_EFFORT = 3

type AvifOptions = Parameters<sharp.Sharp["avif"]>[0]

const encodeAvif = sharp.prototype.avif as (this: sharp.Sharp, options?: AvifOptions) => sharp.Sharp

sharp.prototype.avif = function avifWithEffort(this: sharp.Sharp, options?: AvifOptions) {
  return encodeAvif.call(this, { effort: AVIF_EFFORT, ...options })
}
