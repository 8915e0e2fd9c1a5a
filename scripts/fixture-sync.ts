/**
 * npm run fixture:sync [-- --check] [folder] [source]: after a change to the content model, brings
 * the launch content (__tests__/fixtures/launch-content, unless a folder is given) in line with it
 * and keeps its launch values: a field the model now requires is taken from data/ (or the source
 * given), a field or file the model no longer has is removed (src/content/syncToModel.ts). Prints
 * what it changed, file by file, then runs the content check on the folder. Exits with 1 when the
 * check finds a problem. With --check it writes nothing, and exits with 1 if anything would change.
 */
import path from "node:path"
import { checkContent, describeProblem } from "../src/content/checkContent"
import { formatSyncChanges, syncToModel } from "../src/content/syncToModel"
import { launchContentDir, repoRoot } from "./content/projectCopy"

const dryRun = process.argv.includes("--check")
const [folder, source] = process.argv.slice(2).filter((arg) => arg !== "--check")
const dir = path.resolve(folder ?? launchContentDir)
const sourceDir = path.resolve(source ?? path.join(repoRoot, "data"))
const shown = (target: string) => path.relative(process.cwd(), target) || "."

const changes = syncToModel(dir, { sourceDir, sourceName: shown(sourceDir), dryRun })
console.log(formatSyncChanges(changes, shown(dir), { dryRun }))

/** The content check on the folder, as the launch build would run it. */
function check() {
  const problems = checkContent(dir, { displayDir: shown(dir) })
  if (problems.length === 0) {
    console.log(`The content check passes on ${shown(dir)}/.`)
    return
  }
  console.error(
    [
      "",
      `The content check finds ${problems.length === 1 ? "1 problem" : `${problems.length} problems`} in ${shown(dir)}/:`,
      ...problems.map((problem) => `  • ${describeProblem(problem)}`),
      "",
      "Fix these by hand, keeping the launch values the spec fixes (__tests__/launchContent.test.ts).",
    ].join("\n"),
  )
  process.exitCode = 1
}

if (dryRun && changes.length > 0) {
  console.error("\nRun `npm run fixture:sync` to make them; the content check runs after it.")
  process.exitCode = 1
} else {
  check()
}
