/**
 * The checks beyond the schema (./beyondSchema.ts) on one file's content as an editor holds it,
 * before it is written: what the CMS runs at Save (src/cms/saveCheck.ts). Problems are placed and
 * worded as the build's check (./checkFiles.ts) words them, without a line number (there is no
 * file yet). Of the pictures, the CMS hands over those uploaded to the entry (`pictures`, by the
 * value a field names them with); the others are in the repository already, and the build checks
 * them.
 */
import { type ContentFile } from "../fields"
import { walk } from "./beyondSchema"
import { pictureProblem, type PictureFacts } from "./pictureFacts"
import { placeOf, tidyWhere } from "./places"
import { uniqueProblems, type ContentProblem } from "./problems"

export function checkEntry(
  file: ContentFile,
  data: unknown,
  pictures: ReadonlyMap<string, PictureFacts> = new Map(),
  display = `data/${file.name}.json`,
): ContentProblem[] {
  const problems: ContentProblem[] = []
  walk(file.fields, data, [], {
    report: (segments, message) => {
      problems.push({
        file: display,
        where: tidyWhere(placeOf(file, data, segments).where),
        message,
      })
    },
    file,
    data,
    checkPicture: (value, field) => {
      const facts = pictures.get(value)
      return facts && pictureProblem(value, facts, field)
    },
    // A link is a menu of the site's pages in the CMS: it cannot name another.
    pagePaths: new Set(),
  })
  return uniqueProblems(problems)
}
