/**
 * The pictures a content file names: each is in data/images, is a picture sharp turns into the
 * site's sizes, and is within the limits (../pictureLimits.ts). Reads the files, so it runs where
 * they are (the build, `npm run check-content`), not in the CMS.
 */
import fs from "node:fs"
import path from "node:path"
import { imageSize } from "image-size"
import { imageFolder, type ImageField } from "../fields"
import { imagePathPattern } from "../jsonSchema"
import { pictureLimits } from "../pictureLimits"

/** Reads a picture's first bytes: is it one of the formats sharp turns into the site's sizes? */
function pictureFormat(file: string): string | undefined {
  const head = Buffer.alloc(64)
  const descriptor = fs.openSync(file, "r")
  try {
    fs.readSync(descriptor, head, 0, head.length, 0)
  } finally {
    fs.closeSync(descriptor)
  }
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg"
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png"
  if (head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WEBP")
    return "webp"
  if (head.toString("latin1", 4, 8) === "ftyp") {
    // AVIF is an ISO box: the brands after "ftyp" say which kind.
    const boxSize = Math.min(head.readUInt32BE(0), head.length)
    for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
      if (["avif", "avis"].includes(head.toString("latin1", offset, offset + 4))) return "avif"
    }
  }
  return undefined
}

/** What is wrong with the picture a field names, relative to dataDir; undefined if nothing. */
export function checkPicture(
  value: string,
  field: ImageField,
  dataDir: string,
): string | undefined {
  if (!new RegExp(imagePathPattern).test(value)) return undefined // the schema has said what is wrong
  const file = path.join(dataDir, value)
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    return `names ${value}, which is not in data/${imageFolder}: check the spelling, or upload the picture`
  }
  if (!pictureFormat(file)) {
    return `names ${value}, which is not a JPEG, PNG, WebP or AVIF picture: save it in one of those formats`
  }
  const tooLarge = pictureTooLarge(file, field)
  return tooLarge ? `names ${value}, which ${tooLarge}` : undefined
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`

/** What is too large about a picture (./pictureLimits.ts) and how to fix it; undefined if nothing. */
function pictureTooLarge(file: string, field: ImageField): string | undefined {
  const data = fs.readFileSync(file)
  const { width = 0, height = 0 } = imageSize(data)
  const { width: widest, megapixels, bytes } = pictureLimits
  const over = width > widest || width * height > megapixels * 1_000_000 || data.length > bytes
  if (!over) return undefined
  // What the editor makes of an upload (src/cms/config.ts): a JPEG this wide, as tall as it
  // keeps the picture's shape; it leaves an AVIF as it is.
  const tooTall = widest * Math.round((widest * height) / width) > megapixels * 1_000_000
  const avif = path.extname(file).toLowerCase() === ".avif"
  const fix = field.asUploaded
    ? `The editor keeps this picture as it is uploaded: make it ${widest} pixels wide (or narrower) in a photo app first`
    : avif
      ? `The editor does not resize AVIF pictures: save it as a JPEG at most ${widest} pixels wide in a photo app, and upload that`
      : tooTall
        ? `It is too tall for its width: crop it in a photo app to at most twice as tall as it is wide, then upload it again in the editor`
        : `Upload it again in the editor, which makes it that size, or make it ${widest} pixels wide (or narrower) in a photo app and save it as a JPEG`
  return [
    `is ${width} × ${height} pixels and ${megabytes(data.length)}: the site shows a picture at most`,
    `${widest} pixels wide, and takes pictures of up to ${megapixels} megapixels and ${megabytes(bytes)}.`,
    fix,
  ].join(" ")
}
