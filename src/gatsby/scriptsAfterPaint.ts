// A step of onPostBuild (./postBuild.ts), before the delivery files hash the inline scripts: let
// every page paint before its JavaScript is fetched and run.
//
// Gatsby ends each page with `<script src=… async>` tags for its bundles. On a phone the parser
// finds them at once, and they are downloaded beside the first screen's image and fonts and run
// (React, then hydration) before the browser first paints: Lighthouse measured the shop's LCP at
// 3.5 s on a simulated phone, against 1.6 s for the same page without scripts. The page is
// complete HTML and CSS, so it can be shown first and made interactive a moment later.
//
// This replaces those tags with their list (JSON, not run) and one small loader that adds them
// once the browser reports its first contentful paint. Where paint timing is not reported, the
// loader adds them straight away, so no browser is left with a page that never hydrates.
import { readdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { cmsFolder } from "../shared/policy"

const scriptListId = "gatsby-app-scripts"

/**
 * The same on every page, so the policy needs one hash for it. Every page ships it as written, so
 * its comments are here, outside the string (in it, they cost each page 154 bytes gzipped):
 * - One bundle a task: adding a script costs the main thread a few milliseconds, and six at once
 *   made one long task on a slow phone. The bundles are async; webpack runs them in order.
 * - A browser that lists paint timing but never reports the paint still gets its scripts, 3 s
 *   after its load event.
 */
export const loader = `(function () {
  var started = false
  function start() {
    if (started) return
    started = true
    var sources = JSON.parse(document.getElementById("${scriptListId}").textContent)
    ;(function addNext() {
      var script = document.createElement("script")
      script.src = sources.shift()
      script.async = true
      document.body.appendChild(script)
      if (sources.length) setTimeout(addNext, 0)
    })()
  }
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes
  if (!types || types.indexOf("paint") === -1) return start()
  new PerformanceObserver(function (entries) {
    if (entries.getEntriesByName("first-contentful-paint").length) start()
  }).observe({ type: "paint", buffered: true })
  addEventListener("load", function () {
    setTimeout(start, 3000)
  })
})()`

/** The bundles a page built this way loads after its first paint; undefined if it lists none. */
export function listedBundles(html: string): string[] | undefined {
  const list = html.match(
    new RegExp(`<script type="application/json" id="${scriptListId}">([^<]*)</script>`),
  )
  if (!list) return undefined
  const sources: unknown = JSON.parse(list[1] ?? "")
  if (!Array.isArray(sources) || !sources.every((source) => typeof source === "string")) {
    throw new Error(`the page's bundle list is not a list of addresses: ${list[1]}`)
  }
  return sources
}

// Gatsby writes its bundles' tags into this slice of every page.
const scriptsSlice =
  /(<!-- slice-start id="_gatsby-scripts-1" -->)([\s\S]*?)(<!-- slice-end id="_gatsby-scripts-1" -->)/
const asyncScript = /<script src="([^"]+)" async><\/script>/g

/** Where a page built this way lists its bundles and loads them. */
const listAndLoader = new RegExp(
  `<script type="application/json" id="${scriptListId}">[^<]*</script><script>[\\s\\S]*?</script>`,
)

/**
 * The page with its bundles loaded after the first paint. A page done before (Gatsby rewrites only
 * the pages that changed) gets the current loader, so a change to the loader reaches every page.
 */
export function loadScriptsAfterPaint(html: string, file = "page"): string {
  const slice = html.match(scriptsSlice)
  if (!slice) {
    throw new Error(`${file}: no Gatsby scripts slice found; has Gatsby changed how it writes it?`)
  }
  const scripts = slice[2] ?? ""
  const sources =
    listedBundles(scripts) ?? [...scripts.matchAll(asyncScript)].map((match) => match[1] ?? "")
  if (sources.length === 0) throw new Error(`${file}: the Gatsby scripts slice lists no bundles`)
  const list = `<script type="application/json" id="${scriptListId}">${JSON.stringify(sources)}</script>`
  const rest = scripts.replace(listAndLoader, "").replace(asyncScript, "")
  // The slice's comments stay: an incremental build finds them to write a new slice in, and
  // this script then runs again on what it wrote.
  return html.replace(
    scriptsSlice,
    (_match, start: string, _scripts, end: string) =>
      `${start}${rest}${list}<script>${loader}</script>${end}`,
  )
}

// The CMS has its own scripts; slices are fragments, page-data and static hold no pages; the 404
// page is 404.html (Gatsby's 404/index.html is a copy no host serves: nginx and Cloudflare send
// unknown addresses to 404.html).
const notPages = [cmsFolder, "_gatsby", "page-data", "static", "404"]

/** Every HTML page in `dir` and below: the pages the hosts serve, and their flat copies. */
export async function htmlPages(dir: string): Promise<string[]> {
  const files: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!notPages.includes(entry.name)) files.push(...(await htmlPages(full)))
    } else if (entry.name.endsWith(".html")) files.push(full)
  }
  return files
}

/** Every page in `publicDir` loads its bundles after its first paint; returns how many pages. */
export async function loadAllScriptsAfterPaint(publicDir: string): Promise<number> {
  const pages = await htmlPages(publicDir)
  if (pages.length === 0) throw new Error(`no pages in ${publicDir}: run the build first`)
  for (const file of pages) {
    const html = await readFile(file, "utf8")
    const changed = loadScriptsAfterPaint(html, path.relative(publicDir, file))
    if (changed !== html) await writeFile(file, changed)
  }
  return pages.length
}
