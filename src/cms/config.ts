import { fullFormats } from "ajv-formats/dist/formats"
import type {
  CmsBackend,
  CmsCollection,
  CmsCollectionFile,
  CmsConfig,
  CmsField,
} from "decap-cms-core"
import {
  contentFilePath,
  entryNameField,
  imageExtensions,
  imageFolder,
  imageFolderPath,
  isPageFile,
  type ContentFile,
  type Field,
  type TextField,
} from "../content/fields"
import { cmsCollections, contentFiles } from "../content/model"
import { pictureLimits } from "../content/pictureLimits"
import { knownPlaceholders } from "../content/placeholders"
import { jsonFileFormat } from "./jsonFormat"
import { digitsOnly, wholeNumberWidget } from "./WholeNumberControl"

/**
 * The Decap CMS configuration, generated from the content model (src/content/model/), the same
 * description the JSON Schema and the content check are made from: a field added to the model is
 * in the CMS too, with the same label, hint and limits.
 */

/** A page of the site, offered wherever a button or menu link names where it leads. */
export interface PageChoice {
  label: string
  path: string
}

/**
 * Decap checks a field's value against one regular expression and, if it fails, shows
 * "<Label>: <message>." (./decapWords.ts; it adds the full stop). A text's pattern holds
 * all the content check (src/content/checkContent/) asks of it, so what the editor lets staff
 * save is what the build takes: not blank where required, its length, its format, and curly
 * brackets only as the placeholders the site fills in (none where it is used as written).
 */
type Pattern = [RegExp, string]

/** ajv's e-mail format, as the check applies it (ajv-formats' "full" mode), without its `i`. */
const emailPattern = (fullFormats.email as RegExp).source.replaceAll("a-z0-9", "a-zA-Z0-9")

const formats: Record<"email" | "url", [string, string]> = {
  email: [emailPattern, "write a full e-mail address, such as name@example.com"],
  // What ajv's "uri" takes after https://: ASCII letters, digits and URI punctuation, or %XX.
  url: [
    "^https?://(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@/?#\\[\\]]|%[0-9A-Fa-f]{2})+$",
    "write the full address, starting with https://",
  ],
}

function textPattern(
  field: Pick<TextField, "maxLength" | "optional" | "placeholders" | "format">,
): Pattern {
  const fillable = field.placeholders !== false
  const parts: { test: string; says: string }[] = [
    ...(field.format
      ? [{ test: `(?=${formats[field.format][0]})`, says: formats[field.format][1] }]
      : []),
    ...(field.optional ? [] : [{ test: "(?=[\\s\\S]*\\S)", says: "write more than spaces" }]),
    {
      test: `(?![\\s\\S]{${field.maxLength + 1}})`,
      says: `at most ${field.maxLength} characters fit here`,
    },
    fillable
      ? {
          test: `(?=(?:[^{}]|\\{(?:${knownPlaceholders.join("|")})\\})*$)`,
          says: `curly brackets only as ${knownPlaceholders.map((name) => `{${name}}`).join(", ")}`,
        }
      : { test: "(?=[^{}]*$)", says: "no curly brackets: this text is used exactly as written" },
  ]
  return [
    // `u`: a length counted in characters, as the check counts it, an emoji as one.
    new RegExp(`^${parts.map((part) => part.test).join("")}`, "u"),
    parts.map((part) => part.says).join("; "),
  ]
}

/** What a whole number's box keeps as text (./WholeNumberControl.tsx) is refused in these words. */
const wholeNumberPattern: Pattern = [
  digitsOnly,
  "write it in digits only, such as 45, with no commas, points or spaces",
]

/** Decap checks a picture's file name (its widget validates the path's last part). */
const imagePattern: Pattern = [
  new RegExp(`^[^/\\\\]+\\.(${imageExtensions.join("|")})$`),
  "choose a JPEG, PNG, WebP or AVIF picture",
]

function base(field: Field): Pick<CmsField, "name" | "label" | "hint" | "required"> {
  return {
    name: field.name,
    label: field.label,
    ...(field.hint ? { hint: field.hint } : {}),
    required: !field.optional,
  }
}

function listLimits(field: { minItems: number; maxItems?: number }) {
  return { min: field.minItems, ...(field.maxItems === undefined ? {} : { max: field.maxItems }) }
}

/** Where a field is edited: its collection and file (a choice lists its file's own texts). */
interface FieldContext {
  pages: readonly PageChoice[]
  collection: string
  file: string
}

/** One model field as a Decap field, with the widget that stores the value as data/ holds it. */
function decapField(field: Field, context: FieldContext): CmsField {
  switch (field.kind) {
    case "text":
      return {
        ...base(field),
        widget: field.multiline ? "text" : "string",
        pattern: textPattern(field),
      }
    case "wholeNumber":
      // The site's own box (Decap's made 45,00 4500); Decap's field types know only its widgets.
      return {
        ...base(field),
        widget: wholeNumberWidget,
        min: field.minimum,
        max: field.maximum,
        pattern: wholeNumberPattern,
      } as CmsField
    case "yesNo":
      return { ...base(field), widget: "boolean", default: false }
    case "date":
      // Stored as the data holds it (2024-03-15), picked in UTC so no time zone shifts the day.
      return {
        ...base(field),
        widget: "datetime",
        format: "YYYY-MM-DD",
        date_format: "YYYY-MM-DD",
        time_format: false,
        picker_utc: true,
      }
    case "choice":
      // A menu of the texts of the file's list, as last published (Decap reads saved entries).
      return {
        ...base(field),
        widget: "relation",
        collection: context.collection,
        file: context.file,
        value_field: `${field.from}.*`,
        search_fields: [`${field.from}.*`],
        display_fields: [`${field.from}.*`],
        options_length: 50,
      }
    case "image":
      return {
        ...base(field),
        widget: "image",
        choose_url: false,
        pattern: imagePattern,
        ...(field.asUploaded ? { media_processing: { enabled: false } } : {}),
      }
    case "pageLink":
      return {
        ...base(field),
        widget: "select",
        options: context.pages.map((page) => ({ label: page.label, value: page.path })),
      }
    case "pageAddress":
      // The routes are fixed: kept in the file, never offered for editing.
      return { ...base(field), widget: "hidden" }
    case "group":
      return {
        ...base(field),
        widget: "object",
        collapsed: false,
        fields: field.fields.map((inner) => decapField(inner, context)),
      }
    case "list": {
      const nameField = entryNameField(field.fields)
      return {
        ...base(field),
        widget: "list",
        label_singular: field.itemLabel,
        collapsed: true,
        ...(nameField ? { summary: `{{fields.${nameField}}}` } : {}),
        ...listLimits(field),
        fields: field.fields.map((inner) => decapField(inner, context)),
      }
    }
    case "textList":
      return {
        ...base(field),
        widget: "list",
        label_singular: field.itemLabel,
        // A folded entry shows its text, not just "Category".
        summary: `{{fields.${field.itemLabel}}}`,
        ...listLimits(field),
        // One `field` (not `fields`) makes Decap store a list of plain texts.
        field: {
          name: field.itemLabel,
          label: field.itemLabel.charAt(0).toUpperCase() + field.itemLabel.slice(1),
          widget: field.multiline ? "text" : "string",
          required: true,
          pattern: textPattern({ maxLength: field.maxLength }),
        },
      }
  }
}

/** Where the pages show each file (see `pageShowing` in ./savedContent.ts). */
type PreviewPaths = (fileName: string) => string

function decapFile(
  file: ContentFile,
  collection: string,
  { pages, previewPaths }: Pick<CmsConfigOptions, "pages" | "previewPaths">,
): CmsCollectionFile {
  return {
    name: file.name,
    label: file.label,
    description: file.description,
    file: contentFilePath(file.name),
    // "View preview" opens this page of the draft's preview build, not its home page.
    preview_path: previewPaths(file.name).replace(/^\//, ""),
    fields: file.fields.map((field) => decapField(field, { pages, collection, file: file.name })),
  }
}

/** Two file collections: the pages, and the settings every page shares. */
function decapCollections(
  files: readonly ContentFile[],
  options: Pick<CmsConfigOptions, "pages" | "previewPaths">,
): CmsCollection[] {
  const collection = (
    name: string,
    label: string,
    description: string,
    members: readonly ContentFile[],
  ): CmsCollection => ({
    name,
    label,
    description,
    format: jsonFileFormat,
    extension: "json",
    editor: { preview: true },
    files: members.map((file) => decapFile(file, name, options)),
  })
  return [
    collection(
      "pages",
      cmsCollections.pages.label,
      cmsCollections.pages.description,
      files.filter((file) => isPageFile(file)),
    ),
    collection(
      "settings",
      cmsCollections.settings.label,
      cmsCollections.settings.description,
      files.filter((file) => !isPageFile(file)),
    ),
  ]
}

interface CmsConfigOptions {
  pages: readonly PageChoice[]
  previewPaths: PreviewPaths
  /**
   * The site's address: "View live" on a published entry and the site link at the top right open
   * it. The live site's, or under `npm run cms` the local one (./localEditor.ts).
   */
  siteUrl: string
  /** The Git host staff publish to in production (docs/cms.md, "On the live site"). */
  backend: CmsBackend
  /** Where decap-server listens; `true` is Decap's default, http://localhost:8081/api/v1. */
  localBackend?: true | { url: string }
}

/**
 * The mark on the CMS's sign-in page: the site's icon (data/site.json's `icon`), as
 * gatsby-plugin-manifest writes it in each size (gatsby-config.ts), at the size the page shows.
 */
export const signInLogo = "/icons/icon-192x192.png"

/**
 * The whole configuration, passed to CMS.init (no config.yml). `local_backend` makes the CMS talk
 * to decap-server instead of the Git host whenever decap-server runs on the editor's computer
 * (`npm run cms`); on the live site it finds none and signs in to the Git host.
 */
export function cmsConfig({
  pages,
  previewPaths,
  siteUrl,
  backend,
  localBackend = true,
}: CmsConfigOptions): CmsConfig {
  return {
    load_config_file: false,
    backend,
    local_backend: localBackend,
    // Save makes a draft (a cms/<collection>/<entry> branch, a pull request on GitHub); the
    // Workflow board moves it through Draft, In review and Ready; Publish merges it.
    publish_mode: "editorial_workflow",
    site_url: siteUrl,
    // The sign-in page shows the boutique's mark, not Decap's.
    logo: { src: signInLogo },
    // Pictures go to data/images and the JSON names them images/name.jpg, relative to the data
    // file, as gatsby-source-filesystem resolves them today.
    media_folder: imageFolderPath,
    public_folder: imageFolder,
    // Each upload made, in the browser, a JPEG no wider than the widest picture the site shows,
    // its camera data (the place it was taken) dropped, before it is committed: a PNG photo at
    // that width is several megabytes. Decap's `width` is exact, and would enlarge a narrower
    // picture to it: patches/decap-cms-app+3.16.3.patch keeps such a picture its own width
    // (src/content/pictureLimits.ts). Decap processes JPEG, PNG and WebP; AVIF passes as is.
    media_processing: {
      enabled: true,
      width: pictureLimits.width,
      quality: pictureLimits.quality,
      strip_metadata: true,
      format: { enabled: true, default: "jpeg" },
    },
    collections: decapCollections(contentFiles, { pages, previewPaths }),
  }
}
