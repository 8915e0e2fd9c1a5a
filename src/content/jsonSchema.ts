import type { SchemaObject } from "ajv"
import { imageExtensions, imageFolder, type ContentFile, type Field } from "./fields"

/** Something other than spaces: a required text may not be empty. */
const notBlankPattern = "\\S"

/** images/name.jpg: a file straight in data/images, in a format sharp can process. */
export const imagePathPattern = `^${imageFolder}/[^/\\\\]+\\.(${imageExtensions.join("|")})$`

/** A page's address: "/" or "/shop". */
const pagePathPattern = "^/([a-z0-9-]+)?$"

function fieldSchema(field: Field): SchemaObject {
  const title = field.label
  switch (field.kind) {
    case "text":
      return {
        title,
        type: "string",
        maxLength: field.maxLength,
        ...(field.optional ? {} : { pattern: notBlankPattern }),
        ...(field.format === "email" ? { format: "email" } : {}),
        ...(field.format === "url" ? { format: "uri", pattern: "^https?://" } : {}),
      }
    case "wholeNumber":
      return { title, type: "integer", minimum: field.minimum, maximum: field.maximum }
    case "yesNo":
      return { title, type: "boolean" }
    case "date":
      return { title, type: "string", format: "date" }
    case "choice":
      // Which texts are allowed depends on the file's own list: checkContent compares the two.
      return { title, type: "string", pattern: notBlankPattern }
    case "image":
      return { title, type: "string", pattern: imagePathPattern }
    case "pageLink":
    case "pageAddress":
      return { title, type: "string", pattern: pagePathPattern }
    case "group":
      return objectSchema(title, field.fields)
    case "list":
      return {
        title,
        type: "array",
        items: objectSchema(field.itemLabel, field.fields),
        minItems: field.minItems,
        ...(field.maxItems === undefined ? {} : { maxItems: field.maxItems }),
      }
    case "textList":
      return {
        title,
        type: "array",
        items: {
          title: field.itemLabel,
          type: "string",
          maxLength: field.maxLength,
          pattern: notBlankPattern,
        },
        minItems: field.minItems,
        ...(field.maxItems === undefined ? {} : { maxItems: field.maxItems }),
      }
  }
}

function objectSchema(title: string, fields: readonly Field[]): SchemaObject {
  return {
    title,
    type: "object",
    properties: Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])),
    required: fields.filter((field) => !field.optional).map((field) => field.name),
    additionalProperties: false,
  }
}

/** The JSON Schema (draft-07, as Ajv reads by default) of one data file. */
export function jsonSchema(file: ContentFile): SchemaObject {
  return {
    $id: `https://www.evergrace.example/schemas/${file.name}.json`,
    ...objectSchema(file.label, file.fields),
    description: file.description,
  }
}
