/**
 * The building blocks of the content model. One description of each field serves three readers:
 * the JSON Schema that checks data/ before a build (./jsonSchema.ts), the plain-English problem
 * report (./checkContent/) and the CMS's editing form (../cms/config.ts). Labels and hints are
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
  /** A list entry with this date in the future waits: it is built into the site on that day. */
  goLive?: boolean
}

/**
 * One of the texts of a list in the same file (`from`, a top-level text list): the journal's
 * categories, say, which the staff edit as a list and each article chooses from.
 */
export interface ChoiceField extends FieldBase {
  kind: "choice"
  from: string
}

/** A picture in data/images, named relative to the data file: images/name.jpg. */
export interface ImageField extends FieldBase {
  kind: "image"
  /**
   * Committed exactly as uploaded: the CMS does not resize it (the site icon, whose sizes the
   * build makes from a small square). The content check's limits still hold.
   */
  asUploaded?: boolean
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
// Each keeps its name and options as literal types, so that the content's TypeScript shape
// (ContentShape below) is derived from the model as the JSON Schema, the GraphQL types and the
// CMS form are.
export const text = <N extends string, O extends Options<TextField> & { maxLength: number }>(
  name: N,
  label: string,
  options: O,
) => ({ kind: "text" as const, name, label, ...options })

export const paragraph = <N extends string, O extends Options<TextField> & { maxLength: number }>(
  name: N,
  label: string,
  options: O,
) => ({ kind: "text" as const, name, label, multiline: true, ...options })

export const wholeNumber = <
  N extends string,
  O extends Options<WholeNumberField> & { minimum: number; maximum: number },
>(
  name: N,
  label: string,
  options: O,
) => ({ kind: "wholeNumber" as const, name, label, ...options })

export const yesNo = <N extends string, O extends Options<YesNoField> = object>(
  name: N,
  label: string,
  options?: O,
) => ({ kind: "yesNo" as const, name, label, ...options })

export const date = <N extends string, O extends Options<DateField> = object>(
  name: N,
  label: string,
  options?: O,
) => ({ kind: "date" as const, name, label, ...options })

export const choice = <N extends string, O extends Options<ChoiceField> & { from: string }>(
  name: N,
  label: string,
  options: O,
) => ({ kind: "choice" as const, name, label, ...options })

export const image = <N extends string, O extends Options<ImageField> = object>(
  name: N,
  label: string,
  options?: O,
) => ({ kind: "image" as const, name, label, ...options })

export const pageLink = <N extends string>(name: N, label: string) => ({
  kind: "pageLink" as const,
  name,
  label,
})

export const pageAddress = <N extends string>(name: N, label: string) => ({
  kind: "pageAddress" as const,
  name,
  label,
})

export const group = <
  N extends string,
  Fs extends readonly Field[],
  O extends Options<GroupField> = object,
>(
  name: N,
  label: string,
  fields: Fs,
  options?: O,
) => ({ kind: "group" as const, name, label, fields, ...options })

export const list = <
  N extends string,
  Fs extends readonly Field[],
  O extends Options<ListField> & { itemLabel: string; minItems: number },
>(
  name: N,
  label: string,
  fields: Fs,
  options: O,
) => ({ kind: "list" as const, name, label, fields, ...options })

export const textList = <
  N extends string,
  O extends Options<TextListField> & { itemLabel: string; maxLength: number; minItems: number },
>(
  name: N,
  label: string,
  options: O,
) => ({ kind: "textList" as const, name, label, ...options })

/** One content file of the model, with its fields' literal types kept. */
export const contentFile = <N extends string, Fs extends readonly Field[]>(file: {
  name: N
  label: string
  description: string
  fields: Fs
}) => file

/** A page file has its own address; the others (site settings, error texts) serve every page. */
export function isPageFile(file: ContentFile): boolean {
  return file.fields.some((field) => field.kind === "pageAddress")
}

// ---------------------------------------------------------------------------------------------
// The content's shape, derived from the model

type ValueOf<F extends Field, Picture> = F extends { kind: "wholeNumber" }
  ? number
  : F extends { kind: "yesNo" }
    ? boolean
    : F extends { kind: "image" }
      ? Picture
      : F extends { kind: "textList" }
        ? readonly string[]
        : F extends { kind: "group"; fields: infer Inner extends readonly Field[] }
          ? ContentShape<Inner, Picture>
          : F extends { kind: "list"; fields: infer Inner extends readonly Field[] }
            ? readonly ContentShape<Inner, Picture>[]
            : string

/**
 * The values of a list of fields as a page receives them: texts as strings, an optional field as
 * null when left empty, and each picture as `Picture` (what the page's query makes of the file).
 */
export type ContentShape<Fs extends readonly Field[], Picture> = {
  readonly [F in Fs[number] as F["name"]]: F extends { optional: true }
    ? ValueOf<F, Picture> | null
    : ValueOf<F, Picture>
}

/** The field of a list entry that names it in messages and in the CMS's collapsed list. */
export function entryNameField(fields: readonly Field[]): string | undefined {
  return ["title", "name", "label"].find((name) =>
    fields.some((field) => field.name === name && field.kind === "text"),
  )
}

/** The date field of a list entry that holds the entry back until its day (./goLive.ts). */
export function goLiveDateField(list: ListField): string | undefined {
  return list.fields.find((field) => field.kind === "date" && field.goLive)?.name
}

/** Image formats sharp turns into the site's AVIF, WebP and JPEG sizes. */
export const imageExtensions = ["jpg", "jpeg", "png", "webp", "avif"] as const

/** The content's folder, from the repository's root: the files the staff edit, and their pictures. */
export const dataFolder = "data"

/** A content file's path in the repository: data/<name>.json. */
export const contentFilePath = (name: string) => `${dataFolder}/${name}.json`

/** Folder of the pictures, relative to data/, as the JSON names them (images/foo.jpg). */
export const imageFolder = "images"

/** The pictures' folder from the repository's root: where the CMS commits an upload. */
export const imageFolderPath = `${dataFolder}/${imageFolder}`
