/**
 * Checks a schema cannot express: the placeholders in texts, that each picture is in data/images
 * and is a picture (./pictures.ts, which reads the files), that a choice is one of its list's
 * texts, that a link leads to a page of the site, and that the entries of a list are not named
 * twice.
 *
 * Nothing here reads a file, so the CMS runs the same checks in the browser on the entry being
 * saved (src/cms/saveCheck.ts), before Save commits what the build would refuse.
 */
import {
  entryNameField,
  type ChoiceField,
  type ContentFile,
  type Field,
  type ImageField,
} from "../fields"
import { knownPlaceholders } from "../placeholders"
import { isRecord } from "../../utils/json"
import { fieldName, shown } from "./places"

export interface Walker {
  report: (segments: string[], message: string) => void
  /**
   * What is wrong with the picture a field names (./pictures.ts: in data/images, a picture, not
   * too large), or undefined. In the CMS (./checkEntry.ts), only the pictures uploaded to the
   * entry are judged: the others are in the repository, which the browser cannot read.
   */
  checkPicture?: (value: string, field: ImageField) => string | undefined
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
        if (typeof value === "string") {
          const problem = walker.checkPicture?.(value, field)
          if (problem) walker.report(here, problem)
        }
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
