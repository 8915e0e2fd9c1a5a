/**
 * Naming places in a file as the staff find them in the CMS: fields by their label in the editor
 * and their key in the file, Number of pieces ('count'); list entries as "category 3 (Bottoms)",
 * counted from 1 and named by their title, name or label.
 */
import { entryNameField, type ContentFile, type Field } from "../fields"
import { isRecord } from "../../utils/json"

/** A field as the staff find it: its label in the editor, then its key in the file. */
export const fieldName = (field: Pick<Field, "label" | "name">) =>
  `${field.label} ('${field.name}')`

/** A value as a person would recognise it in a message. */
export function shown(value: unknown): string {
  if (value === undefined) return "nothing"
  if (value === null) return "null (nothing)"
  if (typeof value === "string") {
    return JSON.stringify(value.length > 50 ? `${value.slice(0, 47)}…` : value)
  }
  if (Array.isArray(value)) return "a list [ … ]"
  if (typeof value === "object") return "a group of fields { … }"
  return String(value)
}

export function entryName(fields: readonly Field[], entry: unknown): string {
  const key = entryNameField(fields)
  const name = key && isRecord(entry) ? entry[key] : undefined
  if (typeof name !== "string" || name.trim() === "") return ""
  return ` (${name.length > 40 ? `${name.slice(0, 37)}…` : name})`
}

export interface Place {
  /** Display names of the enclosing places, outermost first; the last one is the subject. */
  where: string[]
  /** The model field at the place, if the place is a field. */
  field?: Field
  /** The list whose entry the place is, if the place is a list entry. */
  entryOf?: Field & { kind: "list" | "textList" }
  /** The model's fields of the group, entry or file at the place. */
  fields?: readonly Field[]
}

/**
 * Walks the model along a JSON pointer's segments. Fields show as Label ('key'), list entries as
 * "category 3 (Bottoms)" in place of the list's own name.
 */
export function placeOf(file: ContentFile, data: unknown, segments: readonly string[]): Place {
  const where: string[] = []
  let fields: readonly Field[] | undefined = file.fields
  let value = data
  let place: Place = { where, fields }
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
      place = { where, entryOf: list, fields }
      continue
    }
    const field = fields?.find((candidate) => candidate.name === segment)
    where.push(field ? fieldName(field) : `'${segment}'`)
    fields = field?.kind === "group" ? field.fields : undefined
    value = isRecord(value) ? value[segment] : undefined
    place = { where, field, fields }
  }
  return place
}

/** Only the subject keeps its key: Hero: Headline ('headline'), not Hero ('hero'): Headline ('headline'). */
export const tidyWhere = (where: readonly string[]): string[] =>
  where.map((part, index) =>
    index < where.length - 1
      ? part.replace(/^(.+) \('[^']*'\)$/, "$1").replace(/^'(.*)'$/, "$1")
      : part,
  )
