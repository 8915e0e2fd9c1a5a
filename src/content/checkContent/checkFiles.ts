/**
 * Reads every content file (a file that cannot be read or parsed is a problem too, with its line
 * and column) and runs the checks on it: the schema's, then those beyond it. checkContent() is the
 * check that gatsby-node and `npm run check-content` run.
 */
import {
  findNodeAtLocation,
  parseTree,
  printParseErrorCode,
  type Node as JsonNode,
  type ParseError,
} from "jsonc-parser"
import fs from "node:fs"
import path from "node:path"
import { type ContentFile } from "../fields"
import { contentFiles, pageFiles } from "../model"
import { isRecord } from "../../utils/json"
import { walk } from "./beyondSchema"
import { checkPicture } from "./pictures"
import { placeOf, tidyWhere } from "./places"
import { uniqueProblems, type ContentProblem } from "./problems"
import { pointerSegments, schemaMessage, validatorFor } from "./schemaErrors"
import { errorMessage } from "../../utils/errorMessage"

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
  // Some editors on Windows save an invisible mark first, which JSON does not allow (nor Gatsby).
  if (text.startsWith("\uFEFF")) {
    problems.push({
      file: display,
      where: [],
      message:
        "starts with an invisible mark (a byte-order mark, which some editors add): save it again as UTF-8 without it",
      line: 1,
      column: 1,
    })
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
      message: `is not valid JSON: ${errorMessage(error)}`,
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
  for (const { file, data, display, text, tree } of parsed) {
    if (!pageFiles.includes(file) || !isRecord(data)) continue
    if (typeof data.path !== "string") continue
    const other = pagePaths.get(data.path)
    if (other) {
      problems.push({
        file: display,
        where: placeOf(file, data, ["path"]).where,
        message: `is ${data.path}, the same address as ${other}: each page needs its own`,
        line: lineAndColumn(text, offsetOf(tree, ["path"])).line,
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
      checkPicture: (value, field) => checkPicture(value, field, dataDir),
      // With a page file unreadable the list is incomplete: links are checked once it reads again.
      pagePaths: allPagesRead ? new Set(pagePaths.keys()) : new Set(),
    })
    // In the order a person reads the file, each once.
    fileProblems.sort((a, b) => a.offset - b.offset)
    problems.push(...uniqueProblems(fileProblems.map(({ problem }) => problem)))
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
