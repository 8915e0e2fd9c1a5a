import sharp from "sharp"
import { pictureLimits } from "../../src/content/pictureLimits"

/** A picture of one colour, `width` × `height`: a photo's pixels in few bytes, quick to encode. */
export const plainPicture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#c9a6a0" } })

/** Gaussian noise over a whole `width` × `height` frame: as many bytes as a picture can take. */
export const noise = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })

/**
 * Grain over a whole `width` × `height` frame, softened by `blur` (in pixels): the finer, the
 * more bytes a JPEG of it takes. scripts/measure-editor-jpeg.ts measures what the editor makes
 * of it.
 */
export async function grain(width: number, height: number, blur: number) {
  const raw = await noise(width, height).raw().toBuffer()
  return sharp(raw, { raw: { width, height, channels: 3 } }).blur(blur)
}

/**
 * The most bytes the editor makes of a photo `width` × `height`: the finest grain measured (a
 * knit or a sequined dress, close up), encoded at its quality. Chromium's canvas, which encodes
 * the editor's uploads, makes a file of the same size from it (docs/cms.md, "Pictures").
 */
export async function detailedPhoto(width: number, height: number) {
  return (await grain(width, height, 0.6)).jpeg({ quality: pictureLimits.quality }).toBuffer()
}
