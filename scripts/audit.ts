// The quality gate's Lighthouse part: Lighthouse on every route and the 404 of the build, served
// by the site's own server (`npm start`), in rounds with the control page (./audit/controlPage.ts);
// Lighthouse CI aggregates the runs and asserts the budgets of lighthouserc.cjs (`lhci assert`);
// docs/quality.md is written from the runs. The gate's other parts run as their tools' own runners:
// `npm run audit:html` (the Nu HTML checker) and `npm run audit:links` (linkinator).
// Usage: npm run audit:lighthouse (after a build; `npm run audit` builds, then runs all three)
import * as chromeLauncher from "chrome-launcher"
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import path from "node:path"
import type { Result as LighthouseResult } from "lighthouse"
import { chromePath, quietFlags } from "../e2e/support/browser"
import { run, serveBuild } from "../e2e/support/servers"
import { siteAddresses, unknownPath } from "../src/content/routes"
import { machineBlocks, serveControlPage } from "./audit/controlPage"
import { type AssertionResult, extraRuns, routesToRunAgain, waitForFile } from "./audit/secondLook"
import { markdownTable, writeMarkdown } from "./markdown"
import { assertionsFor } from "../lighthouserc.cjs"

const root = path.resolve(__dirname, "..")
const lhciCli = require.resolve("@lhci/cli/src/cli.js")
const rcFile = path.join(root, "lighthouserc.cjs")
const report = path.join(root, "docs/quality.md")
/** Mobile runs a route, one a round, so that a busy minute costs each route one run. */
const rounds = 3
/**
 * Lighthouse CI's assert reads the runs from .lighthouseci/ of the folder it runs in (`--lhr` of
 * 0.14.0 lists another folder but reads this one): a folder for each set of runs asserted
 * together. Gitignored; each run's HTML report is beside its JSON, for digging into a miss.
 */
const sets = ["control", "mobile", "desktop"] as const
type RunSet = (typeof sets)[number]
const folderOf = (set: RunSet) => path.join(root, ".lighthouseci", set)
const runsFolderOf = (set: RunSet) => path.join(folderOf(set), ".lighthouseci")

/**
 * The 404 answers 404 and is noindex by design: Lighthouse runs it despite its status, and
 * leaves out the two SEO audits that must fail there and its console errors, which are the 404s
 * of Gatsby's 404 handling by design (e2e/not-found.spec.ts checks that they are the only ones).
 */
const notFoundFlags = {
  ignoreStatusCode: true,
  skipAudits: ["is-crawlable", "http-status-code", "errors-in-console"],
}
/**
 * Set by `npm test` (scripts/test.ts), which runs the publisher's tests beside this, at nice 19:
 * the file their step writes as it ends, which the second look waits for.
 */
const publishingEnded = process.env.AUDIT_BESIDE_PUBLISHING
/**
 * How long the second look waits for the publisher's tests, which end within a minute or so of
 * this audit's first rounds and desktop runs; within the step's limit (scripts/test.ts).
 */
const publishingWaitMs = 10 * 60_000
/** A run whose trace came back incomplete (it happens on a busy machine) runs again, as in LHCI. */
const attempts = 3

const log = (message: string) => console.error(`[audit] ${message}`)

/** Runs `lhci` in the set's folder: whether it passed. */
async function lhci(set: RunSet, args: string[], env: NodeJS.ProcessEnv = {}) {
  const status = await run(process.execPath, [lhciCli, ...args, `--config=${rcFile}`], {
    cwd: folderOf(set),
    env: { ...env, AUDIT_FORM_FACTOR: set === "desktop" ? "desktop" : "mobile" },
  })
  return status === 0
}

/**
 * Chromium, the site and the control page, and a run of Lighthouse on them, each run kept where
 * `lhci collect` keeps its own. One process with one Chromium: `lhci collect` starts a Lighthouse
 * process a run, which made each run take twice as long on the shared machine here (11 s more on
 * average), some 10 minutes over the gate's 53 runs (docs/decisions.md, "The quality gate on
 * Lighthouse CI").
 */
async function openSession() {
  // Imported as the ES modules they are: tsx runs this file as CommonJS and would compile
  // Lighthouse on the way, with esbuild's __name() helper in functions it sends to the page as text.
  const { default: lighthouse } = await import("lighthouse")
  const { default: desktop } = await import("lighthouse/core/config/desktop-config.js")
  const { default: mobile } = await import("../lighthouse.config.mjs")
  const control = await serveControlPage()
  const site = await serveBuild()
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [...quietFlags, "--headless=new"],
  })
  const close = async () => {
    site.stop()
    await control.close()
    await chrome.kill()
  }
  for (const signal of ["SIGINT", "SIGTERM"])
    process.once(signal, () => void close().then(() => process.exit(130)))

  const runOnce = async (set: RunSet, url: string, flags = {}) => {
    for (let attempt = 1; ; attempt++) {
      const result = await lighthouse(
        url,
        {
          port: chrome.port,
          output: ["json", "html"],
          logLevel: "error",
          disableFullPageScreenshot: true,
          ...flags,
        },
        set === "desktop" ? desktop : mobile,
      )
      const error = result ? result.lhr.runtimeError : { message: "no result" }
      if (result && !error) {
        const [json = "", html = ""] = result.report
        const file = path.join(runsFolderOf(set), `lhr-${Date.now()}`)
        writeFileSync(`${file}.json`, json)
        writeFileSync(`${file}.html`, html)
        return
      }
      if (attempt === attempts) throw new Error(`${url}: ${error?.message}`)
      log(`${url}: ${error?.message}; again`)
    }
  }
  /** A route's run on the preset; the 404 with its flags. */
  const runRoute = (set: RunSet, route: string) =>
    runOnce(set, site.baseURL + route, route === unknownPath ? notFoundFlags : {})
  return { runControl: () => runOnce("control", control.url), runRoute, close }
}

/** The set's runs, in the order they ran. */
function runsOf(set: RunSet): LighthouseResult[] {
  const folder = runsFolderOf(set)
  return readdirSync(folder)
    .filter((file) => /^lhr-\d+\.json$/.test(file))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(folder, file), "utf8")))
}

/** A line of what `lhci assert` wrote (assertion-results.json): an assertion that did not pass. */
interface Miss extends AssertionResult {
  operator: string
  expected: number
  actual: number
  values: number[]
}

/** What `lhci assert` wrote for the set: every assertion that did not pass. */
function assertionResultsOf(set: RunSet): Miss[] {
  const file = path.join(runsFolderOf(set), "assertion-results.json")
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : []
}

/**
 * Why a category is short: its audits that did not pass in its worst run for the URL (for
 * performance, its weighted metrics under 0.9, as Lighthouse colours them).
 */
function whyShort(set: RunSet, url: string, category: string): string {
  const runs = runsOf(set).filter((lhr) => lhr.finalDisplayedUrl === url)
  const worst = runs.sort((a, b) => score(a, category) - score(b, category))[0]
  const refs = worst?.categories[category]?.auditRefs ?? []
  const failing = refs.filter((ref) => {
    const audit = worst?.audits[ref.id]
    if (!audit || audit.score === null) return false
    return category.startsWith("performance")
      ? ref.weight > 0 && audit.score < 0.9
      : audit.score < 1
  })
  return failing
    .map((ref) => {
      const audit = worst?.audits[ref.id]
      return `${ref.id}${audit?.displayValue ? ` (${audit.displayValue})` : ""}`
    })
    .join(", ")
}

/** What `lhci assert` found short in the set (its assertion-results.json), one line each. */
function missesOf(set: RunSet): string[] {
  return assertionResultsOf(set)
    .filter((result) => result.level === "error")
    .map((r) => {
      const why =
        r.auditId === "categories" && r.auditProperty ? whyShort(set, r.url, r.auditProperty) : ""
      return `${new URL(r.url).pathname} ${set}: ${r.auditId}${r.auditProperty ? `.${r.auditProperty}` : ""} expected ${r.operator} ${r.expected}, found ${Math.round(r.actual * 1000) / 1000} (every run: ${r.values.map((v) => Math.round(v * 1000) / 1000).join(", ")})${why ? `; short on ${why}` : ""}`
    })
}

// ---- The report ----------------------------------------------------------------------------------

const score = (lhr: LighthouseResult, category: string) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100)
const numeric = (lhr: LighthouseResult, audit: string) => lhr.audits[audit]?.numericValue ?? NaN
const scriptBytes = (lhr: LighthouseResult) => {
  const items = (lhr.audits["resource-summary"]?.details as { items?: unknown[] } | undefined)
    ?.items
  const script = (items as { resourceType: string; transferSize: number }[] | undefined)?.find(
    (item) => item.resourceType === "script",
  )
  return script?.transferSize ?? 0
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** A row of the table: each figure aggregated the way lighthouserc.cjs judges it. */
function row(route: string, preset: RunSet, runs: LighthouseResult[]) {
  const worst = (category: string) => Math.min(...runs.map((lhr) => score(lhr, category)))
  const best = (category: string) => Math.max(...runs.map((lhr) => score(lhr, category)))
  const mobile = preset === "mobile"
  return [
    route === unknownPath ? `${route} (404)` : route,
    preset,
    best("performance"),
    mobile ? best("performance-without-tbt") : "",
    mobile ? runs.map((lhr) => score(lhr, "performance")).join(" ") : "",
    worst("accessibility"),
    worst("best-practices"),
    worst("seo"),
    Math.round(median(runs.map((lhr) => numeric(lhr, "largest-contentful-paint"))) ?? NaN),
    Math.max(...runs.map((lhr) => numeric(lhr, "cumulative-layout-shift"))).toFixed(3),
    mobile
      ? `${Math.round(Math.min(...runs.map((lhr) => numeric(lhr, "total-blocking-time"))))} (${runs.map((lhr) => Math.round(numeric(lhr, "total-blocking-time"))).join(" ")})`
      : Math.round(numeric(runs[0] as LighthouseResult, "total-blocking-time")),
    (Math.max(...runs.map(scriptBytes)) / 1000).toFixed(1),
  ]
}

async function writeReport(
  blocks: boolean,
  controlTbt: number[],
  ranAgain: string[],
  misses: string[],
  /** Whether the second look waited for the publisher's tests, and they ended. */
  afterPublishing: boolean,
) {
  const bySetAndRoute = (set: RunSet, route: string) =>
    runsOf(set).filter((lhr) => new URL(lhr.requestedUrl ?? "").pathname === route)
  const rows = siteAddresses().flatMap((route) =>
    (["mobile", "desktop"] as const).map((set) => row(route, set, bySetAndRoute(set, route))),
  )
  const table = markdownTable(
    [
      "route",
      "preset",
      "perf",
      "perf w/o TBT",
      "perf, each run",
      "a11y",
      "best pr.",
      "SEO",
      "LCP ms",
      "CLS",
      "TBT ms, lowest (each run)",
      "JS KB",
    ],
    rows,
  )
  await writeMarkdown(
    report,
    `# Quality report

Measured ${new Date().toISOString().slice(0, 10)} by \`npm run audit:lighthouse\`: Lighthouse on every
route and the 404 of the build, served by the site's own server (\`npm start\`), its runs
aggregated and judged by Lighthouse CI on the budgets of [\`lighthouserc.cjs\`](../lighthouserc.cjs).
The gate's other budgets (the HTML checker, the links, axe) and why each is what it is:
[\`quality-gate.md\`](quality-gate.md).

${publishingEnded ? "It ran beside the publisher's tests at nice 19, as `npm test` runs it ([`testing.md`](testing.md)), which add to the pages' blocking time ([`decisions.md`](decisions.md#lighthouse-and-the-publishers-tests-side-by-side))." : "It ran with no other test beside it."}

Control page, Total Blocking Time of each mobile run: ${controlTbt.map(Math.round).join(", ")} ms.
${
  blocks
    ? 'It blocked: on this machine mobile performance is judged without TBT (the "perf w/o TBT" column).'
    : 'It never blocked: mobile performance is judged on Lighthouse\'s score (the "perf" column).'
}

Mobile: ${rounds} runs a route${
      ranAgain.length
        ? `, and up to ${extraRuns} more for ${ranAgain.join(", ")}: short on a budget judged by the best run on a machine that blocks, each ran again until it met it or had run ${rounds + extraRuns} times${afterPublishing ? ", once the publisher's tests had ended" : ""} (the second look, [\`decisions.md\`](decisions.md#when-the-machine-blocks))`
        : ""
    }. Performance is the best run's, accessibility, best practices and SEO
the worst run's, LCP the median, CLS and JavaScript the largest, Total Blocking Time the lowest
(each run's in brackets). Desktop: one run. "JS KB" is the scripts a route downloads as sent
(KB = 1000 bytes), from Lighthouse's resource summary. On the 404 Lighthouse leaves out
\`is-crawlable\`, \`http-status-code\` and \`errors-in-console\`, which fail there by design.

${table}

${misses.length ? `## Budget misses (${misses.length})\n\n${misses.map((miss) => `- ${miss}`).join("\n")}` : "Every budget is met."}
`,
  )
}

/**
 * `lhci assert` on the mobile runs, as the control page has judged the machine: whether it passed.
 * Its assertion-results.json goes first, so that an assert that fails to run leaves none behind.
 */
function assertMobile(blocks: boolean) {
  rmSync(path.join(runsFolderOf("mobile"), "assertion-results.json"), { force: true })
  return lhci("mobile", ["assert"], { AUDIT_MACHINE_BLOCKS: blocks ? "1" : "0" })
}

async function main() {
  for (const set of sets) {
    rmSync(folderOf(set), { recursive: true, force: true })
    mkdirSync(runsFolderOf(set), { recursive: true })
  }
  const session = await openSession()
  let mobile: boolean
  let blocks: boolean
  let controlTbt: number[]
  const ranAgain: string[] = []
  let afterPublishing = false
  try {
    for (let round = 1; round <= rounds; round++) {
      log(`mobile, round ${round} of ${rounds}`)
      await session.runControl()
      for (const route of siteAddresses()) await session.runRoute("mobile", route)
    }
    controlTbt = runsOf("control").map((lhr) => numeric(lhr, "total-blocking-time"))
    blocks = machineBlocks(controlTbt)
    log(
      `the control page blocked ${controlTbt.map(Math.round).join(", ")} ms: mobile performance is judged ${blocks ? "without" : "with"} TBT`,
    )
    mobile = await assertMobile(blocks)
    log("desktop")
    for (const route of siteAddresses()) await session.runRoute("desktop", route)
    const assertions = assertionsFor({ desktop: false, machineBlocks: blocks })
    for (let run = 1; run <= extraRuns && !mobile; run++) {
      const again = routesToRunAgain(assertionResultsOf("mobile"), assertions, controlTbt)
      if (again.length === 0) break
      // What the publisher's tests add to a page's blocking time is theirs, not the page's.
      if (run === 1 && publishingEnded) {
        log("the second look waits for the publisher's tests to end")
        const started = Date.now()
        afterPublishing = await waitForFile(publishingEnded, publishingWaitMs)
        log(
          `${afterPublishing ? "they ended" : "they had not ended"} after ${Math.round((Date.now() - started) / 1000)} s`,
        )
      }
      log(`the machine blocked: ${again.join(", ")} again, run ${rounds + run}`)
      for (const route of again) await session.runRoute("mobile", route)
      ranAgain.push(...again.filter((route) => !ranAgain.includes(route)))
      mobile = await assertMobile(blocks)
    }
  } finally {
    await session.close()
  }
  const desktop = await lhci("desktop", ["assert"])
  const misses = [...missesOf("mobile"), ...missesOf("desktop")]
  await writeReport(blocks, controlTbt, ranAgain, misses, afterPublishing)
  log(`wrote ${path.relative(root, report)}`)
  if (!mobile || !desktop) {
    console.log(`\nBudget misses (${misses.length}):\n${misses.map((m) => `  ${m}`).join("\n")}`)
    process.exitCode = 1
  } else console.log("\nEvery budget is met.")
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 2
})
