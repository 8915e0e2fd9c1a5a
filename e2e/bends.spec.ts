import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import { expect, test } from "@playwright/test"
import { siteAddresses } from "../src/content/routes"
import { closeMemberStores, readMembers } from "../src/membership/node/store/lmdbStore"
import { signupEndpoint } from "../src/shared/endpoints"
import { sharedRendererFlag } from "./support/browser"
import { uniqueAddress } from "./support/members"
import { onFreePort, startServerProcess } from "./support/servers"

// The bends of Gatsby's and webpack's contracts (src/gatsby/, listed in docs/architecture.md),
// checked on the build: each test fails if a Gatsby, emotion or webpack upgrade undoes one. The
// last, of the browser tests' own Chromium, fails if a Chromium upgrade undoes it.

const publicDir = path.resolve("public")
/** The site's own bundles, named with webpack's content hash; not the CMS's (public/admin/). */
const siteBundles = readdirSync(publicDir).filter((name) => /-[0-9a-f]{20}\.js$/.test(name))
const appBundle = () => {
  const apps = siteBundles.filter((name) => /^app-/.test(name))
  expect(apps).toHaveLength(1)
  return apps[0] ?? ""
}

test("every site bundle starts with V8's compile hint (src/gatsby/siteWebpack.ts)", () => {
  expect(siteBundles.length).toBeGreaterThan(3)
  for (const name of siteBundles) {
    const start = readFileSync(path.join(publicDir, name), "utf8").slice(0, 40)
    expect(start, name).toMatch(/^\/\/# allFunctionsCalledOnLoad\n/)
  }
})

/**
 * The modules a site bundle is made of ("src/…", "node_modules/…", ".cache/…"), from its source
 * map; none for a bundle without one (webpack writes none for a chunk of empty modules).
 */
const modulesOf = (name: string): string[] => {
  const file = path.join(publicDir, `${name}.map`)
  if (!existsSync(file)) return []
  const map: { sources: string[] } = JSON.parse(readFileSync(file, "utf8"))
  return map.sources.map((source) => source.replace(/^webpack:\/\/[^/]*\/(\.\/)?/, ""))
}

test("the pages' bundles carry none of Gatsby's browser code that the site does not run (src/gatsby/siteWebpack.ts)", () => {
  // Each was in every page's bundles before (the paths as webpack names them; Gatsby copies its
  // cache-dir/ to .cache/).
  const gone = [
    // The plugins' browser files that do nothing here (`unusedBrowserCode`)…
    "node_modules/gatsby-plugin-decap-cms/gatsby-browser.js", // the Identity check
    "node_modules/gatsby/dist/internal-plugins/partytown/",
    "node_modules/gatsby-plugin-manifest/",
    ".cache/register-service-worker.js",
    // …what they required: gatsby-script and Partytown's snippet, and (through the manifest's
    // CommonJS `require("gatsby")`) Gatsby's Slice…
    "node_modules/gatsby-script/",
    "node_modules/@builder.io/partytown/",
    ".cache/slice.js",
    ".cache/slice/server-slice.js",
    ".cache/slice/server-slice-renderer.js",
    ".cache/slice/inline-slice.js",
    // …and PageRenderer (`gatsbyExportsUnused`).
    ".cache/public-page-renderer.js",
    ".cache/public-page-renderer-prod.js",
  ]
  for (const module of gone) expect(existsSync(module), `${module} still exists`).toBe(true)
  const modules = siteBundles.flatMap(modulesOf)
  expect(modules).toContain(".cache/production-app.js")
  for (const module of gone) {
    expect(
      modules.filter((m) => m.startsWith(module)),
      module,
    ).toEqual([])
  }
})

test("the plugins whose browser code goes still have nothing to do in the browser (src/gatsby/siteWebpack.ts)", () => {
  // Gatsby's list of the plugins' browser files, with the site's options for each.
  const plugins = readFileSync(path.join(".cache", "api-runner-browser-plugins.js"), "utf8")
  expect(plugins).toContain('"enableIdentityWidget":false')
  expect(plugins).toContain("gatsby-plugin-manifest")
  expect(plugins).not.toContain('"localize"')
  // No plugin asks for a service worker, which the pages can no longer register.
  const files = [...plugins.matchAll(/require\('([^']+)'\)/g)].map((match) => match[1] ?? "")
  expect(files.length).toBeGreaterThan(3)
  for (const file of files) {
    expect(readFileSync(path.resolve(".cache", file), "utf8"), file).not.toContain(
      "registerServiceWorker",
    )
  }
})

test("the site's own modules are not split off as libraries (gatsby-plugin-emotion's sourceMap, gatsby-config.ts)", () => {
  // Gatsby names its chunks for large libraries with 8 hex digits; emotion's source maps made the
  // site's style modules large enough to be one before minifying.
  expect(modulesOf(appBundle())).toContain("src/theme/styles.ts")
  for (const name of siteBundles.filter((bundle) => /^[0-9a-f]{8}-/.test(bundle))) {
    expect(
      modulesOf(name).filter((module) => module.startsWith("src/")),
      name,
    ).toEqual([])
  }
})

test("the pages' bundles carry no hoist-non-react-statics (its sideEffects rule, src/gatsby/siteWebpack.ts)", () => {
  // Its list of statics, as minified; the CMS's bundle, built without the rule, has it.
  const statics = "arity:!0"
  expect(readFileSync(path.join(publicDir, "admin", "cms.js"), "utf8")).toContain(statics)
  for (const name of siteBundles) {
    expect(readFileSync(path.join(publicDir, name), "utf8"), name).not.toContain(statics)
  }
})

test("the CMS's own bundles are minified by esbuild, the pages' by terser (src/gatsby/cmsWebpack.ts)", () => {
  // esbuild keeps licence comments in the bundle; terser takes them out to a .LICENSE.txt file.
  for (const bundle of ["cms.js", "members.js"]) {
    const code = readFileSync(path.join(publicDir, "admin", bundle), "utf8")
    expect(code, bundle).toMatch(/@license/)
    // Minified: long lines, not source.
    expect(code.length / code.split("\n").length, `${bundle} is minified`).toBeGreaterThan(1000)
  }
  // React's licence, in the framework bundle, is where terser puts it: in a file of its own.
  for (const name of siteBundles) {
    expect(readFileSync(path.join(publicDir, name), "utf8"), name).not.toMatch(/@license/)
  }
})

test("the CMS runs React 19 from its own build, the pages React 18, and Decap's bundle is shipped as it came (src/gatsby/cmsWebpack.ts)", async ({
  page,
}) => {
  const react19 = JSON.parse(readFileSync(require.resolve("react-19/package.json"), "utf8"))
  const react18 = JSON.parse(readFileSync(require.resolve("react/package.json"), "utf8"))
  await page.goto("/admin/")
  await expect.poll(() => page.evaluate(() => window.React?.version)).toBe(react19.version)
  const versions = (names: string[], dir: string) =>
    names.flatMap((name) =>
      [...readFileSync(path.join(dir, name), "utf8").matchAll(/version="?(1[89]\.\d+\.\d+)"/g)].map(
        (match) => match[1],
      ),
    )
  // React's own `version` strings: 18 in the framework bundle, never 19 on a page.
  expect(new Set(versions(siteBundles, publicDir))).toEqual(new Set([react18.version]))
  const decap = "decap-cms-app.js"
  const shipped = readFileSync(path.join(publicDir, "admin", decap))
  const asItCame = readFileSync(
    path.join(path.dirname(require.resolve("decap-cms-app/package.json")), "dist", decap),
  )
  // Compared as bytes: expect's deep equality walks the 5 MB an element at a time (some 20 s).
  expect(shipped.equals(asItCame), `public/admin/${decap} is the package's own`).toBe(true)
})

test("the Function Gatsby compiled stores a sign-up in LMDB, required from node_modules at run time (src/membership/node/store/lmdbStore.ts)", async () => {
  // Gatsby's own server for a build, Functions and all: what runs is Gatsby's webpack output
  // (.cache/functions/), where Jest runs the sources. With an imported createRequire, webpack
  // put its own require in its place, and the sign-up failed here with a 503.
  test.setTimeout(90_000)
  const store = mkdtempSync(path.join(tmpdir(), "members-gatsby-serve-"))
  try {
    const server = await onFreePort((port) =>
      startServerProcess("npx", ["gatsby", "serve", "-p", String(port), "-H", "127.0.0.1"], {
        port,
        url: `http://127.0.0.1:${port}/`,
        // What it prints once it listens: another server on the port is not taken for it.
        listening: new RegExp(`http://127\\.0\\.0\\.1:${port}/`),
        wait: { timeoutMs: 45_000 },
        env: { MEMBERS_STORE: store, SIGNUP_SITE_LIMIT: "0" },
      }),
    )
    try {
      const base = `http://127.0.0.1:${server.port}`
      const address = uniqueAddress("gatsby-function")
      const answer = await fetch(`${base}${signupEndpoint}`, {
        method: "POST",
        headers: { Accept: "application/json", Origin: base },
        body: new URLSearchParams({ email: address }),
      })
      expect(answer.status, server.output()).toBe(200)
      expect(await answer.json()).toEqual({ outcome: "joined" })
      expect((await readMembers(store)).map((member) => member.address)).toContain(address)
    } finally {
      server.stop()
    }
  } finally {
    await closeMemberStores()
    rmSync(store, { recursive: true, force: true })
  }
})

declare global {
  interface Window {
    React?: { version: string }
  }
}

for (const route of siteAddresses()) {
  test(`${route}: emotion's styles are in the head, none in the body (src/gatsby/criticalCss.tsx)`, async ({
    request,
  }) => {
    const html = await (await request.get(route)).text()
    const [head = "", body = ""] = html.split("</head>")
    expect(head).toMatch(/<style data-emotion="css [^"]+">/)
    expect(body).not.toContain("<style")
  })
}

test(`a browser test's page stays in the renderer process it opened with; a new context shares neither that process nor a cache: it fetches the page's font, picture and script again (${sharedRendererFlag}, e2e/support/browser.ts)`, async ({
  browser,
  baseURL,
}) => {
  const fonts = path.join(publicDir, "static")
  const font = readFileSync(
    path.join(fonts, readdirSync(fonts).find((name) => name.endsWith(".woff2")) ?? ""),
  )
  const files: Record<string, [type: string, body: Buffer | string]> = {
    "/": [
      "text/html",
      '<style>@font-face{font-family:F;src:url(/f.woff2)}p{font-family:F}</style><p>Style never ages</p><img src="/i.svg" alt=""><script src="/s.js"></script>',
    ],
    "/f.woff2": ["font/woff2", font],
    "/i.svg": ["image/svg+xml", '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>'],
    "/s.js": ["text/javascript", "document.body.dataset.ran = 'yes'"],
  }
  const fetched: string[] = []
  // Cached for a year, as the site's hashed files are: what a context may reuse, it would.
  const server = createServer((request, response) => {
    const [type, body] = files[request.url ?? ""] ?? ["text/plain", ""]
    fetched.push(request.url ?? "")
    response.writeHead(200, {
      "Content-Type": type,
      "Cache-Control": "max-age=31536000, immutable",
    })
    response.end(body)
  })
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening))
  const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  const processes = await browser.newBrowserCDPSession()
  const renderers = async () =>
    (await processes.send("SystemInfo.getProcessInfo")).processInfo
      .filter((process) => process.type === "renderer")
      .map((process) => process.id)
  const contexts = [await browser.newContext(), await browser.newContext()]
  const startedByVisits: number[] = []
  /** The processes started as each context opened its first page (which stays open). */
  const startedByContexts: number[][] = []
  try {
    for (const context of contexts) {
      // Twice in each, the first page still open: the second visit in a context is its cache's.
      for (const visit of [1, 2]) {
        const opened = await renderers()
        const page = await context.newPage()
        const before = await renderers()
        if (visit === 1) startedByContexts.push(before.filter((id) => !opened.includes(id)))
        // A page of the site first: without the flag, Chromium starts a process for it (the gain).
        await page.goto(new URL("/", baseURL).href)
        startedByVisits.push(...(await renderers()).filter((id) => !before.includes(id)))
        await page.goto(address)
        await page.evaluate(() => document.fonts.ready)
        await expect(page.locator("body")).toHaveAttribute("data-ran", "yes")
        if (visit === 2) await page.close()
      }
    }
    expect(startedByVisits, "renderer processes started by a visit").toEqual([])
    // The second context's page did not move into the first's process, still open.
    expect(
      startedByContexts.map((ids) => ids.length > 0),
      "a process started for each context",
    ).toEqual([true, true])
    // Each file once a context.
    const count = (file: string) => fetched.filter((url) => url === file).length
    expect(Object.keys(files).map((file) => [file, count(file)])).toEqual(
      Object.keys(files).map((file) => [file, contexts.length]),
    )
  } finally {
    for (const context of contexts) await context.close()
    await processes.detach()
    server.close()
  }
})
