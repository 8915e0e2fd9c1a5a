/**
 * Checks every file in data/ before Gatsby builds anything, and says what is wrong in words the
 * marketing staff who edit the content understand: the file, the entry (counted from 1 and named),
 * the field, what is wrong and what was found. It collects every problem, not just the first.
 * Used by gatsby-node (onPreInit) and by `npm run check-content`.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv"
import addFormats from "ajv-formats"
import {
  findNodeAtLocation,
  parseTree,
  printParseErrorCode,
  type Node as JsonNode,
  type ParseError,
} from "jsonc-parser"
import fs from "node:fs"
import path from "node:path"
import {
  entryNameField,
  imageFolder,
  type ChoiceField,
  type ContentFile,
  type Field,
} from "../fields"
import { imagePathPattern, jsonSchema } from "../jsonSchema"
import { contentFiles, pageFiles } from "../model"
import { knownPlaceholders } from "../placeholders"
import { isRecord } from "../../utils/json"

export interface ContentProblem {
  /** As the person will find it: data/shop.json */
  file: string
  /** Where in the file, outermost first: ["category 3 (Bottoms)", "'count'"]. Empty for the whole file. */
  where: string[]
  message: string
  /** 1-based, when known. */
  line?: number
  column?: number
}

export function describeProblem(problem: ContentProblem): string {
  const place = problem.where.length > 0 ? problem.where.join(": ") : "the file"
  const position = problem.line
    ? ` (line ${problem.line}${problem.column ? `, column ${problem.column}` : ""})`
    : ""
  return `${problem.file}: ${place} ${problem.message}${position}`
}

/** The report printed when the check fails: every problem, one a line, then what to do. */
export function formatProblems(
  problems: readonly ContentProblem[],
  consequence = "so the site was not built (the live site is unchanged)",
): string {
  const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`
  return [
    `The content in data/ has ${count}, ${consequence}:`,
    "",
    ...problems.map((problem) => `  • ${describeProblem(problem)}`),
    "",
    "Fix these in the CMS (or in the files) and try again.",
  ].join("\n")
}

const ajv = new Ajv({ allErrors: true, verbose: true, strict: true })
addFormats(ajv, ["date", "email", "uri"])
const validators = new Map<string, ValidateFunction>()

function validatorFor(file: ContentFile): ValidateFunction {
  let validate = validators.get(file.name)
  if (!validate) {
    validate = ajv.compile(jsonSchema(file))
    validators.set(file.name, validate)
  }
  return validate
}

// ---------------------------------------------------------------------------------------------
// Naming places in a file

/** A value as a person would recognise it in a message. */
function shown(value: unknown): string {
  if (value === undefined) return "nothing"
  if (value === null) return "null (nothing)"
  if (typeof value === "string") {
    return JSON.stringify(value.length > 50 ? `${value.slice(0, 47)}…` : value)
  }
  if (Array.isArray(value)) return "a list [ … ]"
  if (typeof value === "object") return "a group of fields { … }"
  return String(value)
}

function entryName(fields: readonly Field[], entry: unknown): string {
  const key = entryNameField(fields)
  const name = key && isRecord(entry) ? entry[key] : undefined
  if (typeof name !== "string" || name.trim() === "") return ""
  return ` (${name.length > 40 ? `${name.slice(0, 37)}…` : name})`
}

interface Place {
  /** Display names of the enclosing places, outermost first; the last one is the subject. */
  where: string[]
  /** The model field at the place, if the place is a field. */
  field?: Field
  /** The list whose entry the place is, if the place is a list entry. */
  entryOf?: Field & { kind: "list" | "textList" }
}

/**
 * Walks the model along a JSON pointer's segments. Fields show as 'key', list entries as
 * "category 3 (Bottoms)" in place of the list's own key.
 */
function placeOf(file: ContentFile, data: unknown, segments: readonly string[]): Place {
  const where: string[] = []
  let fields: readonly Field[] | undefined = file.fields
  let value = data
  let place: Place = { where }
  for (const segment of segments) {
    const list =
      place.field?.kind === "list" || place.field?.kind === "textList" ? place.field : undefined
    if (list && /^\d+$/.test(segment)) {
      const item: unknown = Array.isArray(value) ? value[Number(segment)] : undefined
      where.pop()
      where.push(
        `${list.itemLabel} ${Number(segment) + 1}${list.kind === "list" ? entryName(list.fields, item) : ""}`,
      )
      fields = list.kind === "list" ? list.fields : undefined
      value = item
      place = { where, entryOf: list }
      continue
    }
    const field = fields?.find((candidate) => candidate.name === segment)
    where.push(`'${segment}'`)
    fields = field?.kind === "group" ? field.fields : undefined
    value = isRecord(value) ? value[segment] : undefined
    place = { where, field }
  }
  return place
}

/** Only the subject keeps its quotes: hero: 'headline', not 'hero': 'headline'. */
const tidyWhere = (where: readonly string[]): string[] =>
  where.map((part, index) => (index < where.length - 1 ? part.replace(/^'(.*)'$/, "$1") : part))

// ---------------------------------------------------------------------------------------------
// Schema errors in plain words

const typeWords: Record<string, string> = {
  string: "text in double quotes",
  integer: "a whole number",
  number: "a number",
  boolean: "true or false (without quotes)",
  array: "a list [ … ]",
  object: "a group of fields { … }",
}

function plural(count: number, noun: string): string {
  return count === 1 ? `1 ${noun}` : `${count} ${noun.replace(/([^aeiou])y$/, "$1ie")}s`
}

function patternWords(field: Field | undefined, listItem: boolean): string {
  if (listItem || field?.kind === "text" || field?.kind === "textList") {
    if (field?.kind === "text" && field.format === "url")
      return "must be a web address starting with https://"
    return "must not be empty"
  }
  switch (field?.kind) {
    case "image":
      return `must name a picture in data/${imageFolder} as ${imageFolder}/name.jpg (or .jpeg, .png, .webp, .avif)`
    case "pageLink":
    case "pageAddress":
      return "must be a page's address, such as /shop"
    default:
      return "is not written the way it should be"
  }
}

interface SchemaMessage {
  message: string
  /** A field named by the error rather than by its path (missing or unknown fields). */
  subject?: string
  /** That field is in the file: point at it rather than at its group. */
  present?: boolean
}

function schemaMessage(error: ErrorObject, place: Place): SchemaMessage {
  const got = `, got ${shown(error.data)}`
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case "required":
      return { subject: `'${String(params.missingProperty)}'`, message: "is missing" }
    case "additionalProperties":
      return {
        subject: `'${String(params.additionalProperty)}'`,
        present: true,
        message: "is not a field the site knows: check its spelling, or remove it",
      }
    case "type":
      return { message: `must be ${typeWords[String(params.type)] ?? String(params.type)}${got}` }
    case "maxLength": {
      const length = typeof error.data === "string" ? error.data.length : 0
      return {
        message: `is too long: at most ${plural(Number(params.limit), "character")} fit there, got ${length}`,
      }
    }
    case "pattern":
      return { message: `${patternWords(place.field, Boolean(place.entryOf))}${got}` }
    case "format":
      if (params.format === "date") {
        return { message: `must be a date written YYYY-MM-DD, such as 2025-09-30${got}` }
      }
      if (params.format === "email") {
        return { message: `must be an e-mail address, such as hello@example.com${got}` }
      }
      return { message: `must be a web address starting with https://${got}` }
    case "minimum":
      return { message: `must be at least ${String(params.limit)}${got}` }
    case "maximum":
      return { message: `must be at most ${String(params.limit)}${got}` }
    case "minItems":
    case "maxItems": {
      const list =
        place.field?.kind === "list" || place.field?.kind === "textList" ? place.field : undefined
      const noun = list?.itemLabel ?? "entry"
      const count = Array.isArray(error.data) ? error.data.length : 0
      const limit = Number(params.limit)
      return {
        message:
          error.keyword === "minItems"
            ? `needs at least ${plural(limit, noun)}, got ${count}`
            : `has room for at most ${plural(limit, noun)}, got ${count}`,
      }
    }
    default:
      return { message: `${error.message ?? "is not valid"}${got}` }
  }
}

const pointerSegments = (pointer: string): string[] =>
  pointer === ""
    ? []
    : pointer
        .slice(1)
        .split("/")
        .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"))

// ---------------------------------------------------------------------------------------------
// Checks a schema cannot express

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

interface Walker {
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
  const label = list?.label ?? field.from
  const choices = options.filter((option): option is string => typeof option === "string")
  walker.report(
    segments,
    `is ${shown(value)}, which is not in '${label}': choose one of ${choices.map(shown).join(", ")}, or add it to '${label}' first`,
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

function checkImage(value: string, segments: string[], walker: Walker) {
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
  }
}

/** Names that should differ within one list: the site tells entries apart by them. */
function checkDuplicates(field: Field, items: unknown[], segments: string[], walker: Walker) {
  const key = field.kind === "list" ? entryNameField(field.fields) : undefined
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
        `is the same as ${field.itemLabel} ${first + 1}: give each ${field.itemLabel} its own ${field.kind === "list" ? `'${key}'` : "text"}`,
      )
    }
  })
}

function walk(fields: readonly Field[], data: unknown, segments: string[], walker: Walker) {
  if (!isRecord(data)) return
  for (const field of fields) {
    const value = data[field.name]
    const here = [...segments, field.name]
    switch (field.kind) {
      case "text":
        if (typeof value === "string") checkText(value, field, here, walker)
        break
      case "image":
        if (typeof value === "string") checkImage(value, here, walker)
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
            `leads to ${value}, which is not a page of the site: choose one of ${[...walker.pagePaths].join(", ")}`,
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

// ---------------------------------------------------------------------------------------------
// Reading the files

const parseErrorWords: Record<string, string> = {
  InvalidSymbol: 'has a character JSON does not allow here (texts need straight double quotes ")',
  InvalidNumberFormat: "has a number written wrongly here",
  PropertyNameExpected:
    "needs a field name in double quotes here (is there a comma too many before this point?)",
  ValueExpected: "needs a value here (is there a comma too many, or a value missing?)",
  ColonExpected: "needs a colon : after the field name here",
  CommaExpected: "is missing a comma , before this point",
  CloseBraceExpected: "is missing a closing } here",
  CloseBracketExpected: "is missing a closing ] here",
  EndOfFileExpected: "should end here, but more text follows",
  InvalidCommentToken: "has a comment, which JSON does not allow",
  UnexpectedEndOfComment: "has a comment that is never closed",
  UnexpectedEndOfString: 'has a text that is missing its closing double quote "',
  UnexpectedEndOfNumber: "has a number that is cut off here",
  InvalidUnicode: "has a \\u character code written wrongly here",
  InvalidEscapeCharacter:
    "has a backslash \\ that JSON does not allow here (write \\\\ for one backslash)",
  InvalidCharacter: "has a line break or tab inside a text, which JSON does not allow",
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split("\n")
  return { line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 }
}

interface ParsedFile {
  file: ContentFile
  display: string
  text: string
  tree: JsonNode
  data: unknown
}

function readFile(
  file: ContentFile,
  dataDir: string,
  displayDir: string,
  problems: ContentProblem[],
): ParsedFile | undefined {
  const display = `${displayDir}/${file.name}.json`
  const fullPath = path.join(dataDir, `${file.name}.json`)
  if (!fs.existsSync(fullPath)) {
    problems.push({ file: display, where: [], message: "is missing: the site needs it" })
    return undefined
  }
  const text = fs.readFileSync(fullPath, "utf8")
  if (text.trim() === "") {
    problems.push({ file: display, where: [], message: "is empty" })
    return undefined
  }
  const errors: ParseError[] = []
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false })
  const first = errors[0]
  if (first || !tree) {
    const offset = first?.offset ?? 0
    const { line, column } = lineAndColumn(text, offset)
    const words = first ? parseErrorWords[printParseErrorCode(first.error)] : undefined
    problems.push({
      file: display,
      where: [],
      message: `is not valid JSON: it ${words ?? "cannot be read here"}`,
      line,
      column,
    })
    return undefined
  }
  try {
    // jsonc-parser locates problems; JSON.parse has the last word on what is valid JSON.
    return { file, display, text, tree, data: JSON.parse(text) as unknown }
  } catch (error) {
    problems.push({
      file: display,
      where: [],
      message: `is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    })
    return undefined
  }
}

/** Where a JSON pointer's value starts in the file (or its nearest existing parent). */
function offsetOf(tree: JsonNode, segments: readonly string[]): number {
  for (let length = segments.length; length >= 0; length -= 1) {
    const pathSegments = segments
      .slice(0, length)
      .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment))
    const node = findNodeAtLocation(tree, pathSegments)
    if (node) return node.parent?.type === "property" ? node.parent.offset : node.offset
  }
  return 0
}

interface CheckOptions {
  /** How file names are shown; "data" unless the files are elsewhere (tests). */
  displayDir?: string
}

/** Every problem in the content files under dataDir; an empty list when all is well. */
export function checkContent(dataDir: string, options: CheckOptions = {}): ContentProblem[] {
  const displayDir = options.displayDir ?? "data"
  const problems: ContentProblem[] = []

  const parsed = contentFiles
    .map((file) => readFile(file, dataDir, displayDir, problems))
    .filter((file): file is ParsedFile => file !== undefined)

  // The pages' own addresses, which every link must lead to.
  const pagePaths = new Map<string, string>()
  const allPagesRead = pageFiles.every((page) => parsed.some(({ file }) => file.name === page.name))
  for (const { file, data, display } of parsed) {
    if (!pageFiles.includes(file) || !isRecord(data)) continue
    if (typeof data.path !== "string") continue
    const other = pagePaths.get(data.path)
    if (other) {
      problems.push({
        file: display,
        where: ["'path'"],
        message: `is ${data.path}, the same address as ${other}: each page needs its own`,
      })
    } else {
      pagePaths.set(data.path, display)
    }
  }

  for (const { file, display, text, tree, data } of parsed) {
    const fileProblems: { offset: number; problem: ContentProblem }[] = []
    const add = (segments: string[], message: string, subject?: string, at = segments) => {
      const { where } = placeOf(file, data, segments)
      const offset = offsetOf(tree, at)
      fileProblems.push({
        offset,
        problem: {
          file: display,
          where: tidyWhere(subject ? [...where, subject] : where),
          message,
          line: lineAndColumn(text, offset).line,
        },
      })
    }

    const validate = validatorFor(file)
    if (!validate(data)) {
      for (const error of validate.errors ?? []) {
        const segments = pointerSegments(error.instancePath)
        const { subject, message, present } = schemaMessage(error, placeOf(file, data, segments))
        const key = (error.params as { additionalProperty?: string }).additionalProperty
        add(segments, message, subject, present && key ? [...segments, key] : segments)
      }
    }
    walk(file.fields, data, [], {
      report: (segments, message) => add(segments, message),
      file,
      data,
      dataDir,
      // With a page file unreadable the list is incomplete: links are checked once it reads again.
      pagePaths: allPagesRead ? new Set(pagePaths.keys()) : new Set(),
    })
    // In the order a person reads the file, each once (a value can break two rules the same way).
    fileProblems.sort((a, b) => a.offset - b.offset)
    const seen = new Set<string>()
    for (const { problem } of fileProblems) {
      const description = describeProblem(problem)
      if (!seen.has(description)) problems.push(problem)
      seen.add(description)
    }
  }

  const known = new Set(contentFiles.map((file) => `${file.name}.json`))
  for (const name of fs.existsSync(dataDir) ? fs.readdirSync(dataDir).sort() : []) {
    if (name.endsWith(".json") && !known.has(name)) {
      problems.push({
        file: `${displayDir}/${name}`,
        where: [],
        message:
          "is not used by the site: remove it, or ask a developer to add it to the content model",
      })
    }
  }
  // File by file, in the order of the model.
  const order = (problem: ContentProblem) => {
    const index = contentFiles.findIndex((file) => problem.file.endsWith(`/${file.name}.json`))
    return index === -1 ? contentFiles.length : index
  }
  return problems
    .map((problem, index) => ({ problem, index }))
    .sort((a, b) => order(a.problem) - order(b.problem) || a.index - b.index)
    .map(({ problem }) => problem)
}
