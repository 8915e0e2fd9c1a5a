import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { launchContentDir, repoRoot } from "../../scripts/content/projectCopy"

export { launchContentDir, repoRoot }
export const dataDir = path.join(repoRoot, "data")

type Json = Record<string, unknown>

/**
 * A scratch copy of content to break on purpose: the launch content unless told otherwise, so
 * that a test knows what it starts from. The pictures are linked one by one, so a test may add a
 * file to the copy's images/ without touching the real folder.
 */
export function copyOfData(
  source = launchContentDir,
  parent = fs.mkdtempSync(path.join(os.tmpdir(), "content-")),
) {
  const dir = path.join(parent, "data")
  fs.mkdirSync(path.join(dir, "images"), { recursive: true })
  for (const name of fs.readdirSync(source)) {
    if (name.endsWith(".json")) fs.copyFileSync(path.join(source, name), path.join(dir, name))
  }
  const images = path.join(source, "images")
  for (const name of fs.existsSync(images) ? fs.readdirSync(images) : []) {
    fs.symlinkSync(path.join(images, name), path.join(dir, "images", name))
  }
  return {
    dir,
    read: (name: string) =>
      JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), "utf8")) as Json,
    /** Changes one file's content through its parsed JSON. */
    // Tests break files in ways their types forbid: the JSON is untyped here on purpose.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    edit(name: string, change: (json: any) => void) {
      const json = this.read(name)
      change(json)
      fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(json, null, 2)}\n`)
    },
    /** Changes one file's text, for broken JSON. */
    editText(name: string, change: (text: string) => string) {
      const file = path.join(dir, `${name}.json`)
      fs.writeFileSync(file, change(fs.readFileSync(file, "utf8")))
    },
    remove: () => fs.rmSync(parent, { recursive: true, force: true }),
  }
}
