/**
 * The JSON Schema's check (Ajv, the schema made from the model by ../jsonSchema.ts) and its errors
 * in plain words: what is wrong and what was found.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv"
import addFormats from "ajv-formats"
import { imageFolder, type ContentFile, type Field } from "../fields"
import { jsonSchema } from "../jsonSchema"
import { fieldName, shown, type Place } from "./places"

const ajv = new Ajv({ allErrors: true, verbose: true, strict: true })
addFormats(ajv, ["date", "email", "uri"])
const validators = new Map<string, ValidateFunction>()

export function validatorFor(file: ContentFile): ValidateFunction {
  let validate = validators.get(file.name)
  if (!validate) {
    validate = ajv.compile(jsonSchema(file))
    validators.set(file.name, validate)
  }
  return validate
}

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

export function schemaMessage(error: ErrorObject, place: Place): SchemaMessage {
  const got = `, got ${shown(error.data)}`
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case "required": {
      const missing = String(params.missingProperty)
      const field = place.fields?.find((candidate) => candidate.name === missing)
      return { subject: field ? fieldName(field) : `'${missing}'`, message: "is missing" }
    }
    case "additionalProperties":
      return {
        subject: `'${String(params.additionalProperty)}'`,
        present: true,
        message: "is not a field the site knows: check its spelling, or remove it",
      }
    case "type": {
      // A number in quotes: "24" is a text to JSON.
      const quotedNumber =
        (params.type === "integer" || params.type === "number") &&
        typeof error.data === "string" &&
        /^\s*-?\d+(\.\d+)?\s*$/.test(error.data)
      const words = typeWords[String(params.type)] ?? String(params.type)
      return { message: `must be ${words}${quotedNumber ? " (without quotes)" : ""}${got}` }
    }
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

export const pointerSegments = (pointer: string): string[] =>
  pointer === ""
    ? []
    : pointer
        .slice(1)
        .split("/")
        .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"))
