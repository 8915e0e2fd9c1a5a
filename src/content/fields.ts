/**
 * The building blocks of the content model. One description of each field serves three readers:
 * the JSON Schema that checks data/ before a build (./jsonSchema.ts), the plain-English problem
 * report (./checkContent.ts) and the CMS's editing form (../cms/config.ts). Labels and hints are
 * written for the marketing staff who read them in the CMS.
 */

interface FieldBase {
  /** The key in the JSON file. */
  name: string
  /** What the CMS calls the field. */
  label: string
  /** A line of help under the field in the CMS. */
  hint?: string
  /** May be left out or empty; the site then simply leaves it out. */
  optional?: boolean
}

export interface TextField extends FieldBase {
  kind: "text"
  /** A paragraph rather than one line. */
  multiline?: boolean
  /** The most characters the layout has room for ({product} etc. count as written). */
  maxLength: number
  /** False where the text is used as it is, so {product} would show literally. */
  placeholders?: boolean
  format?: "email" | "url"
}

export interface WholeNumberField extends FieldBase {
  kind: "wholeNumber"
  minimum: number
  maximum: number
}

export interface YesNoField extends FieldBase {
  kind: "yesNo"
}

/** A calendar date, kept as YYYY-MM-DD text. */
export interface DateField extends FieldBase {
  kind: "date"
}

export interface ChoiceField extends FieldBase {
  kind: "choice"
  options: readonly string[]
}

/** A picture in data/images, named relative to the data file: images/name.jpg. */
export interface ImageField extends FieldBase {
  kind: "image"
}

/** A link to one of the site's own pages. */
export interface PageLinkField extends FieldBase {
  kind: "pageLink"
}

/** A page's own address: kept in the file but not offered for editing (the routes are fixed). */
export interface PageAddressField extends FieldBase {
  kind: "pageAddress"
}

export interface GroupField extends FieldBase {
  kind: "group"
  fields: readonly Field[]
}

export interface ListField extends FieldBase {
  kind: "list"
  /** One entry, as messages and the CMS's "Add …" button name it: "category". */
  itemLabel: string
  fields: readonly Field[]
  minItems: number
  maxItems?: number
}

export interface TextListField extends FieldBase {
  kind: "textList"
  itemLabel: string
  multiline?: boolean
  maxLength: number
  minItems: number
  maxItems?: number
}

export type Field =
  | TextField
  | WholeNumberField
  | YesNoField
  | DateField
  | ChoiceField
  | ImageField
  | PageLinkField
  | PageAddressField
  | GroupField
  | ListField
  | TextListField

/** One JSON file in data/ and how it is edited. */
export interface ContentFile {
  /** data/<name>.json; also the CMS collection's name. */
  name: string
  label: string
  /** Shown above the file in the CMS. */
  description: string
  fields: readonly Field[]
}

type Options<F extends FieldBase> = Partial<Omit<F, "kind" | "name" | "label" | "fields">>

// Short builders keep the model readable: text("title", "Browser tab title", { maxLength: 60 }).
export const text = (
  name: string,
  label: string,
  options: Options<TextField> & { maxLength: number },
): TextField => ({ kind: "text", name, label, ...options })

export const paragraph = (
  name: string,
  label: string,
  options: Options<TextField> & { maxLength: number },
): TextField => ({ kind: "text", name, label, multiline: true, ...options })

export const wholeNumber = (
  name: string,
  label: string,
  options: Options<WholeNumberField> & { minimum: number; maximum: number },
): WholeNumberField => ({ kind: "wholeNumber", name, label, ...options })

export const yesNo = (
  name: string,
  label: string,
  options: Options<YesNoField> = {},
): YesNoField => ({
  kind: "yesNo",
  name,
  label,
  ...options,
})

export const date = (name: string, label: string, options: Options<DateField> = {}): DateField => ({
  kind: "date",
  name,
  label,
  ...options,
})

export const choice = (
  name: string,
  label: string,
  options: Options<ChoiceField> & { options: readonly string[] },
): ChoiceField => ({ kind: "choice", name, label, ...options })

export const image = (
  name: string,
  label: string,
  options: Options<ImageField> = {},
): ImageField => ({
  kind: "image",
  name,
  label,
  ...options,
})

export const pageLink = (
  name: string,
  label: string,
  options: Options<PageLinkField> = {},
): PageLinkField => ({ kind: "pageLink", name, label, ...options })

export const pageAddress = (name: string, label: string): PageAddressField => ({
  kind: "pageAddress",
  name,
  label,
})

export const group = (
  name: string,
  label: string,
  fields: readonly Field[],
  options: Options<GroupField> = {},
): GroupField => ({ kind: "group", name, label, fields, ...options })

export const list = (
  name: string,
  label: string,
  fields: readonly Field[],
  options: Options<ListField> & { itemLabel: string; minItems: number },
): ListField => ({ kind: "list", name, label, fields, ...options })

export const textList = (
  name: string,
  label: string,
  options: Options<TextListField> & { itemLabel: string; maxLength: number; minItems: number },
): TextListField => ({ kind: "textList", name, label, ...options })

/** The field of a list entry that names it in messages and in the CMS's collapsed list. */
export function entryNameField(fields: readonly Field[]): string | undefined {
  return ["title", "name", "label"].find((name) =>
    fields.some((field) => field.name === name && field.kind === "text"),
  )
}

/** Image formats sharp turns into the site's AVIF, WebP and JPEG sizes. */
export const imageExtensions = ["jpg", "jpeg", "png", "webp", "avif"] as const

/** Folder of the pictures, relative to data/, as the JSON names them (images/foo.jpg). */
export const imageFolder = "images"
