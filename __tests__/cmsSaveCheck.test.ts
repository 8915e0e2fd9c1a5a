/**
 * @jest-environment node
 */
import fs from "node:fs"
import path from "node:path"
import { checkContent, describeProblem } from "../src/content/checkContent"
import { imageFolder } from "../src/content/fields"
import { contentFiles } from "../src/content/model"
import { NotSaved, saveCheck, saveProblems } from "../src/cms/saveCheck"
import { detailedPhoto, plainPicture } from "./setup/pictures"
import { copyOfData, dataDir } from "./setup/contentCopy"
import { entryOf } from "./setup/decapEntry"

// The CMS's Save runs the build's own check on the entry (src/cms/saveCheck.ts): what the build
// would refuse is refused at Save, in the same words. The content is data/ as it is now.

let copy: ReturnType<typeof copyOfData>
beforeEach(() => {
  copy = copyOfData(dataDir)
})
afterEach(() => copy.remove())

const read = (name: string) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  JSON.parse(fs.readFileSync(path.join(dataDir, `${name}.json`), "utf8")) as any

/** The build's check of the copy, each problem as the CMS says it (no line: there is no file). */
const buildSays = () =>
  checkContent(copy.dir).map((problem) => describeProblem({ ...problem, line: undefined }))

describe("Save in the CMS runs the site's content check", () => {
  it("lets every file of data/ as it is be saved", () => {
    for (const file of contentFiles) {
      expect(saveProblems(file.name, read(file.name))).toBeUndefined()
    }
  })

  it("refuses a second shop category of the same name, in the build's words", () => {
    const shop = read("shop")
    expect(shop.categories.length).toBeGreaterThan(1)
    shop.categories[1].name = shop.categories[0].name
    copy.edit("shop", (json) => (json.categories = shop.categories))
    const build = buildSays()
    expect(build).toHaveLength(1)
    expect(build[0]).toMatch(/is the same as category 1/)
    const cms = saveProblems("shop", shop)
    expect(cms).toBe(`this was not saved, because the site would refuse it: ${build[0]}`)
  })

  it("refuses a journal category renamed while an article is filed under it, in the build's words", () => {
    const journal = read("journal")
    const used = journal.articles[0].category as string
    journal.categories = journal.categories.map((category: string) =>
      category === used ? `${used} renamed` : category,
    )
    copy.edit("journal", (json) => (json.categories = journal.categories))
    const build = buildSays()
    expect(build.length).toBeGreaterThan(0)
    expect(build[0]).toMatch(/which is not in Categories/)
    expect(saveProblems("journal", journal)).toBe(
      `this was not saved, because the site would refuse it: ${build.join(" ")}`,
    )
  })

  it("stops Decap's save by throwing from preSave, its message the words alone", async () => {
    const shop = read("shop")
    shop.categories[1].name = shop.categories[0].name
    const save = () => saveCheck.handler({ entry: entryOf("shop", shop), author: {} as never })
    await expect(save()).rejects.toThrow(NotSaved)
    await expect(save()).rejects.toThrow(
      /^this was not saved, because the site would refuse it: data\/shop.json/,
    )
    await expect(save()).rejects.toHaveProperty("message", saveProblems("shop", shop))
    await expect(
      saveCheck.handler({ entry: entryOf("shop", read("shop")), author: {} as never }),
    ).resolves.toBeUndefined()
  })

  describe("a picture uploaded to the entry", () => {
    // As the editor hands them to Save: a JPEG it made 2400 wide from a portrait taller than
    // twice its width, an AVIF it left as it came, the first bytes of a JPEG and half of a JPEG and of a PNG (copies cut short), and a phone's
    // portrait as it makes one, with as much detail as a photo has.
    const made: Record<string, Buffer> = {}
    beforeAll(async () => {
      made.tall = await plainPicture(2400, 6000).jpeg().toBuffer()
      made.avif = await plainPicture(3200, 2400).avif({ effort: 0 }).toBuffer()
      made.cut = made.tall.subarray(0, 20)
      // Cut past its header: its size reads well, and sharp failed half-way through the build.
      made.half = made.tall.subarray(0, made.tall.length / 2)
      made.halfpng = (await plainPicture(800, 600).png().toBuffer()).subarray(0, 600)
      made.portrait = await detailedPhoto(2400, 4267)
    }, 60_000)

    /** Where a file names a picture: the About page's, and the first shop category's. */
    const places = {
      about: (json: Record<string, unknown>, value: string) => (json.image = value),
      shop: (json: { categories: { image: string }[] }, value: string) =>
        (json.categories[0]!.image = value),
    }

    /** `name` uploaded in the editor and named in `file`: what Save says, and what the build does. */
    async function saveWith(name: string, file: keyof typeof places = "about") {
      const value = `${imageFolder}/${name}`
      const bytes = made[path.parse(name).name]!
      const data = read(file)
      places[file](data, value)
      const upload = { path: `data/${value}`, draft: true, file: new Blob([new Uint8Array(bytes)]) }
      const entry = entryOf(file, data, [upload])
      const cms = await saveCheck.handler({ entry, author: {} as never }).then(
        () => undefined,
        (error: unknown) => `${error}`,
      )
      fs.writeFileSync(path.join(copy.dir, value), bytes)
      copy.edit(file, (json) => places[file](json, value))
      return { cms, build: buildSays() }
    }

    it.each([
      ["tall.jpg", "about", "which is 2400 × 6000 pixels"],
      ["avif.avif", "about", "which is 3200 × 2400 pixels"],
      ["cut.jpg", "about", "which cannot be read as a picture"],
      ["half.jpg", "about", "which cannot be read as a picture"],
      ["halfpng.png", "shop", "which cannot be read as a picture"],
      ["tall.jpg", "shop", "which is 2400 × 6000 pixels"],
    ] as const)(
      "is refused at Save when the build would refuse it (%s in %s), in the build's words",
      async (name, file, says) => {
        const { cms, build } = await saveWith(name, file)
        expect(build).toHaveLength(1)
        expect(build[0]).toContain(`names ${imageFolder}/${name}, ${says}`)
        expect(cms).toBe(`this was not saved, because the site would refuse it: ${build[0]}`)
      },
    )

    it("is saved when the build takes it", async () => {
      const { cms, build } = await saveWith("portrait.jpg")
      expect(build).toEqual([])
      expect(cms).toBeUndefined()
    })
  })
})
