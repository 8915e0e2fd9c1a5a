// The browser suite on two more builds of the site, each from a copy of the project with other
// content (`npm run test:content`, part of `npm test`):
//   launch  the launch content (__tests__/fixtures/launch-content), whose spec values
//           __tests__/launchContent.test.ts checks: the pages are proved against the spec
//           whatever data/ holds today;
//   edited  data/ with the edits staff make on their own (e2e/support/staffEdits.ts): a new article
//           in a new category, a restock, a new name, a collection fewer. Every test reads what it
//           expects from the content, so all must pass, and e2e/staff-edits.spec.ts checks that the
//           pages show the edits.
// Each copy is built with `npm run build` (the content check first) and tested with Playwright,
// as `npm test` does for data/: the specs whose outcome depends on the content
// (e2e/support/reruns.ts); the others run once, on data/. `npm run test:content -- edited` runs one.
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { specsToRerun } from "../e2e/support/reruns"
import { freePort } from "../e2e/support/servers"
import { applyStaffEdits } from "../e2e/support/staffEdits"
import { copyProject, launchContentDir, repoRoot } from "./content/projectCopy"

interface Variant {
  name: string
  /** The content the variant's edits are made to, for the spec that checks them. */
  source?: string
  /** Writes the variant's content into the copy's (empty) data/. */
  content: (dataDir: string) => void
}

const variants: Variant[] = [
  {
    name: "launch",
    content: (dataDir) => fs.cpSync(launchContentDir, dataDir, { recursive: true }),
  },
  {
    name: "edited",
    source: path.join(repoRoot, "data"),
    content: (dataDir) => {
      fs.cpSync(path.join(repoRoot, "data"), dataDir, { recursive: true })
      applyStaffEdits(dataDir)
    },
  },
]

function run(step: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  console.log(`\n── ${step}: ${command} ${args.join(" ")}`)
  const started = Date.now()
  const result = spawnSync(command, args, { cwd, env, stdio: "inherit" })
  const seconds = Math.round((Date.now() - started) / 1000)
  console.log(`── ${step}: ${result.status === 0 ? "passed" : "FAILED"} in ${seconds} s`)
  return result.status === 0
}

const specs = specsToRerun("content")

async function testVariant(variant: Variant): Promise<boolean> {
  // A folder of this run's own: other checkouts on the machine may be testing their content too.
  const project = fs.mkdtempSync(path.join(os.tmpdir(), `evergrace-content-${variant.name}-`))
  copyProject(project)
  variant.content(path.join(project, "data"))
  const env = {
    ...process.env,
    ...(variant.source ? { E2E_CONTENT_SOURCE: variant.source } : {}),
    MEMBERS_STORE: path.join(project, ".members-e2e"),
  }
  const label = `${variant.name} content`
  const passed =
    run(`${label}, build`, "npm", ["run", "build:test"], project, env) &&
    // The copy's site server on a port free now: never one that another checkout's tests use.
    run(`${label}, browser tests`, "npx", ["playwright", "test", ...specs], project, {
      ...env,
      E2E_PORT: String(await freePort()),
    })
  // Kept when it failed, for its build and test-results/.
  if (passed) fs.rmSync(project, { recursive: true, force: true })
  else console.error(`The ${label}'s copy of the project is in ${project}.`)
  return passed
}

const chosen = process.argv.slice(2)
const unknown = chosen.filter((name) => !variants.some((variant) => variant.name === name))
if (unknown.length > 0) {
  console.error(
    `No content variant ${unknown.join(", ")}: choose from ${variants.map((v) => v.name).join(", ")}`,
  )
  process.exit(2)
}
async function main() {
  const failed: string[] = []
  for (const variant of variants.filter((v) => chosen.length === 0 || chosen.includes(v.name)))
    if (!(await testVariant(variant))) failed.push(variant.name)
  if (failed.length > 0) {
    console.error(`\nThe browser tests failed on the ${failed.join(" and ")} content.`)
    process.exit(1)
  }
  console.log(
    `\nThe browser tests pass on the ${chosen.length > 0 ? chosen.join(" and ") : "launch and edited"} content.`,
  )
}

void main()
