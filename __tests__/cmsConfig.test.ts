/**
 * @jest-environment node
 */
import fs from "node:fs"
import path from "node:path"
import type { CmsCollectionFile, CmsConfig, CmsField } from "decap-cms-core"
import { fromJS } from "immutable"
import type { Field } from "../src/content/fields"
import { contentFiles, type ContentName } from "../src/content/model"
import { notSetUpBackendName, productionBackend } from "../src/cms/backend"
import { cmsConfig } from "../src/cms/config"
import { dataFolder } from "../src/content/fields"
import { jsonFileFormat, jsonFileFormatter } from "../src/cms/jsonFormat"
import { wholeNumberWidget } from "../src/cms/WholeNumberControl"
import { pageChoices, pageShowing } from "../src/cms/savedContent"
import { pageRoutes } from "../src/content/routes"
import { checkContent } from "../src/content/checkContent"
import { imagePathPattern } from "../src/content/jsonSchema"
import { copyOfData, dataDir, repoRoot } from "./setup/contentCopy"
import { isRecord } from "../src/utils/json"

// The CMS's form is generated from the content model; these tests hold it against the files in
// data/ themselves, so a field added to a file but not to the model (or the other way round)
// cannot slip through to the editors.

const pages = pageChoices()
const site = readSite()
const config: CmsConfig = cmsConfig({
  pages,
  previewPaths: (name) => pageShowing(name as ContentName),
  siteUrl: site.siteUrl,
  backend: { name: "git-gateway", branch: "main" },
})
const cmsFiles: CmsCollectionFile[] = config.collections.flatMap(
  (collection) => collection.files ?? [],
)

const dataFiles = fs
  .readdirSync(dataDir)
  .filter((name) => name.endsWith(".json"))
  .map((name) => path.basename(name, ".json"))
  .sort()

function readData(name: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(dataDir, `${name}.json`), "utf8"))
}

function readSite() {
  return JSON.parse(fs.readFileSync(path.join(dataDir, "site.json"), "utf8")) as { siteUrl: string }
}

/** Decap's field types are a union without a common `widget` key on every member; read loosely. */
type LooseField = CmsField & {
  widget?: string
  fields?: CmsField[]
  field?: CmsField
  pattern?: [RegExp | string, string]
  value_type?: string
  format?: string
  options?: unknown[]
  file?: string
  value_field?: string
}

const loose = (field: CmsField) => field as LooseField
/**
 * Walks a value from data/ beside the CMS fields meant to edit it and returns every problem: a key
 * with no field, or a field whose widget would not store the value as the file holds it.
 */
function mismatches(fields: readonly CmsField[], value: unknown, where: string): string[] {
  if (!isRecord(value)) return [`${where}: expected an object`]
  const byName = new Map(fields.map((field) => [field.name, loose(field)]))
  const problems: string[] = []
  for (const [key, item] of Object.entries(value)) {
    const field = byName.get(key)
    if (!field) {
      problems.push(`${where}.${key}: no CMS field`)
      continue
    }
    problems.push(...widgetMismatches(field, item, `${where}.${key}`))
  }
  return problems
}

function widgetMismatches(field: LooseField, value: unknown, where: string): string[] {
  const widget = field.widget ?? "string"
  const problem = (expected: string) => [`${where}: ${expected}, the CMS has "${widget}"`]
  if (Array.isArray(value)) {
    if (widget !== "list") return problem("a list")
    return value.flatMap((item, index) => {
      if (typeof item === "string") {
        return field.field && ["string", "text"].includes(loose(field.field).widget ?? "string")
          ? []
          : problem("a list of texts (one `field`)")
      }
      return field.fields ? mismatches(field.fields, item, `${where}[${index}]`) : problem("fields")
    })
  }
  if (isRecord(value)) {
    return widget === "object" && field.fields
      ? mismatches(field.fields, value, where)
      : problem("an object")
  }
  if (typeof value === "boolean") return widget === "boolean" ? [] : problem("yes/no")
  if (typeof value === "number") {
    return widget === wholeNumberWidget && Number.isInteger(value)
      ? []
      : problem(`a whole number (${wholeNumberWidget})`)
  }
  if (typeof value !== "string") return problem(`no ${typeof value} values`)
  if (/^images\//.test(value)) {
    if (widget !== "image") return problem("a picture")
    // Decap's image widget checks its pattern against the file's name.
    const [pattern, message] = field.pattern ?? [""]
    return new RegExp(pattern).test(path.basename(value)) ? [] : [`${where}: "${message}"`]
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return widget === "datetime" && field.format === "YYYY-MM-DD"
      ? []
      : problem("a YYYY-MM-DD date")
  }
  if (widget === "select") {
    const values = (field.options ?? []).map((option) => (isRecord(option) ? option.value : option))
    return values.includes(value) ? [] : [`${where}: "${value}" is not one of the choices`]
  }
  if (widget === "relation") {
    // A choice among the texts of a list in a data file: "categories.*" of journal.
    const list = field.value_field?.replace(/\.\*$/, "") ?? ""
    const data = field.file ? readData(field.file) : undefined
    const options = isRecord(data) ? data[list] : undefined
    return Array.isArray(options) && options.includes(value)
      ? []
      : [`${where}: "${value}" is not in ${field.file}'s ${list}`]
  }
  if (widget === "hidden") return []
  if (!["string", "text"].includes(widget)) return problem("a text")
  // Today's content must pass the CMS's own checks, or editors could not save it unchanged.
  const [pattern, message] = field.pattern ?? ["", ""]
  return new RegExp(pattern).test(value) ? [] : [`${where}: "${message}" for the saved text`]
}

describe("the Decap CMS configuration", () => {
  test("is generated in full: no config.yml, local decap-server, pictures in data/images", () => {
    expect(config.load_config_file).toBe(false)
    expect(config.local_backend).toBe(true)
    expect(config.media_folder).toBe("data/images")
    // The JSON names pictures relative to the data file, as it does today.
    expect(config.public_folder).toBe("images")
  })

  test("has one file entry per data file, and no other", () => {
    expect(cmsFiles.map((file) => file.file).sort()).toEqual(
      dataFiles.map((name) => `${dataFolder}/${name}.json`),
    )
    for (const collection of config.collections) {
      expect(collection.format).toBe(jsonFileFormat)
      expect(collection.folder).toBeUndefined()
    }
  })

  test.each(dataFiles)("covers every field of data/%s.json with the right widget", (name) => {
    const file = cmsFiles.find((candidate) => candidate.name === name)
    expect(file).toBeDefined()
    expect(mismatches(file?.fields ?? [], readData(name), name)).toEqual([])
  })

  test("a whole number's box takes digits alone: what else she types is refused in words, never made another number", () => {
    const numbers: { model: Field & { kind: "wholeNumber" }; cms: LooseField }[] = []
    const visit = (model: readonly Field[], cms: readonly CmsField[]) => {
      model.forEach((field, index) => {
        const cmsField = loose(cms[index]!)
        if (field.kind === "wholeNumber") numbers.push({ model: field, cms: cmsField })
        if (field.kind === "group" || field.kind === "list") visit(field.fields, cmsField.fields!)
      })
    }
    for (const file of contentFiles) {
      visit(file.fields, cmsFiles.find((candidate) => candidate.name === file.name)!.fields)
    }
    expect(numbers.length).toBeGreaterThan(0)
    for (const { model, cms } of numbers) {
      expect(cms).toMatchObject({
        widget: wholeNumberWidget,
        min: model.minimum,
        max: model.maximum,
      })
      // The box hands Decap a number for digits, and the text itself for anything else.
      const [pattern] = cms.pattern ?? [""]
      expect(new RegExp(pattern).test(String(45))).toBe(true)
      for (const typed of ["45,00", "45.5", "4 5", "forty-five", "-3"]) {
        expect([typed, new RegExp(pattern).test(typed)]).toEqual([typed, false])
      }
    }
  })

  test("labels and hints every field as the content model does", () => {
    const compare = (model: readonly Field[], cms: readonly CmsField[], where: string) => {
      expect(cms.map((field) => field.name)).toEqual(model.map((field) => field.name))
      model.forEach((field, index) => {
        const cmsField = loose(cms[index] as CmsField)
        expect([`${where}.${field.name}`, cmsField.label, cmsField.hint]).toEqual([
          `${where}.${field.name}`,
          field.label,
          field.hint,
        ])
        expect(cmsField.required).toBe(!field.optional)
        if ("fields" in field) {
          compare(field.fields, cmsField.fields ?? [], `${where}.${field.name}`)
        }
      })
    }
    for (const file of contentFiles) {
      const cmsFile = cmsFiles.find((candidate) => candidate.name === file.name)
      expect(cmsFile?.label).toBe(file.label)
      expect(cmsFile?.description).toBe(file.description)
      compare(file.fields, cmsFile?.fields ?? [], file.name)
    }
  })

  test("offers every page of the site wherever a link is chosen", () => {
    expect(pages.map((page) => page.path)).toEqual(pageRoutes().map((route) => route.path))
  })

  test("saves the JSON byte for byte as data/ holds it, from the Immutable maps Decap keeps it in", () => {
    for (const name of dataFiles) {
      const text = fs.readFileSync(path.join(dataDir, `${name}.json`), "utf8")
      // Decap's entry: an Immutable map, which keeps the order of 8 keys at most.
      const held = fromJS(jsonFileFormatter.fromFile(text)) as { toJS(): object }
      expect(jsonFileFormatter.toFile(held.toJS())).toBe(text)
    }
  })

  test("names pictures that exist in data/images", () => {
    const siteImages = fs.readdirSync(path.join(repoRoot, config.media_folder ?? ""))
    for (const name of dataFiles) {
      const paths = JSON.stringify(readData(name)).match(/"images\/[^"]+"/g) ?? []
      for (const quoted of paths) {
        const file = JSON.parse(quoted).slice(`${config.public_folder}/`.length)
        expect(siteImages).toContain(file)
      }
    }
  })
})

describe("what the editor lets staff save", () => {
  // One top-level text field of each kind the model has (required or not, placeholders or not, a
  // format, a paragraph), each given texts the content check takes or refuses: the editor's
  // pattern must agree with the check, or a draft saved without a word fails at the build.
  type Found = { file: string; path: string[]; field: Field & { kind: "text" } }
  const kinds = new Map<string, Found>()
  const walk = (file: string, fields: readonly Field[], path: string[]) => {
    for (const field of fields) {
      if (field.kind === "group") walk(file, field.fields, [...path, field.name])
      if (field.kind !== "text") continue
      const kind = JSON.stringify([
        field.optional,
        field.placeholders,
        field.format,
        field.multiline,
      ])
      if (!kinds.has(kind)) kinds.set(kind, { file, path: [...path, field.name], field })
    }
  }
  for (const file of contentFiles) walk(file.name, file.fields, [])
  const texts = (maxLength: number) => [
    "A plain text",
    "   ",
    "Style for {product} lovers, with {partner}: write to {email}",
    "Style for {Product} lovers",
    "Half a { bracket",
    "{nope}",
    "hello@evergrace.example",
    "mailto:hello@evergrace.example",
    "hello@example.com.",
    "Hello@Evergrace.Example",
    "https://www.evergrace.example/shop",
    "https://www.evergrace.example/böse",
    "https://www.evergrace.example/a|b",
    "x".repeat(maxLength),
    "x".repeat(maxLength + 1),
    `${"x".repeat(maxLength - 1)}🌸`,
  ]

  test.each([...kinds.values()].map((found) => [`${found.file}.${found.path.join(".")}`, found]))(
    "%s: the editor refuses what the content check refuses, and takes what it takes",
    (_, { file, path: where, field }) => {
      const copy = copyOfData()
      try {
        let fields = cmsFiles.find((each) => each.name === file)!.fields
        let cmsField = loose(fields[0]!)
        for (const name of where) {
          cmsField = loose(fields.find((each) => each.name === name)!)
          fields = cmsField.fields ?? []
        }
        const [pattern] = cmsField.pattern ?? [""]
        const verdicts = texts(field.maxLength).map((text) => {
          copy.edit(file, (json) => {
            const parent = where.slice(0, -1).reduce((object, name) => object[name], json)
            parent[field.name] = text
          })
          const refused = checkContent(copy.dir).some(
            (problem) =>
              problem.file === `data/${file}.json` &&
              problem.where.some((place) => place.includes(`'${field.name}'`)),
          )
          return { text, check: !refused, editor: new RegExp(pattern).test(text) }
        })
        expect(verdicts.filter((verdict) => verdict.check !== verdict.editor)).toEqual([])
        // Each kind meets texts both sides of its rules.
        expect(new Set(verdicts.map((verdict) => verdict.check))).toEqual(new Set([true, false]))
      } finally {
        copy.remove()
      }
    },
  )

  test("a picture is one the site can show", () => {
    const [pattern] = loose(
      config.collections
        .flatMap((collection) => collection.files ?? [])
        .flatMap((file) => file.fields)
        .find((field) => loose(field).widget === "image")!,
    ).pattern ?? [""]
    // Decap's image widget validates the file's name, the path's last part.
    for (const [name, shown] of [
      ["sale.jpg", true],
      ["sale.avif", true],
      ["sale.gif", false],
      ["sale.JPG", false],
    ] as const) {
      const picture = `images/${name}`
      expect(new RegExp(pattern).test(path.basename(picture))).toBe(shown)
      // The same verdict as the content check's schema.
      expect(new RegExp(imagePathPattern).test(picture)).toBe(shown)
    }
  })
})

describe("drafts, review and previews", () => {
  test("Save makes a draft that is reviewed and then published (Decap's editorial workflow)", () => {
    expect(config.publish_mode).toBe("editorial_workflow")
  })

  test("'View preview' opens the page that shows the entry; 'View live' the live site's", () => {
    expect(config.site_url).toBe(site.siteUrl)
    const previewPath = (name: string) => cmsFiles.find((file) => file.name === name)?.preview_path
    // Every page file opens its own address (as data/ holds it; Decap adds no leading slash).
    for (const route of pageRoutes(dataDir)) {
      expect(`/${previewPath(route.name)}`).toBe(route.path)
    }
    const contact = pageRoutes(dataDir).find((route) => route.name === "contact")
    expect(previewPath("errors")).toBe("404")
    expect(`/${previewPath("membership")}`).toBe(contact?.path)
    expect(previewPath("site")).toBe("")
  })
})

describe("the Git host the live CMS publishes to", () => {
  const origin = "https://www.evergrace.example"

  test("a repository: GitHub, signing in through the site's own /api/auth", () => {
    expect(productionBackend({ GATSBY_CMS_REPO: "evergrace/website" }, origin)).toEqual({
      name: "github",
      repo: "evergrace/website",
      branch: "main",
      base_url: origin,
      auth_endpoint: "api/auth",
    })
  })

  test("another branch, and an OAuth service of the site's own choosing", () => {
    const env = {
      GATSBY_CMS_REPO: "evergrace/website",
      GATSBY_CMS_BRANCH: "content",
      GATSBY_CMS_AUTH_URL: "https://auth.example.com",
    }
    expect(productionBackend(env, origin)).toEqual({
      name: "github",
      repo: "evergrace/website",
      branch: "content",
      base_url: "https://auth.example.com",
    })
  })

  test("'View preview' follows the status context named at build, or any with \"deploy\"", () => {
    const env = { GATSBY_CMS_REPO: "evergrace/website" }
    expect(productionBackend(env, origin).preview_context).toBeUndefined()
    expect(
      productionBackend({ ...env, GATSBY_CMS_PREVIEW_CONTEXT: "deploy/netlify" }, origin)
        .preview_context,
    ).toBe("deploy/netlify")
  })

  test("Git Gateway only when asked for by name", () => {
    expect(productionBackend({ GATSBY_CMS_BACKEND: "git-gateway" }, origin)).toEqual({
      name: "git-gateway",
      branch: "main",
    })
  })

  test("nothing named (or a host it does not know): the screen that says what to set", () => {
    for (const env of [
      {},
      { GATSBY_CMS_REPO: " " },
      { GATSBY_CMS_BACKEND: "gitlab", GATSBY_CMS_REPO: "a/b" },
    ]) {
      // With its branch: under `npm run cms`, decap-server takes this backend's place and asks
      // for the branch named here ("master" when none is).
      expect(productionBackend(env, origin)).toEqual({ name: notSetUpBackendName, branch: "main" })
    }
    expect(productionBackend({ GATSBY_CMS_BRANCH: "content" }, origin)).toEqual({
      name: notSetUpBackendName,
      branch: "content",
    })
  })
})
