// The site's two web fonts cut down to the characters it shows, before webpack bundles them
// (gatsby-node's onPreInit). The Latin files of the font packages hold some 250 glyphs each; the
// site shows 115 characters. Measured on this content: Source Sans 3 28.1 → 17.7 KB, Cormorant
// Garamond 22.8 → 14.4 KB (15.5 and 13.2 KB with only `keptFeatures`; Source Sans 3 13.0 KB with
// only the weights the site sets, `bodyWeights`), every page's screenshot at 390 and 1440 px the
// same to the eye, and the largest paint on a simulated phone about 0.1 s sooner
// (docs/decisions.md). The characters are read from the content at every build, so an accent the
// staff add to a name is in the next build's fonts.
import { createHash } from "node:crypto"
import { mkdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import subsetFont from "subset-font"
import { fixedFontFiles, fontSubsetDir } from "../theme/fontFaces"
import { siteCharacters } from "./siteCharacters"

/**
 * The OpenType features kept: those a browser applies to text by itself (kerning, ligatures,
 * accents placed on their letters), and the figures the staff's page asks for (tabular and lining
 * numerals). The rest (small capitals, old-style figures, fractions, ornaments…), which nothing
 * here asks for, took 2.2 KB of Source Sans 3 and 2.7 KB of Cormorant Garamond.
 */
const keptFeatures = [
  ...["ccmp", "locl", "mark", "mkmk", "rlig", "calt", "clig", "curs", "dist", "kern", "liga"],
  ...["rclt", "rvrn", "tnum", "lnum"],
]

interface SubsetOptions {
  /** Where the content (data/) and the code (src/) are read from: the project, or a test's copy. */
  charactersFrom?: string
  /** Where the subsets are written: `fontSubsetDir`, where ./fonts.ts imports them from. */
  outDir?: string
}

/**
 * Writes each face's subset. Skipped when the characters and the font files are those of the last
 * build (a stamp beside the subsets says so). Returns the line the build prints.
 */
export async function writeFontSubsets(
  projectDir: string,
  {
    charactersFrom = projectDir,
    outDir = path.join(projectDir, fontSubsetDir),
  }: SubsetOptions = {},
): Promise<string> {
  const characters = await siteCharacters(charactersFrom)
  const faces = await Promise.all(
    Object.values(fixedFontFiles).map(async (face) => ({
      target: path.join(outDir, path.basename(face.subset)),
      module: face.module,
      weights: face.weights,
      source: await readFile(path.join(projectDir, "node_modules", face.module)),
    })),
  )
  const stamp = createHash("sha256").update(characters).update(keptFeatures.join())
  for (const face of faces) {
    stamp
      .update(face.module)
      .update(JSON.stringify(face.weights ?? {}))
      .update(face.source)
  }
  const digest = stamp.digest("hex")
  const stampFile = path.join(outDir, "stamp")
  const previous = await readFile(stampFile, "utf8").catch(() => "")
  if (previous === digest) return `${characters.length} characters, as the last build's`
  await mkdir(outDir, { recursive: true })
  const sizes: string[] = []
  for (const face of faces) {
    const subset = await subsetFont(face.source, characters, {
      targetFormat: "woff2",
      keepFeatures: keptFeatures,
      ...(face.weights && { variationAxes: { wght: face.weights } }),
    })
    await writeFile(face.target, subset)
    sizes.push(
      `${path.basename(face.target)} ${kilobytes(face.source.length)} → ${kilobytes(subset.length)} KB`,
    )
  }
  await writeFile(stampFile, digest)
  return `${characters.length} characters: ${sizes.join(", ")}`
}

const kilobytes = (bytes: number) => (bytes / 1024).toFixed(1)
