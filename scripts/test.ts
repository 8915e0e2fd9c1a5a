// `npm test`: every check, each step timed, and the timings written into docs/testing.md
// ("Where the time goes"), so that what CI spends its time on is measured by CI itself.
// `npm test -- unit e2e` runs only the steps named (and writes nothing).
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { writeMarkdown } from "./markdown"
import { runSteps, timingTable, type Step } from "./steps/runSteps"

const minutes = (count: number) => count * 60

/**
 * The plan: what runs, and what each step waits for. Steps that need nothing of each other run
 * side by side, so that the 2 cores stay busy while one step waits on its browser or server, and
 * the long chain (the build, the browser tests, the other content, nginx, Lighthouse) starts each
 * link as soon as it can: lint and Jest beside the build, the browser tests once the build is
 * there (Jest, on one core, may still be running), the quick checks of the build beside them;
 * then the other content, and nginx's checks beside it: they run while its copy builds (its
 * browsers come after), and each fills the pauses of the other (docs/testing.md, "Under 30
 * minutes").
 *
 * Lighthouse measures the machine's time as much as the page's, so no other step at nice 0 runs
 * beside it. The publisher's tests do, the whole step and its builds at nice 19: they take the core
 * that Lighthouse's one browser leaves idle, and mostly yield it when Lighthouse wants it
 * (docs/decisions.md, "Lighthouse and the publisher's tests side by side", has why and what it
 * costs); Lighthouse's second look, for a route short on a budget, waits for them to end. They
 * are the longest step, so they start before Lighthouse, as the other content ends (beside what
 * is left of nginx's checks). Not beside the other content: at nice 10 beside a
 * build and browsers at nice 0, the publisher's first build missed its 4 minutes (a rehearsal of
 * c222eec).
 *
 * Each step has a time limit, past which it is taken to hang (scripts/steps/runSteps.ts): about
 * three times the longest it has taken in CI or a rehearsal (docs/testing.md), ten minutes at least.
 */
const plan: Step[] = [
  { name: "lint", command: "npm run lint" },
  { name: "unit", command: "npm run test:unit", limitSeconds: minutes(25) },
  { name: "build", command: "npm run build:test", limitSeconds: minutes(12) },
  { name: "typecheck", command: "npm run typecheck", after: ["build"] },
  { name: "html", command: "npm run audit:html", after: ["build"] },
  { name: "links", command: "npm run audit:links", after: ["build"] },
  { name: "loadtest", command: "npm run loadtest:signup", after: ["typecheck"] },
  { name: "e2e", command: "npm run test:e2e", after: ["build"], limitSeconds: minutes(30) },
  { name: "content", command: "npm run test:content", after: ["e2e"], limitSeconds: minutes(16) },
  { name: "delivery", command: "npm run test:delivery", after: ["e2e"] },
]
plan.push(
  {
    name: "lighthouse",
    command: "npm run audit:lighthouse",
    after: plan.map((step) => step.name),
    // 20 minutes, and the 10 its second look may wait for the publisher's tests (scripts/audit.ts).
    limitSeconds: minutes(30),
  },
  {
    name: "publishing",
    // As they end, passed or not, their file tells Lighthouse's second look (scripts/audit.ts).
    command: `PUBLISH_TEST_BUILD_NICE=19 nice -n 19 npm run test:publishing; ended=$?; touch "$AUDIT_BESIDE_PUBLISHING"; (exit $ended)`,
    after: plan.map((step) => step.name).filter((name) => name !== "delivery"),
    limitSeconds: minutes(26),
  },
)

const root = path.resolve(__dirname, "..")
const doc = path.join(root, "docs/testing.md")
const start = "<!-- timings: written by npm test -->"
const end = "<!-- end of timings -->"

async function writeTimings(text: string) {
  const before = readFileSync(doc, "utf8")
  const [head, rest] = before.split(start)
  const tail = rest?.split(end)[1]
  if (head === undefined || tail === undefined) throw new Error(`${doc} has no ${start} … ${end}`)
  await writeMarkdown(doc, `${head}${start}\n\n${text}\n\n${end}${tail}`)
}

function commit(): string {
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" })
  try {
    const dirty = git("status", "--porcelain", "--untracked-files=no").trim() !== ""
    return `${git("rev-parse", "--short", "HEAD").trim()}${dirty ? " with uncommitted changes" : ""}`
  } catch {
    return "an unknown commit"
  }
}

async function main() {
  const chosen = process.argv.slice(2)
  const unknown = chosen.filter((name) => !plan.some((step) => step.name === name))
  if (unknown.length > 0) {
    console.error(
      `No step ${unknown.join(", ")}: the steps are ${plan.map((s) => s.name).join(", ")}`,
    )
    process.exit(2)
  }
  const steps =
    chosen.length === 0
      ? plan
      : plan
          .filter((step) => chosen.includes(step.name))
          .map((step) => ({ ...step, after: step.after?.filter((name) => chosen.includes(name)) }))

  // Before any step writes its report into docs/.
  const measured = commit()
  // Lighthouse's report says whether the publisher's tests ran beside it, and its second look
  // waits for the file their step writes as it ends.
  const publishing = steps.some((step) => step.name === "publishing")
  const stateDir = publishing ? mkdtempSync(path.join(tmpdir(), "npm-test-")) : undefined
  process.env.AUDIT_BESIDE_PUBLISHING = stateDir ? path.join(stateDir, "publishing-ended") : ""
  const result = await runSteps(steps, { limitSeconds: minutes(10) })
  if (stateDir) rmSync(stateDir, { recursive: true, force: true })
  const table = timingTable(result)
  console.log(`\n${table}\n`)
  // .ci/run times its npm ci (and Debian's packages, when it installed any beside it) and says so.
  const installed = process.env.CI_INSTALL_SECONDS
  const what = process.env.CI_INSTALLED_DEBIAN
    ? "`npm ci`, with Debian's packages beside it"
    : "`npm ci`"
  const install = installed ? `, after ${installed} s of ${what} (.ci/run)` : ""
  if (chosen.length === 0) {
    await writeTimings(
      `Written by \`npm test\` on ${new Date().toISOString().slice(0, 10)}, at ${measured}: ${Math.round(result.seconds)} s${install}.\n\n${table}`,
    )
    console.log(`Timings written to ${path.relative(root, doc)}.`)
  }
  const failed = result.steps.filter((step) => step.status !== "passed").map((step) => step.name)
  if (failed.length > 0) {
    console.error(`npm test FAILED: ${failed.join(", ")}`)
    process.exit(1)
  }
  console.log("npm test passed.")
}

void main()
