/**
 * @jest-environment node
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import subsetFont from "subset-font"
import { writeFontSubsets } from "../src/build/fontSubsets"
import { siteCharacters } from "../src/build/siteCharacters"
import { postBuildSteps } from "../src/build/postBuild"
import { bodyWeights, fixedFontFiles, fontFaceRules } from "../src/theme/fontFaces"

// The web fonts cut down to the site's characters at build time (src/build/fontSubsets.ts).

const root = path.join(__dirname, "..")
let work: string

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "font-subsets-"))
  // The project's own subsets, as the build writes them before webpack runs.
  await writeFontSubsets(root)
}, 60_000)
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

/** A project of one content file and one source file, saying `text` and `code`. */
function projectSaying(text: string, code: string): string {
  const dir = fs.mkdtempSync(path.join(work, "project-"))
  fs.mkdirSync(path.join(dir, "data"))
  fs.mkdirSync(path.join(dir, "src"))
  fs.writeFileSync(path.join(dir, "data", "about.json"), JSON.stringify({ heading: text }))
  fs.writeFileSync(path.join(dir, "src", "words.ts"), `export const sign = "${code}"\n`)
  return dir
}

/** Whether a font draws a character: its subset to that one character carries a glyph more. */
async function draws(font: Buffer, character: string): Promise<boolean> {
  const [nothing, one] = await Promise.all([
    subsetFont(font, " ", { targetFormat: "woff2" }),
    subsetFont(font, ` ${character}`, { targetFormat: "woff2" }),
  ])
  return one.length > nothing.length
}

test("the characters: the content's, the code's signs and all of printable ASCII", async () => {
  const characters = await siteCharacters(projectSaying("Zoë’s Edit", "⅓"))
  for (const character of ["ë", "’", "⅓", "A", "z", "@", "~", "…", "€"]) {
    expect(characters).toContain(character)
  }
  expect(characters).not.toContain("ß")
})

test("an accent the staff add to a name is drawn by the next build's fonts; what no page shows is left out", async () => {
  const outDir = path.join(work, "fonts")
  const options = { charactersFrom: projectSaying("Chloë Ångström", ""), outDir }
  const line = await writeFontSubsets(root, options)
  expect(line).toMatch(/source-sans-3-latin-wght-normal\.woff2 [\d.]+ → [\d.]+ KB/)
  for (const face of Object.values(fixedFontFiles)) {
    const whole = fs.readFileSync(path.join(root, "node_modules", face.module))
    const subset = fs.readFileSync(path.join(outDir, path.basename(face.subset)))
    expect(subset.length).toBeLessThan(whole.length * 0.7)
    for (const character of ["ë", "Å", "ö", "a", "?"]) {
      expect(await draws(subset, character)).toBe(true)
    }
    // In the package's Latin file, but on no page of this project.
    expect(await draws(whole, "ß")).toBe(true)
    expect(await draws(subset, "ß")).toBe(false)
  }
  // The same content and fonts again: nothing to do.
  expect(await writeFontSubsets(root, options)).toMatch(/as the last build's$/)
}, 60_000)

/** A font's variation axes as its `fvar` table has them: tag → [min, default, max]. */
async function variationAxes(font: Buffer): Promise<Record<string, number[]>> {
  const sfnt = await subsetFont(font, "a", { targetFormat: "sfnt" })
  const tables = sfnt.readUInt16BE(4)
  for (let entry = 12; entry < 12 + tables * 16; entry += 16) {
    if (sfnt.toString("latin1", entry, entry + 4) !== "fvar") continue
    const fvar = sfnt.readUInt32BE(entry + 8)
    const first = fvar + sfnt.readUInt16BE(fvar + 4)
    const count = sfnt.readUInt16BE(fvar + 8)
    const size = sfnt.readUInt16BE(fvar + 10)
    const fixed = (at: number) => sfnt.readInt32BE(at) / 65536
    const axes: Record<string, number[]> = {}
    for (let axis = first; axis < first + count * size; axis += size) {
      axes[sfnt.toString("latin1", axis, axis + 4)] = [
        fixed(axis + 4),
        fixed(axis + 8),
        fixed(axis + 12),
      ]
    }
    return axes
  }
  return {}
}

test("the body face keeps only the weights the site sets, and the @font-face rule says so", async () => {
  const body = fixedFontFiles.body
  const whole = await variationAxes(fs.readFileSync(path.join(root, "node_modules", body.module)))
  expect(whole.wght?.[0]).toBeLessThan(bodyWeights.min)
  const subset = await variationAxes(fs.readFileSync(path.join(root, body.subset)))
  expect(subset.wght?.[0]).toBe(bodyWeights.min)
  expect(subset.wght?.[2]).toBe(bodyWeights.max)
  expect(fontFaceRules({ body: "b.woff2", display: "d.woff2" })).toContain(
    `font-weight: ${bodyWeights.min} ${bodyWeights.max};`,
  )
})

test("the pages import the build's subsets; the CMS's preview the whole files they are cut from", () => {
  const fonts = fs.readFileSync(path.join(root, "src/theme/fonts.ts"), "utf8")
  const preview = fs.readFileSync(path.join(root, "src/cms/previewFonts.ts"), "utf8")
  for (const { subset, module } of Object.values(fixedFontFiles)) {
    expect(fonts).toContain(`"../../${subset}"`)
    expect(preview).toContain(`"${module}"`)
  }
})

test("the endpoints' pages get the same subsets at their fixed address, copied before the delivery headers list public/", async () => {
  const names = postBuildSteps.map((step) => step.name)
  const step = postBuildSteps.find((each) => each.name === "fonts for the endpoints' pages")
  expect(names.indexOf("fonts for the endpoints' pages")).toBeLessThan(
    names.indexOf("delivery headers"),
  )
  const publicDir = fs.mkdtempSync(path.join(work, "public-"))
  await step?.run({ publicDir, nginxDir: "", siteUrl: "", iconFile: "" })
  for (const { subset, url } of Object.values(fixedFontFiles)) {
    expect(fs.readFileSync(path.join(publicDir, url))).toEqual(
      fs.readFileSync(path.join(root, subset)),
    )
  }
})
