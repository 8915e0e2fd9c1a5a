// `npm test`: every check, each step timed, and the timings written into docs/testing.md
// ("Where the time goes"), so that what CI spends its time on is measured by CI itself.
// `npm test -- unit e2e` runs only the steps named (and writes nothing).
import { execFileSync } from "node:child_process"
import { cpus } from "node:os"
import { readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import * as prettier from "prettier"
import { runSteps, timingTable, type Step } from "./steps/runSteps"

/** The plan: what runs, and what each step waits for. */
const plan: Step[] = [
  { name: "lint", command: "npm run lint" },
  { name: "unit", command: "npm run test:unit", after: ["lint"] },
  { name: "build", command: "npm run build:test", after: ["unit"] },
  { name: "typecheck", command: "npm run typecheck", after: ["build"] },
  { name: "e2e", command: "npm run test:e2e", after: ["typecheck"] },
  { name: "content", command: "npm run test:content", after: ["e2e"] },
  { name: "delivery", command: "npm run test:delivery", after: ["content"] },
  { name: "loadtest", command: "npm run loadtest:signup", after: ["delivery"] },
  {
    name: "gate",
    command: "npm run audit:html && npm run audit:links && npm run audit:lighthouse",
    after: ["loadtest"],
  },
]

const root = path.resolve(__dirname, "..")
const doc = path.join(root, "docs/testing.md")
const start = "<!-- timings: written by npm test -->"
const end = "<!-- end of timings -->"

async function writeTimings(text: string) {
  const before = readFileSync(doc, "utf8")
  const [head, rest] = before.split(start)
  const tail = rest?.split(end)[1]
  if (head === undefined || tail === undefined) throw new Error(`${doc} has no ${start} … ${end}`)
  const written = `${head}${start}\n\n${text}\n\n${end}${tail}`
  const options = await prettier.resolveConfig(doc)
  writeFileSync(doc, await prettier.format(written, { ...options, filepath: doc }))
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

  const result = await runSteps(steps)
  const table = timingTable(result)
  console.log(`\n${table}\n`)
  const ours = result.steps.reduce((sum, step) => sum + (step.cpuSeconds ?? 0), 0)
  const machine =
    result.machineCpuSeconds === undefined
      ? ""
      : ` Meanwhile the machine's ${cpus().length} cores were busy for ${Math.round(result.machineCpuSeconds)} processor seconds in all, ${Math.round(ours)} of them this run's steps'.`
  if (chosen.length === 0) {
    await writeTimings(
      `Written by \`npm test\` on ${new Date().toISOString().slice(0, 10)}, at ${commit()}: ${Math.round(result.seconds)} s.${machine}\n\n${table}`,
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
