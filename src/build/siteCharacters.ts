// The characters the site shows, which its web fonts are cut down to (./fontSubsets.ts). Apart
// from the cutting, so that what only needs the list (the CMS's test of a letter no build has
// seen, e2e/cms.spec.ts) loads no font tools.
import { readdir, readFile } from "node:fs/promises"
import path from "node:path"

/**
 * Always in: every printable ASCII character (the code's own words, an address typed into the
 * form) and the typographer's punctuation and signs a staff member may paste.
 */
const alwaysShown =
  Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index)).join("") +
  "\u00a0‘’“”–—…•·×→←€£©®™°"

/** Every character of every string in a JSON value. */
function stringsOf(value: unknown, into: Set<string>) {
  if (typeof value === "string") for (const character of value) into.add(character)
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, into)
  else if (value && typeof value === "object")
    for (const item of Object.values(value)) stringsOf(item, into)
}

async function filesUnder(dir: string, extensions: RegExp): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && extensions.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/**
 * The characters the site can show: the content's (every string in data/), the words written in
 * the code (src/: its non-ASCII characters, such as "…" and "×"), and `alwaysShown`. Sorted, so
 * the same site gives the same text.
 */
export async function siteCharacters(projectDir: string): Promise<string> {
  const characters = new Set(alwaysShown)
  for (const file of await filesUnder(path.join(projectDir, "data"), /\.json$/)) {
    stringsOf(JSON.parse(await readFile(file, "utf8")), characters)
  }
  for (const file of await filesUnder(path.join(projectDir, "src"), /\.tsx?$/)) {
    for (const character of await readFile(file, "utf8")) {
      if (character > "\u007f" && /\P{C}/u.test(character)) characters.add(character)
    }
  }
  return [...characters].sort().join("")
}
