/**
 * npm run check-content [folder]: checks the content files (data/ unless a folder is given) and
 * lists every problem. Exits with 1 when there is any, so a build or CI stops there.
 */
import path from "node:path"
import { checkContent, formatProblems } from "../src/content/checkContent"
import { contentFiles } from "../src/content/model"

const dataDir = path.resolve(process.argv[2] ?? "data")
const problems = checkContent(dataDir, { displayDir: path.relative(process.cwd(), dataDir) || "." })

if (problems.length > 0) {
  console.error(formatProblems(problems))
  process.exitCode = 1
} else {
  console.log(
    `Content OK: ${contentFiles.length} files in ${path.relative(process.cwd(), dataDir)}/ checked.`,
  )
}
