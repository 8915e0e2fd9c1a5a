// The browser specs made from the content, again on a second build (`npm run test:content`, part
// of `npm test`): a copy of the project whose data/ is the launch content
// (__tests__/fixtures/launch-content, whose spec values __tests__/launchContent.test.ts checks)
// with the edits staff make on their own (e2e/support/staffEdits.ts: a new article in a new
// category, a restock, a new name, a collection fewer). So the pages are proved on the spec's
// content whatever data/ holds today, and on content the staff have changed; every test reads
// what it expects from the content, so all must pass, and e2e/staff-edits.spec.ts checks that the
// pages show the edits. data/ itself is proved by `npm run test:e2e`.
//
// One build, not one for the launch content and one for data/ with the edits: while data/ is
// close to the launch content those were two runs of nearly the same pages, some 11 minutes of
// CI (docs/decisions.md, "The content the browser tests run on").
//
// The copy is built with `npm run build:test` (the content check first) and tested with Playwright on
// the specs whose outcome depends on the content (e2e/support/reruns.ts); the others run once,
// on data/.
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { specsToRerun } from "../e2e/support/reruns"
import { freePort } from "../e2e/support/servers"
import { applyStaffEdits } from "../e2e/support/staffEdits"
import { copyProject, launchContentDir } from "./content/projectCopy"

function run(step: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  console.log(`\n── ${step}: ${command} ${args.join(" ")}`)
  const started = Date.now()
  const result = spawnSync(command, args, { cwd, env, stdio: "inherit" })
  const seconds = Math.round((Date.now() - started) / 1000)
  console.log(`── ${step}: ${result.status === 0 ? "passed" : "FAILED"} in ${seconds} s`)
  return result.status === 0
}

async function main() {
  if (process.argv.length > 2) {
    // It took the name of a content (launch, edited) when there were two copies.
    console.error("npm run test:content takes no arguments: it builds and tests one copy.")
    process.exit(2)
  }
  const specs = specsToRerun("content")
  // A folder of this run's own: other checkouts on the machine may be testing their content too.
  const project = fs.mkdtempSync(path.join(os.tmpdir(), "evergrace-content-"))
  copyProject(project)
  const dataDir = path.join(project, "data")
  fs.cpSync(launchContentDir, dataDir, { recursive: true })
  applyStaffEdits(dataDir)
  const env = {
    ...process.env,
    // What the edits were made to, for e2e/staff-edits.spec.ts.
    E2E_CONTENT_SOURCE: launchContentDir,
    MEMBERS_STORE: path.join(project, ".members-e2e"),
  }
  const label = "the launch content with the staff's edits"
  const passed =
    run(`${label}, build`, "npm", ["run", "build:test"], project, env) &&
    // The copy's site server on a port free now: never one that another checkout's tests use.
    run(`${label}, browser tests`, "npx", ["playwright", "test", ...specs], project, {
      ...env,
      E2E_PORT: String(await freePort()),
    })
  if (!passed) {
    // Kept, for its build and test-results/.
    console.error(
      `\nThe browser tests failed on ${label}. The copy of the project is in ${project}.`,
    )
    process.exit(1)
  }
  fs.rmSync(project, { recursive: true, force: true })
  console.log(`\nThe browser tests pass on ${label}.`)
}

void main()
