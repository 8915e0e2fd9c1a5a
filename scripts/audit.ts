// The quality gate of issue #4: builds the site, serves the production build on loopback and runs
// Lighthouse (mobile and desktop), axe, the Nu HTML checker, linkinator, a JavaScript weight count
// and a bundle analysis on every route and the 404. Prints one table, writes docs/quality.md and
// exits non-zero when a budget is missed.
// Usage: npm run audit [-- --no-build]   (--no-build audits the public/ already there)
import AxeBuilder from "@axe-core/playwright"
import { chromium, type Response } from "@playwright/test"
import * as chromeLauncher from "chrome-launcher"
import type { Result as LighthouseResult, RunnerResult } from "lighthouse"
import { LinkChecker } from "linkinator"
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { gzipSync, type InputType } from "node:zlib"
import { explore } from "source-map-explorer"
import { chromePath, chromiumLaunchOptions } from "../e2e/support/browser"
import { serveBuild } from "../e2e/support/servers"
import { listedBundles } from "../src/gatsby/scriptsAfterPaint"
import { siteAddresses, unknownPath } from "../src/content/routes"

interface Download {
  src: string
  gzip: number
  transferred: number
}
/** A script file a route loads, as built. */
interface BuiltFile {
  src: string
  raw: number
  gzip: number
  /** The page's own chunk, not one every page shares. */
  page: boolean
}
/** What the built files load. */
interface BuiltJs {
  componentChunkName: string
  files: BuiltFile[]
  inlineCount: number
  inlineGzip: number
  sharedGzip: number
  pageGzip: number
  total: number
}
/** Plus the chunks Chromium fetched beyond them. */
interface RouteJs extends BuiltJs {
  runtime: Download[]
  runtimeGzip: number
  budgeted: number
}
/** An axe violation, as reported. */
interface Violation {
  id: string
  impact: string | null | undefined
  help: string
  nodes: string[]
}
/** A route and preset's judged Lighthouse run. */
interface LighthouseFigures {
  scores: Record<string, number | null>
  /** Why each category's score is short. */
  failing: Record<string, string[]>
  only404ByDesign: boolean
  performanceRuns: number[]
  /** The mobile performance score the budget judges: Lighthouse's, or without TBT (see CONTROL_PAGE). */
  judgedPerformance: number
  lcp: number
  cls: number
  tbt: number
  /** The lowest Total Blocking Time of the route's runs, held under TBT_CEILING_MS. */
  lowestTbt: number
  warnings: string[]
}

// ---- Budgets ----------------------------------------------------------------------------------
/**
 * Gzipped JavaScript a route may load (KB = 1000 bytes, gzip level 9), with React 18 in the browser
 * as the owner asked (gatsby-starter-default ships 98.6 KB on its home page). React DOM is about
 * 46 KB of it and Gatsby's runtime with emotion about 33; pages load their own code only, and
 * code for what a visitor does (the sign-up toast, the affiliate tooltips) when she does it.
 */
const JS_BUDGET_KB = 90
const MIN_SCORE = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 }

// Lighthouse's mobile Total Blocking Time swings widely from run to run on a shared 2-core machine:
// Lantern multiplies each main-thread task's wall time by 4, and Chromium's own processes and the
// other tenants of the machine stretch those tasks by up to three times. So each route runs this
// often and is judged the way Lighthouse CI judges a score by default ("optimistic"): by its best
// run. Contention only ever adds time, so the fastest run is the nearest to what the page costs;
// every run's score is reported beside it. The desktop preset scores 100 with room; it runs once.
const MOBILE_RUNS = 5

/**
 * The control: a page with nothing in it (a heading and two paragraphs; no CSS, fonts, pictures or
 * scripts), run with the routes in every round. It has no work that could block, so where it
 * blocks in most of its runs (its median run blocks), Lighthouse's blocking time (the main thread's wall time multiplied by 4) is
 * measuring the machine as much as the page (docs/decisions.md, "When the machine blocks"): mobile
 * performance is then judged on Lighthouse's other metrics, their weights rescaled to add up to
 * 100, and TBT is reported beside it and held under TBT_CEILING_MS.
 */
const CONTROL_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Control</title><meta name="description" content="A page with nothing in it."></head><body><main><h1>Evergrace</h1><p>Style never ages.</p><p>A page with nothing in it, to measure the machine.</p></main></body></html>`
const CONTROL = "control page"
/**
 * Blocking time no mobile route may exceed in all its runs, on any machine, so that a page that
 * starts blocking for a second still fails when the performance budget is judged without TBT. The
 * routes' judged runs blocked 82–684 ms on the machine that needed the control page (200 ms scores
 * 0.9 in Lighthouse's mobile scoring, 600 ms 0.5).
 */
const TBT_CEILING_MS = 1000
const ROUTES = siteAddresses()
const NOT_FOUND = unknownPath
const PUBLIC = "public"
const REPORT = "docs/quality.md"
const ARTIFACTS = "test-results/audit" // gitignored: raw Lighthouse JSON for digging into a miss
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
}
const GZIP_LEVEL = 9

/** One line per missed budget; the exit code follows from it. */
const misses: string[] = []
const miss = (route: string, what: string) => misses.push(`${route.padEnd(14)} ${what}`)
const kb = (bytes: number) => (bytes / 1000).toFixed(1)
const gzipSize = (data: InputType) => gzipSync(data, { level: GZIP_LEVEL }).length
const log = (message: string) => console.error(`[audit] ${message}`)

/**
 * record[key] for a key this script filled in (or Lighthouse always reports): throws rather than
 * returning undefined.
 */
function lookup<T>(record: Record<string, T>, key: string): T {
  const value = record[key]
  if (value === undefined) throw new Error(`nothing for ${key}`)
  return value
}

/**
 * value.key1.key2… in a value of no one shape (Lighthouse's audit details are a wide union):
 * undefined as soon as a step is not an object.
 */
function dig(value: unknown, ...keys: string[]): unknown {
  let here = value
  for (const key of keys) {
    if (typeof here !== "object" || here === null) return undefined
    here = (here as Record<string, unknown>)[key]
  }
  return here
}

// ---- Built files ---------------------------------------------------------------------------------

/** The built HTML file the site's server answers a route with (404.html for unknown paths). */
function htmlFileOf(route: string): string {
  if (route === NOT_FOUND) return path.join(PUBLIC, "404.html")
  return path.join(PUBLIC, route === "/" ? "index.html" : `${route.slice(1)}/index.html`)
}

async function listHtmlFiles(dir: string): Promise<string[]> {
  const files: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    // admin/ will be the CMS (not ours to validate); _gatsby/slices holds HTML fragments that
    // Gatsby stitches into pages at build time, not documents; page-data is JSON.
    if (entry.isDirectory()) {
      if (!["admin", "_gatsby", "page-data", "static", "~partytown"].includes(entry.name))
        files.push(...(await listHtmlFiles(full)))
    } else if (entry.name.endsWith(".html")) files.push(full)
  }
  return files.sort()
}

/**
 * What a route's first load costs in JavaScript, from the built files: every <script src> in the
 * HTML, every inline script, and the page's component chunk group (page-data.json names it;
 * chunk-map.json and webpack.stats.json list its files, including the split chunks it needs).
 */
async function measureJavaScript(route: string): Promise<BuiltJs> {
  const html = await readFile(htmlFileOf(route), "utf8")
  const external = new Set<string>()
  const inline = new Set<string>()
  // Both groups always take part in a match; the defaults are for the type checker.
  for (const [, attributes = "", body = ""] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/g,
  )) {
    const src = attributes.match(/\bsrc="([^"]+)"/)?.[1]
    if (src) external.add(src)
    else if (!/type="application\/(ld\+)?json"/.test(attributes) && body.trim()) inline.add(body)
  }
  // The bundles the page loads after its first paint (src/gatsby/scriptsAfterPaint.ts).
  for (const src of listedBundles(html) ?? []) external.add(src)
  const shared = new Set(external)
  const pageDataPath = path.join(
    PUBLIC,
    "page-data",
    route === NOT_FOUND ? "404.html" : route === "/" ? "index" : route.slice(1),
    "page-data.json",
  )
  const { componentChunkName }: { componentChunkName: string } = JSON.parse(
    await readFile(pageDataPath, "utf8"),
  )
  const chunkMap: Record<string, string[]> = JSON.parse(
    await readFile(path.join(PUBLIC, "chunk-map.json"), "utf8"),
  )
  const stats: {
    namedChunkGroups?: Record<string, { assets?: (string | { name: string })[] }>
  } = JSON.parse(await readFile(path.join(PUBLIC, "webpack.stats.json"), "utf8"))
  const group = stats.namedChunkGroups?.[componentChunkName]?.assets ?? []
  const pageChunks = [
    ...(chunkMap[componentChunkName] ?? []),
    ...group.map((asset) => `/${typeof asset === "string" ? asset : asset.name}`),
  ].filter((file) => file.endsWith(".js") && !shared.has(file))
  for (const file of pageChunks) external.add(file)

  const files: BuiltFile[] = []
  for (const src of external) {
    const bytes = await readFile(path.join(PUBLIC, src))
    files.push({ src, raw: bytes.length, gzip: gzipSize(bytes), page: !shared.has(src) })
  }
  const inlineGzip = [...inline].reduce((sum, body) => sum + gzipSize(body), 0)
  const sharedGzip = files.filter((f) => !f.page).reduce((sum, f) => sum + f.gzip, 0)
  const pageGzip = files.filter((f) => f.page).reduce((sum, f) => sum + f.gzip, 0)
  return {
    componentChunkName,
    files,
    inlineCount: inline.size,
    inlineGzip,
    sharedGzip,
    pageGzip,
    total: sharedGzip + pageGzip + inlineGzip,
  }
}

const exploredFiles = new Map<string, Record<string, { size: number }>>()
/** The biggest source modules across the files a route loads (minified bytes, from source maps). */
async function biggestModules(
  files: { src: string }[],
  count = 8,
): Promise<[module: string, bytes: number][]> {
  const sizes = new Map<string, number>()
  for (const { src } of files) {
    const code = path.join(PUBLIC, src)
    if (!existsSync(`${code}.map`)) continue
    if (!exploredFiles.has(src)) {
      const result = await explore({ code, map: `${code}.map` }, { noBorderChecks: true }).catch(
        (error) => ({ bundles: [], error }),
      )
      exploredFiles.set(src, result.bundles[0]?.files ?? {})
    }
    for (const [name, { size }] of Object.entries(exploredFiles.get(src) ?? {})) {
      if (name.startsWith("[")) continue // [unmapped], [sourceMappingURL], [no source]
      const module = name.replace(/^webpack:\/\/[^/]*\//, "").replace(/^\.\//, "")
      sizes.set(module, (sizes.get(module) ?? 0) + size)
    }
  }
  return [...sizes.entries()].sort((a, b) => b[1] - a[1]).slice(0, count)
}

/** "3× message" for repeated messages, so that one cause is one line. */
function groupErrors(errors: string[]): string[] {
  const counts = new Map<string, number>()
  for (const error of errors) {
    const message = error.replace(/^line \d+: /, "")
    counts.set(message, (counts.get(message) ?? 0) + 1)
  }
  return [...counts].map(([message, n]) => (n > 1 ? `${n}× ${message}` : message))
}

/** The W3C Nu HTML checker with the machine's Java: error count per file. */
function validateHtml(files: string[]): Map<string, string[]> {
  const jar = path.join("node_modules", "vnu-jar", "build", "dist", "vnu.jar")
  const result = spawnSync("java", ["-jar", jar, "--errors-only", "--format", "json", ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.error) throw new Error(`could not run java for vnu.jar: ${result.error.message}`)
  let messages: { type: string; url: string; lastLine: number; message: string }[]
  try {
    messages = JSON.parse(result.stderr || result.stdout).messages
  } catch {
    throw new Error(`vnu.jar gave no JSON (exit ${result.status}): ${result.stderr.slice(0, 500)}`)
  }
  const perFile = new Map<string, string[]>(files.map((file) => [file, []]))
  for (const message of messages.filter((m) => m.type === "error")) {
    const file = path.relative(process.cwd(), decodeURIComponent(new URL(message.url).pathname))
    perFile.get(file)?.push(`line ${message.lastLine}: ${message.message}`)
  }
  return perFile
}

// ---- The served site -----------------------------------------------------------------------------

/** linkinator over the whole served site; anything not on this loopback server is skipped. */
async function checkLinks(base: string) {
  const escaped = base.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")
  const result = await new LinkChecker().check({
    path: ROUTES.filter((route) => route !== NOT_FOUND).map((route) => base + route),
    recurse: true,
    concurrency: 8,
    linksToSkip: [`^(?!${escaped}(/|$))`],
  })
  return result.links
    .filter((link) => link.state === "BROKEN")
    .map((link) => ({
      url: link.url,
      status: link.status,
      parent: link.parent ? new URL(link.parent).pathname : "(start)",
    }))
}

/** axe at a phone and a desktop width, and what Chromium downloads as scripts on each route. */
async function runBrowserChecks(base: string) {
  const browser = await chromium.launch(chromiumLaunchOptions())
  const axe: Record<string, Violation[]> = {}
  const downloaded: Record<string, Download[]> = {}
  const onInteraction: Record<string, { src: string; gzip: number }[]> = {}
  try {
    for (const [preset, viewport] of Object.entries(VIEWPORTS)) {
      for (const route of ROUTES) {
        // A fresh context per route: nothing cached, so every script counts as transferred.
        const context = await browser.newContext({ viewport })
        const page = await context.newPage()
        const scripts: Response[] = []
        page.on("response", (response) => {
          if (response.request().resourceType() === "script") scripts.push(response)
        })
        await page.goto(base + route, { waitUntil: "networkidle" })
        // Let the page hydrate first: axe should see the page a visitor uses.
        await page
          .locator("html[data-hydrated]")
          .waitFor({ state: "attached", timeout: 10_000 })
          .catch(() => log(`${route}: not hydrated after 10 s; running axe anyway`))
        const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
        axe[`${route} ${preset}`] = results.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.map((node) => node.target.join(" ")),
        }))
        if (preset === "mobile") {
          const files: Download[] = []
          for (const response of scripts) {
            const body = await response.body().catch(() => Buffer.alloc(0))
            const sizes = await response.request().sizes()
            files.push({
              src: new URL(response.url()).pathname,
              gzip: gzipSize(body),
              transferred: sizes.responseBodySize,
            })
          }
          downloaded[route] = files
          // What a visitor's first move, Tab, pointing at the page's first button and visit to
          // the e-mail field fetch besides (the affiliate tooltips and the sign-up toast load on
          // demand): reported, not budgeted.
          const loaded = scripts.length
          await page.mouse.move(8, 8)
          await page.keyboard.press("Tab")
          const button = page.locator("main button").first()
          if ((await button.count()) > 0) await button.hover()
          const email = page.locator('input[type="email"]')
          if ((await email.count()) > 0) await email.focus()
          await page.waitForLoadState("networkidle")
          await page.waitForTimeout(500)
          const fetched: { src: string; gzip: number }[] = []
          for (const response of scripts.slice(loaded)) {
            const body = await response.body().catch(() => Buffer.alloc(0))
            fetched.push({
              src: new URL(response.url()).pathname,
              gzip: gzipSize(body),
            })
          }
          onInteraction[route] = fetched
        }
        await context.close()
      }
    }
  } finally {
    await browser.close()
  }
  return { axe, downloaded, onInteraction }
}

// A null score (Lighthouse could not score the page) counts as 0.
const performanceOf = (lhr: LighthouseResult) =>
  Math.round((lookup(lhr.categories, "performance").score ?? 0) * 100)

/**
 * An audit's measured value. NaN where Lighthouse gives none: like undefined, it fails every
 * comparison and makes any sum or maximum NaN.
 */
const numericValue = (lhr: LighthouseResult, id: string) =>
  lookup(lhr.audits, id).numericValue ?? NaN

const BLOCKING = "total-blocking-time"

/**
 * The performance score as Lighthouse computes it (its metrics' scores, averaged by their
 * weights) with Total Blocking Time left out: what the budget judges where the control page shows
 * that the machine blocks (CONTROL_PAGE).
 */
function performanceWithoutBlocking(lhr: LighthouseResult): number {
  const refs = lookup(lhr.categories, "performance").auditRefs.filter(
    (ref) => ref.weight > 0 && ref.id !== BLOCKING,
  )
  const weights = refs.reduce((sum, ref) => sum + ref.weight, 0)
  const weighted = refs.reduce(
    (sum, ref) => sum + ref.weight * (lookup(lhr.audits, ref.id).score ?? 0),
    0,
  )
  return Math.round((weighted / weights) * 100)
}

/** Lighthouse CI's "optimistic" aggregation: the best-scoring run (the lower TBT on a tie). */
function bestRun(
  runs: RunnerResult[],
  score: (lhr: LighthouseResult) => number = performanceOf,
): RunnerResult {
  const tbt = (runner: RunnerResult) => numericValue(runner.lhr, BLOCKING)
  return runs.reduce((best, runner) => {
    const [a, b] = [score(runner.lhr), score(best.lhr)]
    return a > b || (a === b && tbt(runner) < tbt(best)) ? runner : best
  })
}

/** The middle value (the mean of the two middle ones for an even count); NaN if any is NaN. */
function median(values: number[]): number {
  if (values.some(Number.isNaN)) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2
}

/** CONTROL_PAGE on a loopback port of its own; rejects when it cannot listen. */
function serveControlPage(): Promise<{ url: string; close: () => void }> {
  const control = createServer((_request, response) =>
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(CONTROL_PAGE),
  )
  return new Promise((resolve, reject) => {
    control.once("error", reject)
    control.listen(0, "127.0.0.1", () => {
      const { port } = control.address() as AddressInfo
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => control.close() })
    })
  })
}

/** Lighthouse's errors for a trace Chromium did not record whole, which it says to run again. */
const traceFailures = new Set(["NO_NAVSTART", "NO_TRACING_STARTED"])
/**
 * How many times a route is loaded for one run when the trace comes back incomplete: it came back
 * so twice in a row on a busy CI machine (the 404 page, in the run of 7c8c918), on pages that
 * passed every other time.
 */
const traceAttempts = 3

/**
 * Lighthouse 12 with its default simulated throttling, one run at a time; mobile judged by its best run.
 */
async function runLighthouse(
  base: string,
  controlUrl: string,
): Promise<{
  figures: Record<string, LighthouseFigures>
  controlTbt: number[]
  machineBlocks: boolean
}> {
  // Imported as the ES modules they are, not required: tsx runs this file as CommonJS and would
  // compile Lighthouse to CommonJS on the way, with esbuild's __name() helper in its functions;
  // Lighthouse sends some of those functions to the page as text (computeBenchmarkIndex), where
  // __name is not defined and the run fails.
  const { default: lighthouse } = await import("lighthouse")
  const { default: desktopConfig } = await import("lighthouse/core/config/desktop-config.js")
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [...chromiumLaunchOptions().args, "--headless=new"],
  })
  const runsOf: Record<string, RunnerResult[]> = {}
  const runOnce = async (route: string, preset: string, url = base + route): Promise<void> => {
    const runs = (runsOf[`${route} ${preset}`] ??= [])
    log(`Lighthouse ${preset} ${route} (run ${runs.length + 1})`)
    for (let attempt = 1; ; attempt++) {
      const runner = await lighthouse(
        url,
        {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: Object.keys(MIN_SCORE),
          // The 404 answers 404 on purpose; without this Lighthouse refuses to audit it.
          ignoreStatusCode: route === NOT_FOUND,
        },
        preset === "desktop" ? desktopConfig : undefined,
      )
      if (!runner) throw new Error(`${route}: Lighthouse gave no result`)
      const error = runner.lhr.runtimeError
      // Chromium's trace of the load was incomplete ("Please run Lighthouse again"): again.
      if (error && attempt < traceAttempts && traceFailures.has(error.code)) {
        log(`Lighthouse ${preset} ${route}: ${error.code}, the trace was incomplete; again`)
        continue
      }
      if (error) throw new Error(`${route}: ${error.message}`)
      runs.push(runner)
      return
    }
  }
  const results: Record<string, LighthouseFigures> = {}
  let controlTbt: number[] = []
  let machineBlocks = false
  try {
    await mkdir(ARTIFACTS, { recursive: true })
    // Round after round over every route rather than a route's runs back to back, so that a busy
    // minute on the machine costs each route one run, not all of them.
    for (let round = 1; round <= MOBILE_RUNS; round++) {
      await runOnce(CONTROL, "mobile", controlUrl)
      for (const route of ROUTES) await runOnce(route, "mobile")
    }
    for (const route of ROUTES) await runOnce(route, "desktop")
    const controlRuns = lookup(runsOf, `${CONTROL} mobile`)
    controlTbt = controlRuns.map((run) => numericValue(run.lhr, BLOCKING))
    // The median run, not the best: the empty page once measured 0 ms in one run of five while
    // every route blocked 229–658 ms (docs/decisions.md). NaN (no figure) never counts as
    // blocking: the budget then stays Lighthouse's score.
    machineBlocks = median(controlTbt) > 0
    await writeFile(
      path.join(ARTIFACTS, "lighthouse-control-mobile.json"),
      bestRun(controlRuns).report,
    )
    if (machineBlocks)
      log(
        `the control page blocked ${controlTbt.map(Math.round).join(", ")} ms: mobile performance is judged without TBT`,
      )
    const judgedScore = (lhr: LighthouseResult) =>
      machineBlocks ? performanceWithoutBlocking(lhr) : performanceOf(lhr)
    for (const route of ROUTES) {
      for (const preset of Object.keys(VIEWPORTS)) {
        const runs = lookup(runsOf, `${route} ${preset}`)
        const { lhr, report } = bestRun(runs, preset === "mobile" ? judgedScore : performanceOf)
        const name = route === "/" ? "home" : route.slice(1)
        await writeFile(path.join(ARTIFACTS, `lighthouse-${name}-${preset}.json`), report)
        const scores: Record<string, number | null> = {}
        const failing: Record<string, string[]> = {}
        for (const id of Object.keys(lhr.categories)) {
          // Performance is judged by the best run; the other categories do not depend on timing,
          // and are judged by their worst run, so a run that found a problem is never hidden.
          const scoreIn = (run: RunnerResult) => lookup(run.lhr.categories, id).score ?? -1
          const judged =
            id === "performance"
              ? { lhr }
              : runs.reduce((worst, run) => (scoreIn(run) < scoreIn(worst) ? run : worst))
          const category = lookup(judged.lhr.categories, id)
          scores[id] = category.score === null ? null : Math.round(category.score * 100)
          // Why a score is short: the weighted audits that did not pass.
          failing[id] = category.auditRefs
            .map((ref) => ({ ref, audit: lookup(judged.lhr.audits, ref.id) }))
            .filter(({ ref, audit }) => {
              if (audit.score === null) return false
              if (id === "performance")
                return (
                  ref.weight > 0 &&
                  audit.score < 0.9 &&
                  (preset === "desktop" || !machineBlocks || ref.id !== BLOCKING)
                )
              return audit.score < 1 && !["informative", "manual"].includes(audit.scoreDisplayMode)
            })
            .map(({ audit }) => {
              const item = dig(audit.details, "items", "0")
              const first =
                dig(item, "node", "snippet") ??
                (dig(item, "sourceLocation", "url")
                  ? `${dig(item, "description")} ${dig(item, "sourceLocation", "url")}`
                  : undefined) ??
                dig(item, "url") ??
                dig(item, "source", "url")
              return `${audit.id} (${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ""})${first ? ` e.g. ${String(first).slice(0, 120)}` : ""}`
            })
        }
        // Gatsby's 404 handling logs 404s by design: the document itself and the page's
        // page-data.json, which the loader asks for before falling back to the 404 page's.
        const consoleErrors = runs.flatMap(
          (run) => dig(lookup(run.lhr.audits, "errors-in-console").details, "items") ?? [],
        )
        const inherent = new Set<unknown>([
          lhr.finalDisplayedUrl,
          new URL(`/page-data${route}/page-data.json`, base).href,
        ])
        const bestPractices = failing["best-practices"] ?? []
        const only404ByDesign =
          route === NOT_FOUND &&
          bestPractices.length === 1 &&
          bestPractices[0]?.startsWith("errors-in-console") === true &&
          consoleErrors.every((item) => inherent.has(dig(item, "sourceLocation", "url")))
        results[`${route} ${preset}`] = {
          scores,
          failing,
          only404ByDesign,
          // Every run's performance score, in the order they ran.
          performanceRuns: runs.map((runner) => performanceOf(runner.lhr)),
          judgedPerformance: preset === "mobile" ? judgedScore(lhr) : performanceOf(lhr),
          lcp: numericValue(lhr, "largest-contentful-paint"),
          // Layout shift is budgeted at 0 in every run, not only the judged one.
          cls: Math.max(...runs.map((run) => numericValue(run.lhr, "cumulative-layout-shift"))),
          tbt: numericValue(lhr, BLOCKING),
          lowestTbt: Math.min(...runs.map((run) => numericValue(run.lhr, BLOCKING))),
          warnings: lhr.runWarnings,
        }
      }
    }
  } finally {
    await chrome.kill()
  }
  return { figures: results, controlTbt, machineBlocks }
}

// ---- Output ----------------------------------------------------------------------------------------

/** An aligned pipe table (valid Markdown, readable in a terminal). */
function table(header: string[], rows: unknown[][]): string {
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => String(row[i]).length)),
  )
  const line = (cells: unknown[]) =>
    `| ${cells.map((c, i) => String(c).padEnd(widths[i] ?? 0)).join(" | ")} |`
  return [line(header), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...rows.map(line)]
    .join("\n")
    .concat("\n")
}

// ---- Main ------------------------------------------------------------------------------------------

async function main() {
  if (!process.argv.includes("--no-build")) {
    // npm's build: the content check, then gatsby build (its onPostBuild steps too), as `npm start` builds.
    log("npm run build")
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" })
    if (build.status !== 0) throw new Error("npm run build failed")
  }

  log("JavaScript per route")
  const builtJs: Record<string, BuiltJs> = {}
  for (const route of ROUTES) builtJs[route] = await measureJavaScript(route)

  log("Nu HTML checker")
  const htmlFiles = await listHtmlFiles(PUBLIC)
  const htmlErrors = validateHtml(htmlFiles)
  const htmlErrorsOf = (route: string) => htmlErrors.get(htmlFileOf(route)) ?? []

  // The control page from a server of its own, so nothing of the site's comes with it; started
  // first, so that if it cannot listen there is no site server left running.
  const control = await serveControlPage()
  // The site's own server as npm start runs it, in its own process group so that it ends whole.
  const server = await serveBuild()
  const stopOnSignal = () => {
    server.stop()
    process.exit(130)
  }
  process.once("SIGINT", stopOnSignal).once("SIGTERM", stopOnSignal)
  let broken: Awaited<ReturnType<typeof checkLinks>>
  let browser: Awaited<ReturnType<typeof runBrowserChecks>>
  let lighthouse: Awaited<ReturnType<typeof runLighthouse>>
  try {
    log(`linkinator over ${server.baseURL}`)
    broken = await checkLinks(server.baseURL)
    log("axe and downloaded scripts in Chromium")
    browser = await runBrowserChecks(server.baseURL)
    lighthouse = await runLighthouse(server.baseURL, control.url)
  } finally {
    server.stop()
    control.close()
  }
  const { figures: lh, machineBlocks } = lighthouse
  const controlTbt = lighthouse.controlTbt.map(Math.round)

  // Chunks Chromium loaded that the built HTML and chunk group do not name: dynamic imports made
  // at run time (gatsby-plugin-image's lazy hydration, for one). They count against the budget.
  const js: Record<string, RouteJs> = {}
  for (const route of ROUTES) {
    const m = lookup(builtJs, route)
    const named = new Set(m.files.map((f) => f.src))
    const runtime = (browser.downloaded[route] ?? []).filter((f) => !named.has(f.src))
    const runtimeGzip = runtime.reduce((sum, f) => sum + f.gzip, 0)
    js[route] = { ...m, runtime, runtimeGzip, budgeted: m.total + runtimeGzip }
  }
  log("bundle analysis")
  const shared = await biggestModules(
    lookup(js, "/").files.filter((f) => !f.page),
    10,
  )
  const modules: Record<string, [module: string, bytes: number][]> = {}
  for (const route of ROUTES) {
    const m = lookup(js, route)
    modules[route] = await biggestModules([...m.files.filter((f) => f.page), ...m.runtime])
  }

  // ---- Budgets ----
  for (const route of ROUTES) {
    const m = lookup(js, route)
    for (const preset of Object.keys(VIEWPORTS)) {
      const run = lookup(lh, `${route} ${preset}`)
      for (const [category, min] of Object.entries(MIN_SCORE)) {
        if (category === "performance" && preset !== "mobile") continue
        // The 404 is noindex and answers 404 by design: is-crawlable and http-status-code fail there.
        if (category === "seo" && route === NOT_FOUND) continue
        if (category === "best-practices" && run.only404ByDesign) continue
        const withoutTbt = category === "performance" && machineBlocks
        const score = category === "performance" ? run.judgedPerformance : run.scores[category]
        if (score === undefined || score === null || score < min)
          miss(
            route,
            `${preset} Lighthouse ${category}${withoutTbt ? ` without TBT (the control page blocked; Lighthouse's score ${run.scores.performance})` : ""} ${score} < ${min}: ${run.failing[category]?.join("; ") || "(no failing audit listed)"}`,
          )
      }
      if (preset === "mobile" && !(run.lowestTbt <= TBT_CEILING_MS))
        miss(
          route,
          `mobile Total Blocking Time ${Math.round(run.lowestTbt)} ms at its lowest over ${MOBILE_RUNS} runs > ${TBT_CEILING_MS} ms`,
        )
      if (Number(run.cls.toFixed(3)) !== 0) miss(route, `${preset} CLS ${run.cls.toFixed(3)} > 0`)
      const violations = lookup(browser.axe, `${route} ${preset}`)
      for (const v of violations)
        miss(
          route,
          `axe ${preset} ${v.id} (${v.impact}, ${v.nodes.length} node${v.nodes.length > 1 ? "s" : ""}): ${v.help} — ${v.nodes.slice(0, 3).join(", ")}`,
        )
    }
    for (const error of groupErrors(htmlErrorsOf(route))) miss(route, `HTML ${error}`)
    if (m.budgeted > JS_BUDGET_KB * 1000)
      miss(
        route,
        `JavaScript ${kb(m.budgeted)} KB gzipped > ${JS_BUDGET_KB} KB (shared ${kb(m.sharedGzip)}, page chunks ${kb(m.pageGzip)}, inline ${kb(m.inlineGzip)}, loaded at run time ${kb(m.runtimeGzip)}${m.runtime.map((f) => ` ${f.src}`).join("")})`,
      )
  }
  for (const link of broken) miss(link.parent, `broken link ${link.url} (status ${link.status})`)
  for (const [file, errors] of htmlErrors) {
    // Pages outside the table (public/404/index.html, the 404 page at its own path).
    const counted = ROUTES.some((route) => htmlFileOf(route) === file)
    if (!counted) for (const error of groupErrors(errors)) miss(file, `HTML ${error}`)
  }

  // ---- Table ----
  const header = [
    "route",
    "preset",
    "perf",
    "mobile runs",
    "a11y",
    "best pr.",
    "SEO",
    "LCP ms",
    "CLS",
    "TBT ms",
    "axe",
    "HTML err",
    "broken links",
    "JS KB gz",
  ]
  const rows: unknown[][] = []
  for (const route of ROUTES) {
    for (const preset of Object.keys(VIEWPORTS)) {
      const run = lookup(lh, `${route} ${preset}`)
      const s = run.scores
      rows.push([
        route === NOT_FOUND ? `${route} (404)` : route,
        preset,
        preset === "mobile" && machineBlocks
          ? `${s.performance} (${run.judgedPerformance} w/o TBT)`
          : s.performance,
        preset === "mobile" ? run.performanceRuns.join(" ") : "",
        s.accessibility,
        run.only404ByDesign ? `${s["best-practices"]}†` : s["best-practices"],
        route === NOT_FOUND ? `${s.seo}*` : s.seo,
        Math.round(run.lcp),
        run.cls.toFixed(3),
        preset === "mobile"
          ? `${Math.round(run.tbt)} (${Math.round(run.lowestTbt)})`
          : Math.round(run.tbt),
        lookup(browser.axe, `${route} ${preset}`).length,
        htmlErrorsOf(route).length,
        broken.filter((link) => link.parent === route).length,
        kb(lookup(js, route).budgeted),
      ])
    }
  }
  const mainTable = table(header, rows)
  console.log(`\n${mainTable}`)

  // ---- JavaScript figures, both methods ----
  const jsRows = ROUTES.map((route) => {
    const m = lookup(js, route)
    const seen = browser.downloaded[route] ?? []
    const seenGzip = seen.reduce((sum, f) => sum + f.gzip, 0)
    const seenTransferred = seen.reduce((sum, f) => sum + f.transferred, 0)
    const builtFiles = new Set(m.files.map((f) => f.src))
    const extra = seen.filter((f) => !builtFiles.has(f.src)).map((f) => f.src)
    const missing = [...builtFiles].filter((src) => !seen.some((f) => f.src === src))
    return [
      route,
      m.componentChunkName,
      kb(m.sharedGzip),
      kb(m.pageGzip),
      `${kb(m.inlineGzip)} (${m.inlineCount})`,
      kb(m.total),
      kb(m.runtimeGzip),
      kb(m.budgeted),
      `${seen.length} files, ${kb(seenGzip)}`,
      kb(seenTransferred),
      [...extra.map((s) => `+${s}`), ...missing.map((s) => `-${s}`)].join(" ") || "same files",
      kb((browser.onInteraction[route] ?? []).reduce((sum, f) => sum + f.gzip, 0)),
    ]
  })
  const jsTable = table(
    [
      "route",
      "component chunk",
      "shared <script src>",
      "page chunks",
      "inline (count)",
      "static total",
      "run-time extra",
      "budgeted",
      "Chromium downloaded, gz9",
      "transferred",
      "files that differ",
      "on first interaction",
    ],
    jsRows,
  )

  const sharedText = table(
    ["module", "minified KB"],
    shared.map(([name, size]) => [name, kb(size)]),
  )
  const modulesText = ROUTES.map(
    (route) =>
      `**${route}**\n\n${table(
        ["module", "minified KB"],
        lookup(modules, route).map(([name, size]) => [
          name.length > 90 ? `…${name.slice(-89)}` : name,
          kb(size),
        ]),
      )}`,
  ).join("\n")

  const date = new Date().toISOString().slice(0, 10)
  const report = `# Quality report

Measured ${date} by \`npm run audit\` (which builds, serves \`public/\` on loopback with
the site's own server (\`npm start\`), and checks every route and the 404). A missed budget fails the run, and CI
(\`.ci/run\`) runs it after \`npm test\`.

How to run: \`npm run audit\` (or \`npm run audit -- --no-build\` to audit the \`public/\` already
built). Needs Java 11+ on the PATH and Chromium at \`CHROME_PATH\` or \`/usr/bin/chromium\`.

## Budgets

- Lighthouse 12 (default simulated throttling), mobile and desktop presets: accessibility, best
  practices and SEO 100 on every route; performance at least ${MIN_SCORE.performance} on mobile.
  Mobile runs ${MOBILE_RUNS} times a route and is judged by its best run, Lighthouse CI's default
  ("optimistic") way of asserting a score over several runs; the table shows that run's figures,
  and "mobile runs" every run's performance score. Total Blocking Time swings widely on a shared
  2-core machine: Lighthouse multiplies each main-thread task's wall time by 4, and contention
  from Chromium's own processes and the machine's other work only ever stretches those tasks, so
  the fastest run is the nearest to what the page itself costs. The runs go in rounds over all
  the routes, so that a busy minute costs each route one run. Accessibility, best practices and
  SEO are judged by their worst run, and CLS must be 0 in every run. Desktop runs once.
  A control page runs with the routes in every round: a page with nothing in it (a heading and two
  paragraphs, no CSS, fonts, pictures or scripts), served apart from the site. It has no work that
  could block; where it blocks in most of its runs (its median run blocks), Lighthouse's blocking time (the main thread's wall
  time multiplied by 4) is measuring the machine as much as the page, and mobile performance is
  judged on Lighthouse's other metrics, their weights rescaled to add up to 100 (in Lighthouse 12:
  FCP 10, Speed Index 10, LCP 25 and CLS 25 of 70). The "perf" column of the mobile rows then shows
  Lighthouse's score and, in brackets, the one judged. Why:
  [\`decisions.md\`](decisions.md#when-the-machine-blocks).
- Total Blocking Time: every mobile route's lowest over its runs at most ${TBT_CEILING_MS} ms
  (above the 82–684 ms the routes' judged runs blocked on the machine that needed the control page;
  Lighthouse scores 200 ms 0.9 and 600 ms 0.5), whether or not the control page blocked.
  The "TBT ms" column shows the judged run's, and the lowest in brackets.
  The 404 (\`${NOT_FOUND}\`) is \`noindex\` and answers 404 by design, so the SEO audits
  \`is-crawlable\` and \`http-status-code\` must fail there: its SEO score is reported (marked \\*)
  and not budgeted. Likewise its best-practices score is marked † and not budgeted when the only
  failing audit is \`errors-in-console\` and every logged error is a 404 that Gatsby's 404
  handling causes by design (the document itself and \`/page-data${NOT_FOUND}/page-data.json\`);
  any other console error there still fails. Every other budget applies to the 404 too.
- CLS 0 in every run (as Lighthouse reports it, to three decimals).
- axe-core (\`@axe-core/playwright\`, tags ${AXE_TAGS.join(", ")}) at 390×844 and 1280×800: 0
  violations. The mobile rows show the 390 px run, the desktop rows the 1280 px run.
- W3C Nu HTML checker (\`vnu-jar\`, \`--errors-only\`) on every built page: 0 errors.
- linkinator over the served site from every route: 0 broken links (off-site URLs, \`mailto:\`
  and the absolute canonical/og URLs are skipped).
- **JavaScript: at most ${JS_BUDGET_KB} KB gzipped per route** (the ceiling was 100 KB; tightened
  to what the site reaches), (KB = 1000 bytes, zlib level
  ${GZIP_LEVEL}): every bundle the page's loader lists (the \`<script src>\` tags Gatsby wrote), the inline scripts (de-duplicated) and
  the page's component chunk group from \`page-data.json\` → \`chunk-map.json\` and
  \`webpack.stats.json\`, plus any further chunk Chromium downloads while loading the page.

## Results

Control page, Total Blocking Time of each mobile run: ${controlTbt.join(", ")} ms. ${
    machineBlocks
      ? "Its median run blocked: on this machine mobile performance is judged without TBT."
      : "Its median run did not block: mobile performance is judged on Lighthouse's score as it is."
  }

${mainTable}
${
  misses.length
    ? `### Budget misses (${misses.length})\n\n${misses.map((m) => `- ${m.replace(/\s+/g, " ").replace(/[<>|]/g, (c) => `\\${c}`)}`).join("\n")}\n`
    : "Every budget is met.\n"
}
## JavaScript per route

KB gzipped (level ${GZIP_LEVEL}). "static total" is counted from the built files as described
above; "run-time extra" is what Chromium downloaded beyond it (chunks imported dynamically after
hydration), and "budgeted" is the sum of the two. "Chromium downloaded" is the cross-check: the \`script\` resources
Chromium fetched while loading the route at 390 px (until the network was idle), each body gzipped
the same way; "transferred" is the bytes on the wire as the site's own server (\`npm start\`) compressed them. Inline
scripts are not downloads, so that column lacks them. "on first interaction" is what a visitor's
first mouse move, Tab, pointing at the page's first button and focus on the e-mail field fetch
after that (the affiliate page's tooltips and the sign-up toast load on demand); a visit that
only reads never downloads it, so it is reported and not budgeted. On \`/affiliate\` the page's
content hydrates when its tooltips arrive, so Lighthouse, which does not point at anything,
measures the page as a reader gets it.

${jsTable}
## Biggest modules per route

From \`source-map-explorer\` over the source maps Gatsby emits, by minified size before gzip.

Shared by every route (the \`<script src>\` chunks in the HTML):

${sharedText}
Per route, in the page's own chunks and the chunks it loads at run time:

${modulesText}`
  await writeFile(REPORT, report)
  log(`wrote ${REPORT}`)

  if (misses.length) {
    console.log(`\nBudget misses (${misses.length}):`)
    for (const m of misses) console.log(`  ${m}`)
    process.exitCode = 1
  } else {
    console.log("\nEvery budget is met.")
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 2
})
