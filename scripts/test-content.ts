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
// as `npm test` does for data/. `npm run test:content -- edited` runs one.
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { applyStaffEdits } from "../e2e/support/staffEdits"
import { copyProject, launchContentDir, repoRoot } from "./content/projectCopy"

interface Variant {
  name: string
  /** The content the variant's edits are made to, for the spec that checks them. */
  source?: string
  /** Port of the copy's site server: never the one `npm run test:e2e` uses. */
  port: number
  /** Writes the variant's content into the copy's (empty) data/. */
  content: (dataDir: string) => void
}

const variants: Variant[] = [
  {
    name: "launch",
    port: 9110,
    content: (dataDir) => fs.cpSync(launchContentDir, dataDir, { recursive: true }),
  },
  {
    name: "edited",
    port: 9111,
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

function testVariant(variant: Variant): boolean {
  const project = path.join(os.tmpdir(), "evergrace-content", variant.name)
  copyProject(project)
  variant.content(path.join(project, "data"))
  const env = {
    ...process.env,
    E2E_PORT: String(variant.port),
    ...(variant.source ? { E2E_CONTENT_SOURCE: variant.source } : {}),
    MEMBERS_STORE: path.join(project, ".members-e2e"),
  }
  const label = `${variant.name} content`
  return (
    run(`${label}, build`, "npm", ["run", "build:test"], project, env) &&
    run(`${label}, browser tests`, "npx", ["playwright", "test"], project, env)
  )
}

const chosen = process.argv.slice(2)
const unknown = chosen.filter((name) => !variants.some((variant) => variant.name === name))
if (unknown.length > 0) {
  console.error(
    `No content variant ${unknown.join(", ")}: choose from ${variants.map((v) => v.name).join(", ")}`,
  )
  process.exit(2)
}
const failed = variants
  .filter((variant) => chosen.length === 0 || chosen.includes(variant.name))
  .filter((variant) => !testVariant(variant))
  .map((variant) => variant.name)
if (failed.length > 0) {
  console.error(`\nThe browser tests failed on the ${failed.join(" and ")} content.`)
  process.exit(1)
}
console.log(
  `\nThe browser tests pass on the ${chosen.length > 0 ? chosen.join(" and ") : "launch and edited"} content.`,
)
