import type { Formatter } from "decap-cms-core"
import type { ContentFile, Field } from "../content/fields"
import { contentFiles } from "../content/model"
import { isRecord } from "../utils/json"

/** The format name the collections use (src/cms/config.ts) and cms.tsx registers. */
export const jsonFileFormat = "json-file"

/**
 * JSON written exactly as data/ holds it: two-space indents, a final newline (Decap's own "json"
 * format leaves it out, which would show every save as a change to the last line), and the keys
 * in the content model's order. Decap holds an entry in Immutable maps, which keep the order of
 * at most 8 keys: without this, a one-field save of a larger object (site.json, contact.json…)
 * moved most of its lines, and the draft's changes could not be read in review.
 */
export const jsonFileFormatter: Formatter = {
  fromFile: (content) => JSON.parse(content) as unknown,
  toFile: (data) => {
    const file = isRecord(data) ? modelFileOf(data) : undefined
    return `${JSON.stringify(file ? inModelOrder(data, file.fields) : data, null, 2)}\n`
  },
}

/** The model's file the data is of (Decap hands `toFile` the data alone): every key its field's. */
function modelFileOf(data: Record<string, unknown>): ContentFile | undefined {
  const keys = Object.keys(data)
  return contentFiles.find((file) => {
    const names = new Set(file.fields.map((field) => field.name))
    return (
      keys.every((key) => names.has(key)) &&
      file.fields.every((field) => field.optional || field.name in data)
    )
  })
}

/** An object's keys in its fields' order, within groups and list entries too; others after. */
function inModelOrder(value: unknown, fields: readonly Field[]): unknown {
  if (!isRecord(value)) return value
  const ordered: Record<string, unknown> = {}
  for (const field of fields) {
    if (!(field.name in value)) continue
    const item = value[field.name]
    ordered[field.name] =
      field.kind === "group"
        ? inModelOrder(item, field.fields)
        : field.kind === "list" && Array.isArray(item)
          ? item.map((entry) => inModelOrder(entry, field.fields))
          : item
  }
  for (const [key, item] of Object.entries(value)) if (!(key in ordered)) ordered[key] = item
  return ordered
}
