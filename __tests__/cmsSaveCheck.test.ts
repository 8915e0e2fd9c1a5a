/**
 * @jest-environment node
 */
import fs from "node:fs"
import path from "node:path"
import { checkContent, describeProblem } from "../src/content/checkContent"
import { contentFiles } from "../src/content/model"
import { NotSaved, saveCheck, saveProblems } from "../src/cms/saveCheck"
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

  it("stops Decap's save by throwing from preSave, its message the words alone", () => {
    const shop = read("shop")
    shop.categories[1].name = shop.categories[0].name
    const save = () => saveCheck.handler({ entry: entryOf("shop", shop), author: {} as never })
    expect(save).toThrow(NotSaved)
    expect(save).toThrow(/^this was not saved, because the site would refuse it: data\/shop.json/)
    try {
      save()
    } catch (error) {
      expect(`${error}`).toBe(saveProblems("shop", shop))
    }
    expect(saveCheck.handler({ entry: entryOf("shop", read("shop")), author: {} as never })).toBe(
      undefined,
    )
  })
})
