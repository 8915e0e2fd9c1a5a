/**
 * Checks a schema cannot express: the placeholders in texts, that each picture is in data/images
 * and is a picture, that a choice is one of its list's texts, that a link leads to a page of the
 * site, and that the entries of a list are not named twice.
 */
import fs from "node:fs"
import path from "node:path"
import {
  entryNameField,
  imageFolder,
  type ChoiceField,
  type ContentFile,
  type Field,
  type ImageField,
} from "../fields"
import { imageSize } from "image-size"
import { imagePathPattern } from "../jsonSchema"
import { pictureLimits } from "../pictureLimits"
import { knownPlaceholders } from "../placeholders"
import { isRecord } from "../../utils/json"
import { fieldName, shown } from "./places"

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

export interface Walker {
  report: (segments: string[], message: string) => void
  dataDir: string
  pagePaths: ReadonlySet<string>
  /** The file's own model and content: a choice's options are one of its lists. */
  file: ContentFile
  data: unknown
}

/** A choice names one of the texts of its file's list `from` (the journal's categories). */
function checkChoice(value: string, field: ChoiceField, segments: string[], walker: Walker) {
  const list = walker.file.fields.find((candidate) => candidate.name === field.from)
  const options = isRecord(walker.data) ? walker.data[field.from] : undefined
  // Without a readable list the schema has already said what is wrong with it.
  if (!Array.isArray(options) || value.trim() === "" || options.includes(value)) return
  const label = list ? fieldName(list) : `'${field.from}'`
  const choices = options.filter((option): option is string => typeof option === "string")
  walker.report(
    segments,
    `is ${shown(value)}, which is not in ${label}: choose one of ${choices.map(shown).join(", ")}, or add it to ${label} first`,
  )
}

const placeholderToken = /\{([^{}]*)\}/g

function checkText(value: string, field: Field | undefined, segments: string[], walker: Walker) {
  const fillable = !(field?.kind === "text" && field.placeholders === false)
  for (const [whole, token] of value.matchAll(placeholderToken)) {
    if (!fillable) {
      walker.report(segments, `cannot use ${whole}: this text is used exactly as written`)
    } else if (!knownPlaceholders.includes(token ?? "")) {
      walker.report(
        segments,
        `uses ${whole}, which the site does not fill in: only {product}, {partner} and {email} are replaced`,
      )
    }
  }
  if (/[{}]/.test(value.replace(placeholderToken, ""))) {
    walker.report(
      segments,
      "has a { or } that is not part of {product}, {partner} or {email}: check the curly brackets",
    )
  }
}

function checkImage(value: string, field: ImageField, segments: string[], walker: Walker) {
  if (!new RegExp(imagePathPattern).test(value)) return // the schema has said what is wrong
  const file = path.join(walker.dataDir, value)
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    walker.report(
      segments,
      `names ${value}, which is not in data/${imageFolder}: check the spelling, or upload the picture`,
    )
  } else if (!pictureFormat(file)) {
    walker.report(
      segments,
      `names ${value}, which is not a JPEG, PNG, WebP or AVIF picture: save it in one of those formats`,
    )
  } else {
    const tooLarge = pictureTooLarge(file, field)
    if (tooLarge) walker.report(segments, `names ${value}, which ${tooLarge}`)
  }
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

/** Names that should differ within one list: the site tells entries apart by them. */
function checkDuplicates(field: Field, items: unknown[], segments: string[], walker: Walker) {
  const key = field.kind === "list" ? entryNameField(field.fields) : undefined
  const nameField = field.kind === "list" ? field.fields.find((f) => f.name === key) : undefined
  const seen = new Map<string, number>()
  items.forEach((item, index) => {
    const name = field.kind === "textList" ? item : isRecord(item) && key ? item[key] : undefined
    if (typeof name !== "string" || name.trim() === "") return
    const first = seen.get(name)
    if (first === undefined) {
      seen.set(name, index)
    } else if (field.kind === "list" || field.kind === "textList") {
      walker.report(
        [...segments, String(index)],
        `is the same as ${field.itemLabel} ${first + 1}: give each ${field.itemLabel} its own ${nameField ? fieldName(nameField) : "text"}`,
      )
    }
  })
}

export function walk(fields: readonly Field[], data: unknown, segments: string[], walker: Walker) {
  if (!isRecord(data)) return
  for (const field of fields) {
    const value = data[field.name]
    const here = [...segments, field.name]
    switch (field.kind) {
      case "text":
        if (typeof value === "string") checkText(value, field, here, walker)
        break
      case "image":
        if (typeof value === "string") checkImage(value, field, here, walker)
        break
      case "choice":
        if (typeof value === "string") checkChoice(value, field, here, walker)
        break
      case "pageLink":
        if (
          typeof value === "string" &&
          walker.pagePaths.size > 0 &&
          !walker.pagePaths.has(value)
        ) {
          walker.report(
            here,
            `is set to ${value}, which is not a page of the site: choose one of ${[...walker.pagePaths].join(", ")}`,
          )
        }
        break
      case "group":
        walk(field.fields, value, here, walker)
        break
      case "list":
        if (Array.isArray(value)) {
          value.forEach((item, index) => walk(field.fields, item, [...here, String(index)], walker))
          checkDuplicates(field, value, here, walker)
        }
        break
      case "textList":
        if (Array.isArray(value)) {
          value.forEach((item, index) => {
            if (typeof item === "string") checkText(item, field, [...here, String(index)], walker)
          })
          checkDuplicates(field, value, here, walker)
        }
        break
      default:
        break
    }
  }
}
