/**
 * The pictures a content file names: each is in data/images, and its bytes are what the site
 * asks of a picture (./pictureFacts.ts). Reads the files, so it runs where they are (the build,
 * `npm run check-content`); the CMS checks a picture uploaded to the entry it saves.
 */
import fs from "node:fs"
import path from "node:path"
import { imageFolder, type ImageField } from "../fields"
import { imagePathPattern } from "../jsonSchema"
import { pictureFacts, pictureProblem } from "./pictureFacts"

/** What is wrong with the picture a field names, relative to dataDir; undefined if nothing. */
export function checkPicture(
  value: string,
  field: ImageField,
  dataDir: string,
): string | undefined {
  if (!new RegExp(imagePathPattern).test(value)) return undefined // the schema has said what is wrong
  const file = path.join(dataDir, value)
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    return `names ${value}, which is not in data/${imageFolder}: check the spelling, or upload the picture`
  }
  return pictureProblem(value, pictureFacts(fs.readFileSync(file)), field)
}
