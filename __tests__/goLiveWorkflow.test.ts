/**
 * @jest-environment node
 */
import { execFile } from "node:child_process"
import { mkdtemp, mkdir, readFile, rm, writeFile } from "node:fs/promises"
import http from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import { promisify } from "node:util"
import { load } from "js-yaml"

// Go-live dates on Netlify and Cloudflare Pages: .github/workflows/go-live.yml's step, run with
// bash as GitHub's runner would, against a build hook of the test's own and a journal of its own.

const repoRoot = path.resolve(__dirname, "..")
const run = promisify(execFile)

interface Workflow {
  jobs: { build: { steps: { run?: string; env?: Record<string, string> }[] } }
}

let script: string
let hook: http.Server
let hookUrl: string
let calls: string[]
let folder: string

beforeAll(async () => {
  const workflow = load(
    await readFile(path.join(repoRoot, ".github/workflows/go-live.yml"), "utf8"),
  ) as Workflow
  const step = workflow.jobs.build.steps.find((each) => each.run)
  if (!step?.run) throw new Error("go-live.yml has no step that runs a script")
  expect(step.env?.TZ).toBeTruthy()
  script = step.run
  calls = []
  hook = http.createServer((request, response) => {
    calls.push(request.method ?? "")
    response.end("{}")
  })
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve))
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/abc`
  folder = await mkdtemp(path.join(tmpdir(), "go-live-"))
  await mkdir(path.join(folder, "data"))
})
afterAll(async () => {
  hook?.close()
  if (folder) await rm(folder, { recursive: true, force: true })
})
beforeEach(() => {
  calls = []
})

/** The journal of data/ with its first article dated `date`. */
async function journalWithArticleOn(date: string) {
  const journal = JSON.parse(await readFile(path.join(repoRoot, "data/journal.json"), "utf8")) as {
    articles: { date: string }[]
  }
  for (const article of journal.articles) article.date = "2001-01-01"
  journal.articles[0]!.date = date
  await writeFile(path.join(folder, "data/journal.json"), JSON.stringify(journal))
}

const step = (env: Record<string, string>) =>
  run("bash", ["-e", "-c", script.replaceAll("${{ github.event_name }}", "workflow_dispatch")], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? "", TZ: "Europe/London", ...env },
  })

/** Today in London, as the runner's `date +%F` says it. */
const londonToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date())

test("calls the build hook on the day an article's date comes", async () => {
  await journalWithArticleOn(londonToday())
  const { stdout } = await step({ BUILD_HOOK_URL: hookUrl })
  expect(calls).toEqual(["POST"])
  expect(stdout).toContain("build started")
})

test("calls nothing on a day no article's date comes", async () => {
  await journalWithArticleOn("2001-01-02")
  const { stdout } = await step({ BUILD_HOOK_URL: hookUrl })
  expect(calls).toEqual([])
  expect(stdout).toContain("No article goes live today")
})

test("does nothing, and does not fail, until BUILD_HOOK_URL is set", async () => {
  await journalWithArticleOn(londonToday())
  const { stdout } = await step({ BUILD_HOOK_URL: "" })
  expect(calls).toEqual([])
  expect(stdout).toContain("No BUILD_HOOK_URL")
})
