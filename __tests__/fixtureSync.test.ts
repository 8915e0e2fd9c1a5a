/**
 * @jest-environment node
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { checkContent, describeProblem } from "../src/content/checkContent"
import {
  contentFile,
  group,
  image,
  paragraph,
  text,
  yesNo,
  type Field,
} from "../src/content/fields"
import { contentFiles, contentModel } from "../src/content/model"
import { syncToModel } from "../src/content/syncToModel"
import { copyOfData, dataDir, launchContentDir, repoRoot } from "./setup/contentCopy"

// `npm run fixture:sync` after a change to the model: the launch content (a copy of it here) is
// brought in line with the model, and every launch value that still fits stays as it was. A
// change to the model is played either by breaking the copy the way the change would find it (a
// field missing, a field too many) or, for a new field or file, by passing a changed model.

let fixture: ReturnType<typeof copyOfData>
let source: ReturnType<typeof copyOfData>
beforeEach(() => {
  fixture = copyOfData(launchContentDir)
  source = copyOfData(dataDir)
})
afterEach(() => {
  fixture.remove()
  source.remove()
})

const readText = (dir: string, name: string) => fs.readFileSync(path.join(dir, name), "utf8")
/** A launch file as it is in the repository, to change the way the sync should. */
// The files are untyped here on purpose: the test edits them as plain JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const launch = (name: string): any => JSON.parse(readText(launchContentDir, `${name}.json`))
/** A file's text as the CMS writes it: two-space JSON and a final newline. */
const asWritten = (json: unknown) => `${JSON.stringify(json, null, 2)}\n`
const jsonFiles = (dir: string) => fs.readdirSync(dir).filter((name) => name.endsWith(".json"))

/** Every file's text except the named ones, as the launch content has them. */
function expectUnchangedExcept(...changed: string[]) {
  for (const name of jsonFiles(launchContentDir).filter((name) => !changed.includes(name))) {
    expect([name, readText(fixture.dir, name)]).toEqual([name, readText(launchContentDir, name)])
  }
}

const sync = (options: Partial<Parameters<typeof syncToModel>[1]> = {}) =>
  syncToModel(fixture.dir, { sourceDir: source.dir, ...options })

describe("npm run fixture:sync", () => {
  it("changes nothing while the launch content is in line with the model", () => {
    expect(sync()).toEqual([])
    expectUnchangedExcept()
  })

  it("puts back a required field the launch content lacks, from data/, keeping every launch value", () => {
    fixture.edit("home", (json) => delete json.hero.headline)
    fixture.edit("shop", (json) => delete json.categories[2].imageAlt)
    source.edit("home", (json) => (json.hero.headline = "A headline from data/"))
    // The same category first in data/: the entry is found by its name, not its place.
    source.edit("shop", (json) => {
      const [bottoms] = json.categories.splice(2, 1)
      json.categories.unshift({ ...bottoms, imageAlt: "Bottoms, as data/ describes them." })
    })

    expect(sync()).toEqual([
      {
        file: "home.json",
        where: ["hero", "'headline'"],
        message: 'was missing: added "A headline from data/" from data/home.json',
      },
      {
        file: "shop.json",
        where: ["category 3 (Bottoms)", "'imageAlt'"],
        message:
          'was missing: added "Bottoms, as data/ describes them." from data/shop.json\'s category 1 (Bottoms)',
      },
    ])

    const home = launch("home")
    home.hero.headline = "A headline from data/"
    const shop = launch("shop")
    shop.categories[2].imageAlt = "Bottoms, as data/ describes them."
    // In the place it had, and every other value (privacy.json's too, which data/ has changed since).
    expect(readText(fixture.dir, "home.json")).toBe(asWritten(home))
    expect(readText(fixture.dir, "shop.json")).toBe(asWritten(shop))
    expectUnchangedExcept("home.json", "shop.json")
    expect(readText(fixture.dir, "privacy.json")).not.toBe(readText(dataDir, "privacy.json"))
    expect(checkContent(fixture.dir).map(describeProblem)).toEqual([])
  })

  it("removes a field the model does not have, and nothing else", () => {
    fixture.edit("site", (json) => (json.banner = "Opening week"))
    fixture.edit("journal", (json) => (json.articles[1].readingTime = 4))

    expect(sync()).toEqual([
      {
        file: "journal.json",
        where: [expect.stringMatching(/^article 2 \(/), "'readingTime'"],
        message: "is not a field of the model: removed (it was 4)",
      },
      {
        file: "site.json",
        where: ["'banner'"],
        message: 'is not a field of the model: removed (it was "Opening week")',
      },
    ])
    expectUnchangedExcept()
  })

  it("follows a changed model: a new required field from data/ or the model's default, a dropped one removed", () => {
    const restockNote = paragraph("restockNote", "Restock note", { maxLength: 160 })
    const sale = yesNo("sale", "On sale")
    const closing = text("closing", "Closing line", { maxLength: 60 })
    const fields: Field[] = contentModel.shop.fields
      .filter((field) => field.name !== "countLabel")
      .flatMap((field): Field[] => (field.name === "intro" ? [field, restockNote, sale] : [field]))
    const files = contentFiles.map((file) =>
      file.name === "shop" ? { ...file, fields: [...fields, closing] } : file,
    )
    source.edit("shop", (json) => (json.restockNote = "Cashmere cardigans are back in every size."))

    expect(sync({ files }).map(({ where, message }) => `${where.join(": ")} ${message}`)).toEqual([
      `'countLabel' is not a field of the model: removed (it was "items")`,
      `'restockNote' was missing: added "Cashmere cardigans are back in every size." from data/shop.json`,
      `'sale' was missing: added false, the model's default`,
      `'closing' is missing, and data/shop.json has none either: write it by hand`,
    ])
    const { countLabel, ...shop } = launch("shop")
    expect(countLabel).toBe("items")
    const keys = Object.keys(shop)
    const afterIntro = keys.indexOf("intro") + 1
    const expected = Object.fromEntries([
      ...keys.slice(0, afterIntro).map((key) => [key, shop[key]]),
      ["restockNote", "Cashmere cardigans are back in every size."],
      ["sale", false],
      ...keys.slice(afterIntro).map((key) => [key, shop[key]]),
    ])
    expect(readText(fixture.dir, "shop.json")).toBe(asWritten(expected))
    expectUnchangedExcept("shop.json")
  })

  it("replaces a value of a kind the model no longer holds with data/'s, and keeps one too long", () => {
    const site = contentModel.site
    const fields: Field[] = site.fields.map((field): Field => {
      if (field.name === "tagline") {
        return group("tagline", "Tagline", [text("text", "Text", { maxLength: 60 })])
      }
      return field.name === "brandName" ? { ...field, maxLength: 3 } : field
    })
    const files = contentFiles.map((file) => (file.name === "site" ? { ...file, fields } : file))
    source.edit("site", (json) => (json.tagline = { text: "Style, as data/ has it" }))

    expect(sync({ files })).toEqual([
      {
        file: "site.json",
        where: ["'tagline'"],
        message:
          'was "Style never ages", not what the model now holds there: replaced with a group of fields { … } from data/site.json',
      },
    ])
    const expected = launch("site")
    expected.tagline = { text: "Style, as data/ has it" }
    // "Evergrace" is longer than 3 characters now: the check says so, and a person decides.
    expect(readText(fixture.dir, "site.json")).toBe(asWritten(expected))
  })

  it("copies a file new to the model from data/, with its picture, and removes one the model lost", () => {
    const stockists = contentFile({
      name: "stockists",
      label: "Stockists page",
      description: "The shops that carry the collection.",
      fields: [text("heading", "Page heading", { maxLength: 60 }), image("image", "Picture")],
    })
    fs.writeFileSync(
      path.join(source.dir, "stockists.json"),
      asWritten({ heading: "Our stockists", image: "images/stockists.jpg" }),
    )
    fs.copyFileSync(
      path.join(dataDir, "images", "about-hero.jpg"),
      path.join(source.dir, "images", "stockists.jpg"),
    )
    fs.writeFileSync(path.join(fixture.dir, "lookbook.json"), "{}\n")

    expect(sync({ files: [...contentFiles, stockists] })).toEqual([
      {
        file: "stockists.json",
        where: [],
        message: "was missing: copied from data/stockists.json",
      },
      {
        file: "stockists.json",
        where: ["'image'"],
        message: "names images/stockists.jpg: copied the picture from data/images",
      },
      { file: "lookbook.json", where: [], message: "is not a file of the model: removed" },
    ])
    expect(readText(fixture.dir, "stockists.json")).toBe(readText(source.dir, "stockists.json"))
    expect(fs.existsSync(path.join(fixture.dir, "images", "stockists.jpg"))).toBe(true)
    expect(fs.existsSync(path.join(fixture.dir, "lookbook.json"))).toBe(false)
    expectUnchangedExcept("stockists.json")
  })

  it("with --check says what it would change and writes nothing", () => {
    fixture.edit("home", (json) => delete json.hero.headline)
    const before = readText(fixture.dir, "home.json")
    expect(sync({ dryRun: true })).toHaveLength(1)
    expect(readText(fixture.dir, "home.json")).toBe(before)
  })

  it("prints what it changed, file by file and entry by entry, then runs the content check", () => {
    fixture.edit("shop", (json) => {
      delete json.categories[2].imageAlt
      json.banner = "Opening week"
    })
    const run = (...args: string[]) =>
      spawnSync(
        path.join(repoRoot, "node_modules/.bin/tsx"),
        ["scripts/fixture-sync.ts", ...args, fixture.dir, source.dir],
        { cwd: repoRoot, encoding: "utf8", timeout: 60_000 },
      )

    const checked = run("--check")
    expect(checked.status).toBe(1)
    expect(checked.stdout).toContain("nothing was written")
    expect(readText(fixture.dir, "shop.json")).not.toBe(readText(launchContentDir, "shop.json"))

    const synced = run()
    expect(synced.stderr).toBe("")
    expect(synced.status).toBe(0)
    const lines = synced.stdout.split("\n").map((line) => line.trim())
    expect(lines).toContain(`${path.relative(repoRoot, fixture.dir)}/shop.json`)
    const restored = lines.find((line) => line.startsWith("• category 3 (Bottoms): 'imageAlt'"))
    expect(restored).toMatch(/^• category 3 \(Bottoms\): 'imageAlt' was missing: added "A pleated/)
    expect(restored).toContain(
      `from ${path.relative(repoRoot, source.dir)}/shop.json's category 3 (Bottoms)`,
    )
    expect(lines).toContain(
      `• 'banner' is not a field of the model: removed (it was "Opening week")`,
    )
    expect(lines).toContain(`The content check passes on ${path.relative(repoRoot, fixture.dir)}/.`)
    expectUnchangedExcept()
  }, 60_000)
})
