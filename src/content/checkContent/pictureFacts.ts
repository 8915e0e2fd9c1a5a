/**
 * What the site asks of a picture's bytes: a format sharp turns into the site's sizes, and within
 * the limits (../pictureLimits.ts). Reads no file: the build hands it a file's bytes
 * (./pictures.ts), and the CMS the bytes of a picture uploaded to the entry being saved
 * (src/cms/saveCheck.ts), so both refuse the same picture in the same words.
 */
import { imageSize } from "image-size"
import { type ImageField } from "../fields"
import { pictureLimits } from "../pictureLimits"

type PictureFormat = "jpeg" | "png" | "webp" | "avif"

export interface PictureFacts {
  /** Read from the first bytes; undefined for anything else (a HEIC, a PDF, an empty file). */
  format?: PictureFormat
  /** True when it starts as a picture but its size cannot be read: cut short, or damaged. */
  damaged?: boolean
  width: number
  height: number
  bytes: number
}

const ascii = (head: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...head.subarray(from, to))

/** Reads a picture's first bytes: is it one of the formats sharp turns into the site's sizes? */
function pictureFormat(head: Uint8Array): PictureFormat | undefined {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg"
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, at) => head[at] === byte))
    return "png"
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "webp"
  if (head.length >= 8 && ascii(head, 4, 8) === "ftyp") {
    // AVIF is an ISO box: the brands after "ftyp" say which kind.
    const boxSize = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(0)
    const end = Math.min(boxSize, head.length, 64)
    for (let offset = 8; offset + 4 <= end; offset += 4) {
      if (["avif", "avis"].includes(ascii(head, offset, offset + 4))) return "avif"
    }
  }
  return undefined
}

/**
 * Whether a picture's bytes reach its format's end: a JPEG's end-of-image marker after its
 * first scan, a PNG's IEND chunk, a WebP's RIFF length. A copy cut short keeps its first bytes,
 * so its size reads well, and sharp refuses it only half-way through the build ("VipsJpeg:
 * Premature end of input file"), in words that name no file. Bytes after the end (a phone's
 * motion photo appends a video to the JPEG) are no fault. AVIF is not looked into.
 */
function reachesItsEnd(format: PictureFormat, data: Uint8Array): boolean {
  if (format === "jpeg") {
    // The segments before the first scan have lengths; inside a scan 0xFF is never followed by
    // 0xD9 but at the end, and an EXIF thumbnail's own end comes before the scan.
    let at = 2
    while (at + 4 <= data.length && data[at] === 0xff && data[at + 1] !== 0xda) {
      at += data[at + 1] === 0xff ? 1 : 2 + ((data[at + 2]! << 8) | data[at + 3]!)
    }
    for (; at + 1 < data.length; at++) if (data[at] === 0xff && data[at + 1] === 0xd9) return true
    return false
  }
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  if (format === "png") {
    // Chunks after the 8-byte signature: length, type, data, CRC, up to IEND.
    for (let at = 8; at + 8 <= data.length; at += 12 + view.getUint32(at)) {
      if (ascii(data, at + 4, at + 8) === "IEND") return true
    }
    return false
  }
  if (format === "webp") return data.length >= 8 && 8 + view.getUint32(4, true) <= data.length
  return true
}

/** A picture's format, size in pixels and bytes. */
export function pictureFacts(data: Uint8Array): PictureFacts {
  const format = pictureFormat(data)
  const facts = { format, width: 0, height: 0, bytes: data.length }
  if (!format) return facts
  try {
    const { width, height } = imageSize(data)
    return { ...facts, width, height, ...(reachesItsEnd(format, data) ? {} : { damaged: true }) }
  } catch {
    // image-size throws on a picture cut short ("Corrupt JPG"): sharp would refuse it too.
    return { ...facts, damaged: true }
  }
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`

/** What is wrong with the picture a field names, in words; undefined if nothing. */
export function pictureProblem(
  value: string,
  facts: PictureFacts,
  field: ImageField,
): string | undefined {
  if (!facts.format) {
    return `names ${value}, which is not a JPEG, PNG, WebP or AVIF picture: save it in one of those formats`
  }
  if (facts.damaged) {
    return `names ${value}, which cannot be read as a picture (the file may be damaged, or cut short in copying): save it again in a photo app, then upload it again`
  }
  const tooLarge = pictureTooLarge(facts, field)
  return tooLarge ? `names ${value}, which ${tooLarge}` : undefined
}

/** What is too large about a picture and how to fix it; undefined if nothing. */
function pictureTooLarge(
  { format, width, height, bytes }: PictureFacts,
  field: ImageField,
): string | undefined {
  const { width: widest, megapixels, bytes: mostBytes } = pictureLimits
  const over = width > widest || width * height > megapixels * 1_000_000 || bytes > mostBytes
  if (!over) return undefined
  // What the editor makes of an upload (src/cms/config.ts): a JPEG no wider than this, a
  // narrower picture kept its width, as tall as keeps the picture's shape; it leaves an AVIF as
  // it is.
  const madeWidth = Math.min(width, widest)
  const tooTall = madeWidth * Math.round((madeWidth * height) / width) > megapixels * 1_000_000
  // Cropping first: an AVIF made a JPEG and uploaded keeps its shape, and is too tall still.
  const crop = `It is too tall for its width: crop it in a photo app to at most twice as tall as it is wide`
  const fix = field.asUploaded
    ? `The editor keeps this picture as it is uploaded: make it at most ${widest} pixels wide and ${megabytes(mostBytes)} in a photo app first`
    : tooTall
      ? format === "avif"
        ? `${crop}, save it as a JPEG, and upload that`
        : `${crop}, then upload it again in the editor`
      : format === "avif"
        ? `The editor does not resize AVIF pictures: save it as a JPEG at most ${widest} pixels wide in a photo app, and upload that`
        : `Upload it again in the editor, which makes it that size, or make it ${widest} pixels wide (or narrower) in a photo app and save it as a JPEG`
  return [
    `is ${width} × ${height} pixels and ${megabytes(bytes)}: the site shows a picture at most`,
    `${widest} pixels wide, and takes pictures of up to ${megapixels} megapixels and ${megabytes(mostBytes)}.`,
    fix,
  ].join(" ")
}
