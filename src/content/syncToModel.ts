/**
 * Brings a folder of content files in line with the content model after the model changed, without
 * changing the values it holds: what `npm run fixture:sync` does to the launch content
 * (__tests__/fixtures/launch-content), whose values are the spec's.
 *
 * - A value that still fits its field is kept as it is, in its place in the file.
 * - A field the model no longer has is removed; so is a file the model no longer has.
 * - A field the model requires that the folder lacks is added with the value the source (data/)
 *   has in the same place (a list entry is found by its title, name or label, else by its
 *   position), else with the model's own default (false for a yes/no); a group is built field by
 *   field. A file the folder lacks is copied from the source whole.
 * - A value of the wrong kind (text where the model now wants a group, say) is replaced with the
 *   source's. A value of the right kind that breaks a limit (too long, too few entries) is kept:
 *   the content check names it, and a person decides, as it is the launch's.
 * - A picture the added values name is copied from the source's images/ if the folder lacks it.
 *
 * Optional fields are never added: the launch content did not have them. Every change is returned,
 * with its file and place named as the content check names them.
 */
import fs from "node:fs"
import path from "node:path"
import { entryNameField, imageFolder, type ContentFile, type Field } from "./fields"
import { imagePathPattern } from "./jsonSchema"
import { contentFiles } from "./model"
import { entryName, shown, tidyWhere } from "./checkContent/places"
import { isRecord } from "../utils/json"
import { errorMessage } from "../utils/errorMessage"

export interface SyncChange {
  /** The file, as the folder names it: home.json */
  file: string
  /** Where in the file, outermost first, as the content check names it. Empty for the whole file. */
  where: string[]
  /** What was done: "was missing: added …". */
  message: string
}

export interface SyncOptions {
  /** Where the values the model now requires come from: data/. */
  sourceDir: string
  /** How the source folder is named in the changes; "data" unless told. */
  sourceName?: string
  /** The model to follow: the site's own unless a test passes a changed one. */
  files?: readonly ContentFile[]
  /** Work out the changes but write nothing. */
  dryRun?: boolean
}

/** Where a value the folder lacks would come from in the source, and how to say so. */
interface Source {
  value: unknown
  /** "data/shop.json", or "data/shop.json's category 3 (Bottoms), by position". */
  name: string
}

interface Context {
  report: (where: string[], message: string) => void
}

const quote = (name: string) => `'${name}'`

/** Whether a value is of the kind the field holds; limits are the content check's business. */
function fits(field: Field, value: unknown): boolean {
  switch (field.kind) {
    case "wholeNumber":
      return Number.isInteger(value)
    case "yesNo":
      return typeof value === "boolean"
    case "group":
      return isRecord(value)
    case "list":
      return Array.isArray(value) && value.every(isRecord)
    case "textList":
      return Array.isArray(value) && value.every((item) => typeof item === "string")
    default:
      return typeof value === "string"
  }
}

/** The source's value of a field, or nothing (in a source file that exists, or none). */
const within = (source: Source | undefined, key: string): Source | undefined =>
  source && { value: isRecord(source.value) ? source.value[key] : undefined, name: source.name }

/** The value for a required field the folder lacks, or undefined (and a report) if there is none. */
function valueFor(
  field: Field,
  source: Source | undefined,
  where: string[],
  context: Context,
): { value: unknown; from: string } | undefined {
  if (source && source.value !== null && fits(field, source.value)) {
    return { value: source.value, from: `added ${shown(source.value)} from ${source.name}` }
  }
  switch (field.kind) {
    case "yesNo":
      return { value: false, from: "added false, the model's default" }
    case "group":
      return {
        value: syncObject(field.fields, {}, source, where, context),
        from: "added, field by field",
      }
    case "list":
    case "textList":
      if (field.minItems === 0) return { value: [], from: "added as an empty list" }
      break
    default:
      break
  }
  const nowhere = source ? `${source.name} has none either` : "there is no source for it"
  context.report(where, `is missing, and ${nowhere}: write it by hand`)
  return undefined
}

/** The source's entry for a list entry: the one of the same name, else the one in its place. */
function sourceEntry(
  field: Field & { kind: "list" },
  entry: Record<string, unknown>,
  index: number,
  source: Source | undefined,
): Source | undefined {
  if (!source || !Array.isArray(source.value))
    return source && { value: undefined, name: source.name }
  const key = entryNameField(field.fields)
  const name = key ? entry[key] : undefined
  const label = (item: unknown, at: number) =>
    `${field.itemLabel} ${at + 1}${entryName(field.fields, item)}`
  if (key && typeof name === "string") {
    const at = source.value.findIndex((item) => isRecord(item) && item[key] === name)
    if (at !== -1) {
      return { value: source.value[at], name: `${source.name}'s ${label(source.value[at], at)}` }
    }
  }
  if (index >= source.value.length) return { value: undefined, name: source.name }
  return {
    value: source.value[index],
    name: `${source.name}'s ${label(source.value[index], index)}, by position`,
  }
}

function syncValue(
  field: Field,
  value: unknown,
  source: Source | undefined,
  where: string[],
  context: Context,
): unknown {
  if (value === null && field.optional) return value
  if (!fits(field, value)) {
    if (source && source.value !== null && fits(field, source.value)) {
      context.report(
        where,
        `was ${shown(value)}, not what the model now holds there: replaced with ${shown(source.value)} from ${source.name}`,
      )
      return source.value
    }
    return value // the content check says what is wrong with it
  }
  switch (field.kind) {
    case "group":
      return syncObject(field.fields, value as Record<string, unknown>, source, where, context)
    case "list":
      return (value as Record<string, unknown>[]).map((entry, index) =>
        syncObject(
          field.fields,
          entry,
          sourceEntry(field, entry, index, source),
          [
            ...where.slice(0, -1),
            `${field.itemLabel} ${index + 1}${entryName(field.fields, entry)}`,
          ],
          context,
        ),
      )
    default:
      return value
  }
}

/**
 * A group of fields (a file, a group, a list entry), its keys in the order they were and an added
 * one after the field the model puts before it, as the CMS would write the file. Its changes are
 * reported in the order of the file, each field's after the field itself.
 */
function syncObject(
  fields: readonly Field[],
  value: Record<string, unknown>,
  source: Source | undefined,
  where: string[],
  context: Context,
): Record<string, unknown> {
  const reports: { key: string; where: string[]; message: string }[] = []
  const about = (key: string): Context => ({
    report: (place, message) => reports.push({ key, where: place, message }),
  })
  const entries: [string, unknown][] = []
  const removed: { key: string; after: string | undefined }[] = []
  for (const [key, inner] of Object.entries(value)) {
    const here = [...where, quote(key)]
    const field = fields.find((candidate) => candidate.name === key)
    if (field) {
      entries.push([key, syncValue(field, inner, within(source, key), here, about(key))])
      continue
    }
    removed.push({ key, after: entries[entries.length - 1]?.[0] })
    about(key).report(here, `is not a field of the model: removed (it was ${shown(inner)})`)
  }
  fields.forEach((field, index) => {
    if (field.optional || Object.hasOwn(value, field.name)) return
    const here = [...where, quote(field.name)]
    const itself = about(field.name)
    const innerReports: [string[], string][] = []
    const added = valueFor(field, within(source, field.name), here, {
      report: (place, message) => innerReports.push([place, message]),
    })
    if (added) {
      const before = fields
        .slice(0, index)
        .map((candidate) => entries.findIndex(([key]) => key === candidate.name))
        .filter((at) => at !== -1)
      entries.splice(before.length > 0 ? Math.max(...before) + 1 : 0, 0, [field.name, added.value])
      itself.report(here, `was missing: ${added.from}`)
    }
    // A group built field by field: its fields' changes after its own.
    innerReports.forEach(([place, message]) => itself.report(place, message))
  })
  /** Where a change shows in the file: at its field, or where the field was or would be. */
  const indexOf = (key: string | undefined) => entries.findIndex(([name]) => name === key)
  const position = (key: string) => {
    if (indexOf(key) !== -1) return indexOf(key)
    const gone = removed.find((entry) => entry.key === key)
    if (gone) return indexOf(gone.after) + 0.5
    const index = fields.findIndex((field) => field.name === key)
    return Math.max(-1, ...fields.slice(0, index).map((field) => indexOf(field.name))) + 0.5
  }
  reports
    .map((report, order) => ({ ...report, order }))
    .sort((a, b) => position(a.key) - position(b.key) || a.order - b.order)
    .forEach((report) => context.report(report.where, report.message))
  return Object.fromEntries(entries)
}

/** The pictures a file's values name, with their places. */
function picturesIn(fields: readonly Field[], value: unknown, where: string[]) {
  const found: { where: string[]; picture: string }[] = []
  if (!isRecord(value)) return found
  for (const field of fields) {
    const inner = value[field.name]
    const here = [...where, quote(field.name)]
    if (field.kind === "image" && typeof inner === "string")
      found.push({ where: here, picture: inner })
    if (field.kind === "group") found.push(...picturesIn(field.fields, inner, here))
    if (field.kind === "list" && Array.isArray(inner)) {
      inner.forEach((entry, index) =>
        found.push(
          ...picturesIn(field.fields, entry, [
            ...where,
            `${field.itemLabel} ${index + 1}${entryName(field.fields, entry)}`,
          ]),
        ),
      )
    }
  }
  return found
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as unknown
  } catch (error) {
    throw new Error(`${file} cannot be read as JSON (${errorMessage(error)}): fix it by hand first`)
  }
}

const jsonText = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

/** Brings the content files in `dir` in line with the model; returns what it changed. */
export function syncToModel(dir: string, options: SyncOptions): SyncChange[] {
  const { sourceDir, sourceName = "data", files = contentFiles, dryRun = false } = options
  const changes: SyncChange[] = []

  for (const file of files) {
    const name = `${file.name}.json`
    const target = path.join(dir, name)
    const sourceFile = path.join(sourceDir, name)
    const report = (where: string[], message: string) =>
      changes.push({ file: name, where: tidyWhere(where), message })

    let content: unknown
    if (fs.existsSync(target)) {
      const before = readJson(target)
      if (!isRecord(before)) {
        report([], "is not a group of fields { … }: fix it by hand")
        continue
      }
      const source = fs.existsSync(sourceFile)
        ? { value: readJson(sourceFile), name: `${sourceName}/${name}` }
        : undefined
      const count = changes.length
      content = syncObject(file.fields, before, source, [], { report })
      if (changes.length > count && !dryRun) fs.writeFileSync(target, jsonText(content))
    } else if (fs.existsSync(sourceFile)) {
      content = readJson(sourceFile)
      if (!dryRun) fs.copyFileSync(sourceFile, target)
      report([], `was missing: copied from ${sourceName}/${name}`)
    } else {
      report([], `is missing, and ${sourceName}/${name} too: write it by hand`)
      continue
    }

    for (const { where, picture } of picturesIn(file.fields, content, [])) {
      const inFolder = path.join(dir, picture)
      const inSource = path.join(sourceDir, picture)
      if (!new RegExp(imagePathPattern).test(picture) || fs.existsSync(inFolder)) continue
      if (!fs.existsSync(inSource)) continue // the content check names it
      if (!dryRun) {
        fs.mkdirSync(path.dirname(inFolder), { recursive: true })
        fs.copyFileSync(inSource, inFolder)
      }
      report(where, `names ${picture}: copied the picture from ${sourceName}/${imageFolder}`)
    }
  }

  const known = new Set(files.map((file) => `${file.name}.json`))
  for (const name of fs.readdirSync(dir).sort()) {
    if (!name.endsWith(".json") || known.has(name)) continue
    if (!dryRun) fs.rmSync(path.join(dir, name))
    changes.push({ file: name, where: [], message: "is not a file of the model: removed" })
  }
  return changes
}

/** The changes file by file, one a line, as `npm run fixture:sync` prints them. */
export function formatSyncChanges(
  changes: readonly SyncChange[],
  displayDir: string,
  { dryRun = false } = {},
): string {
  if (changes.length === 0) return `${displayDir}/ is in line with the content model: no change.`
  const lines = [
    dryRun
      ? `${displayDir}/ is behind the content model; these changes would bring it in line (nothing was written):`
      : `${displayDir}/ brought in line with the content model:`,
  ]
  for (const file of [...new Set(changes.map((change) => change.file))]) {
    lines.push("", `  ${displayDir}/${file}`)
    for (const { where, message } of changes.filter((change) => change.file === file)) {
      lines.push(`    • ${where.length > 0 ? `${where.join(": ")} ` : "the file "}${message}`)
    }
  }
  return lines.join("\n")
}
