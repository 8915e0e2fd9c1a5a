// npm run measure:publishing: the publisher as `npm start` runs it, measured, into
// docs/publishing.md. The site's own server (scripts/serve.ts, after a build) is started with
// PUBLISH_REPO and PUBLISH_SECRET and its port alone; a bare Git repository made of this project
// is its origin, and GitHub's webhooks are signed and posted here. Measured:
//   - edit to live: a journal title changed, committed, pushed and its webhook posted, until the
//     server sends the new title; MEASURE_EDITS consecutive edits (default 10), p95 ≤ 30 s;
//   - a burst of 10 pushes in 10 s: the builds it takes (at most 2) and the newest live;
//   - an undo (npm run release:rollback's way): until the earlier title is served again;
//   - the server's memory (its one process; builds run in child processes) after each of
//     MEASURE_PUBLISHES publishes (default 20), which must not grow;
//   - the site's answers to a visitor while it builds (GET / every 250 ms).
// Takes 15–25 minutes on this project's 2-core machine. Usage: npm run build && npm run measure:publishing
import { execFileSync, spawn } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { stripVTControlCharacters } from "node:util"
import prettier from "prettier"
import { askMemory, askPublishes, askRollback } from "../src/publishing/node/control"
import { Releases } from "../src/publishing/node/releases"
import { makeOrigin, postWebhook, pushPayload, type Origin } from "../e2e/support/publishing"

const root = path.resolve(__dirname, "..")
const port = Number(process.env.MEASURE_PORT ?? 9420)
const edits = Number(process.env.MEASURE_EDITS ?? 10)
const publishes = Math.max(edits, Number(process.env.MEASURE_PUBLISHES ?? 20))
const secret = "measure-publishing-secret"
const stateDir = path.join(root, ".publish")
const outFile = path.join(root, "docs/publishing.md")
const repository = "evergrace/website"
const siteUrl = `http://localhost:${port}`

const seconds = (ms: number) => Math.round(ms / 100) / 10
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

/**
 * Processor seconds the server's finished child processes used (the builds: the content check,
 * gatsby build and its workers), from /proc: what a build costs whatever else runs.
 */
const ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100
function childCpuSeconds(pid: number): number {
  // The fields after the process name, which may hold spaces: cutime and cstime are 14th and 15th.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? []
  return (Number(fields[13]) + Number(fields[14])) / ticksPerSecond
}

/** Resident memory of a process in MB, from /proc. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8")
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
}

async function served(text: string): Promise<boolean> {
  try {
    return (await (await fetch(`${siteUrl}/journal`)).text()).includes(text)
  } catch {
    return false
  }
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 10 * 60_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs / 1000} s: ${what}`)
    await sleep(100)
  }
}

const retitle = (origin: Origin, title: string) =>
  origin.commit(`Journal: ${title}`, async (files) => {
    const journal = await files.read<{ articles: { title: string }[] }>("journal")
    const [first] = journal.articles
    if (!first) throw new Error("data/journal.json has no article")
    first.title = title
    await files.write("journal", journal)
  })

async function main() {
  if (!existsSync(path.join(root, "public", "index.html"))) {
    throw new Error("public/ has no build: run npm run build first")
  }
  // What an earlier run left but the working copy with its cache: a server keeps that.
  for (const name of existsSync(stateDir) ? await readdir(stateDir) : []) {
    if (name !== "work" && name !== "repo.git")
      await rm(path.join(stateDir, name), { recursive: true, force: true })
  }
  const scratch = await mkdtemp(path.join(os.tmpdir(), "evergrace-measure-"))
  // Its head a commit the checkout does not have: the first publish is a build, as on a new server.
  const origin = await makeOrigin(scratch, { newCommit: true })
  const startedAt = new Date()
  const loadBefore = os.loadavg()

  // npm start's server, with the two variables and its port: nothing else from this shell.
  // --expose-gc: the memory is also read as the heap after a full collection, which only a leak
  // grows (resident memory grows with what V8 has not collected yet).
  const server = spawn(process.execPath, ["--expose-gc", "--import", "tsx", "scripts/serve.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      PUBLISH_REPO: origin.url,
      PUBLISH_SECRET: secret,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  let log = ""
  server.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()))
  server.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()))
  const builds = () =>
    stripVTControlCharacters(log).match(/gatsby build of [0-9a-f]{7}/g)?.length ?? 0
  const stop = () => {
    try {
      if (server.pid) process.kill(-server.pid, "SIGTERM")
    } catch {
      // ended
    }
  }
  process.once("SIGINT", () => {
    stop()
    process.exit(130)
  })

  try {
    const head = await origin.head()
    const firstStarted = Date.now()
    await until(
      "the first publish",
      async () => (await askPublishes(stateDir))?.live?.commit === head,
    )
    const firstPublish = seconds(Date.now() - firstStarted)
    console.log(`first publish (the server catching up with the branch): ${firstPublish} s`)

    // A visitor, all along: the home page every 250 ms.
    const answers: number[] = []
    let failures = 0
    let visiting = true
    const visitor = (async () => {
      while (visiting) {
        const asked = performance.now()
        try {
          const response = await fetch(`${siteUrl}/`)
          await response.arrayBuffer()
          if (response.ok) answers.push(performance.now() - asked)
          else failures += 1
        } catch {
          failures += 1
        }
        await sleep(250)
      }
    })()

    const editSeconds: number[] = []
    const buildCpu: number[] = []
    const loads: number[] = []
    const memory: MemoryRow[] = []
    for (let count = 1; count <= publishes; count += 1) {
      const title = `Sunday Linen, Edit ${count}`
      const commit = await retitle(origin, title)
      const cpuBefore = server.pid ? childCpuSeconds(server.pid) : 0
      const pushed = Date.now()
      const answer = await postWebhook(siteUrl, {
        event: "push",
        payload: pushPayload(repository, commit),
        secret,
      })
      if (answer.status !== 202)
        throw new Error(`the webhook was answered ${answer.status}: ${answer.message}`)
      await until(`edit ${count} live`, () => served(title))
      const took = seconds(Date.now() - pushed)
      if (count <= edits) editSeconds.push(took)
      await until(
        "the publisher idle",
        async () => (await askPublishes(stateDir))?.records[0]?.state === "live",
      )
      memory.push({
        publish: count,
        megabytes: server.pid ? rssMb(server.pid) : 0,
        heap: (await askMemory(stateDir))?.heapUsed ?? Number.NaN,
      })
      if (count <= edits) {
        buildCpu.push(
          Math.round(((server.pid ? childCpuSeconds(server.pid) : 0) - cpuBefore) * 10) / 10,
        )
        loads.push(Math.round((os.loadavg()[0] ?? 0) * 10) / 10)
      }
      console.log(
        `publish ${count}: live ${took} s after the webhook; memory ${JSON.stringify(memory.at(-1))}`,
      )
    }
    visiting = false
    await visitor

    // A burst: 10 pushes in 10 s.
    const buildsBefore = builds()
    const burstStarted = Date.now()
    let newest = ""
    for (let count = 1; count <= 10; count += 1) {
      const tick = Date.now()
      newest = await retitle(origin, `Burst ${count}`)
      await postWebhook(siteUrl, {
        event: "push",
        payload: pushPayload(repository, newest),
        secret,
      })
      await sleep(Math.max(0, 1_000 - (Date.now() - tick)))
    }
    const burstPushSeconds = seconds(Date.now() - burstStarted)
    await until("the burst's newest live", () => served("Burst 10"))
    const burstLive = seconds(Date.now() - burstStarted)
    await until(
      "the publisher idle",
      async () => (await askPublishes(stateDir))?.records[0]?.state === "live",
    )
    const burstBuilds = builds() - buildsBefore
    const burstNewestLive = (await askPublishes(stateDir))?.live?.commit === newest
    console.log(`burst: ${burstBuilds} builds, newest live: ${burstNewestLive}, ${burstLive} s`)

    // Undo, as npm run release:rollback asks it: until the version before is served again.
    const previous = (await askPublishes(stateDir))?.previous?.commit
    const before = (await new Releases(stateDir).list()).find(
      (release) => release.commit === previous,
    )
    if (!before) throw new Error("no earlier version kept to undo to")
    const journalBefore = await readFile(
      path.join(before.dir, "public", "journal", "index.html"),
      "utf8",
    )
    const undoStarted = performance.now()
    const undo = await askRollback(stateDir, "the measurement")
    await until(
      "the earlier version served",
      async () => (await (await fetch(`${siteUrl}/journal`)).text()) === journalBefore,
      30_000,
    )
    const undoSeconds = Math.round((performance.now() - undoStarted) / 10) / 100
    console.log(`undo: ${undoSeconds} s (${undo?.message})`)

    const loadAfter = os.loadavg()
    await writeReport({
      startedAt,
      loadBefore,
      loadAfter,
      firstPublish,
      editSeconds,
      buildCpu,
      loads,
      memory,
      burst: {
        builds: burstBuilds,
        newestLive: burstNewestLive,
        pushSeconds: burstPushSeconds,
        liveSeconds: burstLive,
      },
      undo: { seconds: undoSeconds, message: undo?.message ?? "no answer" },
      visitor: { answers, failures },
    })
  } finally {
    stop()
    await rm(scratch, { recursive: true, force: true })
  }
}

interface MemoryRow {
  publish: number
  /** Resident, from /proc. */
  megabytes: number
  /** V8's heap after a full collection, from the server. */
  heap: number
}

/** The least-squares slope of a series over the publishes, a publish. */
function slopeOf(rows: MemoryRow[], value: (row: MemoryRow) => number): number {
  const n = rows.length
  const meanX = rows.reduce((sum, row) => sum + row.publish, 0) / n
  const meanY = rows.reduce((sum, row) => sum + value(row), 0) / n
  const numerator = rows.reduce((sum, row) => sum + (row.publish - meanX) * (value(row) - meanY), 0)
  const denominator = rows.reduce((sum, row) => sum + (row.publish - meanX) ** 2, 0)
  return Math.round((numerator / denominator) * 100) / 100
}

interface Report {
  startedAt: Date
  loadBefore: number[]
  loadAfter: number[]
  firstPublish: number
  editSeconds: number[]
  buildCpu: number[]
  loads: number[]
  memory: MemoryRow[]
  burst: { builds: number; newestLive: boolean; pushSeconds: number; liveSeconds: number }
  undo: { seconds: number; message: string }
  visitor: { answers: number[]; failures: number }
}

async function writeReport(report: Report) {
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root })
    .toString()
    .trim()
  const cpu = os.cpus()[0]?.model ?? "unknown"
  const load = (values: number[]) => values.map((value) => value.toFixed(1)).join(", ")
  const p95 = percentile(report.editSeconds, 95)
  const totals = report.memory.map((row) => row.megabytes)
  // After the first publishes (the first release's site and the builds' buffers settling): the
  // range, and the least-squares slope, MB a publish.
  const settled = report.memory.slice(3)
  const heaps = settled.map((row) => row.heap)
  const ms = (value: number) => Math.round(value)
  const text = `# Publishing: measured

Written by \`npm run measure:publishing\` (scripts/measure-publishing.ts) on
${report.startedAt.toISOString().slice(0, 10)}, at commit ${commit}. How publishing works and how to set it up:
[Deploying](deploying.md#publishing-from-github); what staff see: [Editing](editing-content.md#saving-a-draft-and-publishing-it).

The server is the site's own, as \`npm start\` runs it after a build (\`scripts/serve.ts\`), with
\`PUBLISH_REPO\` (a bare Git repository made of this project) and \`PUBLISH_SECRET\` set and nothing
else but its port: the defaults publish \`main\` into \`.publish/\`. Each edit changes a journal
article's title, is committed and pushed, and GitHub's \`push\` webhook is posted, signed; "live"
is when the server sends the new title. The publisher's working copy kept Gatsby's cache from
earlier runs, as a server does between publishes.

**The machine**: ${os.cpus().length} cores (${cpu}), load average ${load(report.loadBefore)} when the run
began and ${load(report.loadAfter)} when it ended (1, 5 and 15 minutes; this run's own builds
count, as does whatever else ran). The figures are this machine's on that day: the load beside
each edit below says how busy it was.

## Edit to live

${report.editSeconds.length} consecutive edits, from the webhook's post to the new text served:

| edit | ${report.editSeconds.map((_, index) => index + 1).join(" | ")} |
| ---- | ${report.editSeconds.map(() => "---").join(" | ")} |
| seconds | ${report.editSeconds.join(" | ")} |
| build's processor seconds | ${report.buildCpu.join(" | ")} |
| load average (1 min) | ${report.loads.join(" | ")} |

The builds used ${percentile(report.buildCpu, 50)} processor seconds each (median; the content check, \`gatsby build\`
and its workers together), whatever else the machine ran: on two free cores, about that long or less.

p50 ${percentile(report.editSeconds, 50)} s, **p95 ${p95} s** (${p95 <= 30 ? "within" : "over"} the 30 s asked), slowest ${Math.max(...report.editSeconds)} s.
The first publish, when the server started and caught up with the branch: ${report.firstPublish} s.

While the site built, a visitor asked for the home page every 250 ms: ${report.visitor.answers.length} answers,
p50 ${ms(percentile(report.visitor.answers, 50))} ms, p95 ${ms(percentile(report.visitor.answers, 95))} ms, slowest ${ms(Math.max(...report.visitor.answers))} ms,
${report.visitor.failures} failed (builds run at a low priority, nice 10, in processes of their own).

## A burst of pushes

10 pushes, one a second (${report.burst.pushSeconds} s from the first to the last), each with its
webhook: **${report.burst.builds} builds** (one running when the burst began, one more for what came
during it); the newest commit ${report.burst.newestLive ? "live" : "NOT live"}, ${report.burst.liveSeconds} s after the first push.

## Undo

\`npm run release:rollback\`'s request to the running server, until the earlier title was served:
**${report.undo.seconds} s**. The server said: "${report.undo.message}"

## Memory across ${report.memory.length} publishes

Memory (MB) of the server's process after each publish: it holds the port, the live
release's site (its bundled site file, the one before let go of) and the publisher; the builds
run in child processes, not counted. Resident memory, and V8's heap after a full collection
(the server runs with \`--expose-gc\` here, and its control socket collects before it answers):
what a leak would grow.

| publish | ${report.memory.map((row) => row.publish).join(" | ")} |
| ------- | ${report.memory.map(() => "---").join(" | ")} |
| resident | ${totals.join(" | ")} |
| heap after collection | ${report.memory.map((row) => row.heap).join(" | ")} |

From the fourth publish on (least squares over publishes 4 to ${report.memory.length}): resident
${Math.min(...settled.map((row) => row.megabytes))} to ${Math.max(...settled.map((row) => row.megabytes))} MB, a slope of ${slopeOf(settled, (row) => row.megabytes)} MB a publish; heap
${Math.min(...heaps)} to ${Math.max(...heaps)} MB, a slope of ${slopeOf(settled, (row) => row.heap)} MB a publish.
`
  const formatted = await prettier.format(text, {
    ...(await prettier.resolveConfig(outFile)),
    filepath: outFile,
  })
  await writeFile(outFile, formatted)
  console.log(`wrote ${path.relative(root, outFile)}`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
