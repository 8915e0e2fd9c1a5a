// What the real server sends, route by route: status, Content-Type, caching, security headers,
// compression, redirects, no directory listings; and that public/_headers says the same.
// Run by scripts/test-delivery.ts (playwright.delivery.config.ts), which starts nginx and sets
// DELIVERY_BASE_URL. Plain HTTP from Node, no browser: no redirect followed, nothing decompressed.
import { readdir, readFile } from "node:fs/promises"
import http from "node:http"
import path from "node:path"
import zlib from "node:zlib"
import { expect, test } from "@playwright/test"
import { inlineScriptHashes } from "../../src/build/inlineScripts"
import { clashes, effectiveHeaders, hosts, parseHeadersFile } from "../../src/shared/hostRules"
import {
  adminHeaders,
  cacheControl,
  cmsAuthHeaders,
  fileHeaders,
  hashedBundle,
  securityHeaders,
} from "../../src/shared/policy"
import { listedBundles } from "../../src/gatsby/scriptsAfterPaint"
import { pageRoutes } from "../../src/content/routes"
import { readResponse, type Response } from "../support/readResponse"

const root = path.resolve(__dirname, "../..")
const publicDir = path.join(root, "public")
const base = new URL(process.env.DELIVERY_BASE_URL ?? "http://127.0.0.1:8080")
const brotli = process.env.DELIVERY_BROTLI === "1"
const githubUrl = process.env.DELIVERY_GITHUB_URL

const routes = pageRoutes().map((route) => route.path)
const notFound = ["/summer-sale-2019", "/journal/an-old-article", "/404", "/404.html", "/_headers"]
const html = "text/html; charset=utf-8"

/** A plain GET: no redirects followed, no decompression, so we see exactly what nginx sent. */
function get(pathname: string, headers: http.OutgoingHttpHeaders = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: base.hostname, port: base.port, path: pathname, headers },
      (response) => readResponse(response).then(resolve),
    )
    request.on("error", reject)
  })
}

/**
 * `value`, once the test has checked that it is there (expect's toBeTruthy, which TypeScript does
 * not see through), for a test that goes on to use it.
 */
function found<T>(value: T | null | undefined, what: string): T {
  expect(value, what).toBeTruthy()
  // Never reached: the expect above has failed the test.
  if (!value) throw new Error(what)
  return value
}

// Both set in beforeAll, so before any test reads them.
let expectedHeaders: Record<string, string>
let homeHtml: string

/** The bundles the home page loads after its first paint (src/gatsby/scriptsAfterPaint.ts). */
function homeBundles() {
  return found(listedBundles(homeHtml), "the home page lists its bundles")
}

test.beforeAll(async () => {
  // The policy must allow exactly the inline scripts of the pages as served.
  const hashes = new Set<string>()
  for (const pathname of [...routes, "/404.html"]) {
    const { body } = await get(pathname)
    for (const hash of inlineScriptHashes(body.toString("utf8"))) hashes.add(hash)
  }
  expectedHeaders = securityHeaders([...hashes].sort())
  homeHtml = (await get("/")).body.toString("utf8")
})

/** A file that is not a page: the short policy, no opener policy (src/shared/policy.ts). */
function assertFileHeaders(response: Response, label: string) {
  for (const [name, value] of Object.entries(fileHeaders())) {
    expect(response.headers[name.toLowerCase()], `${label}: ${name}`).toBe(value)
  }
  expect(response.headers["cross-origin-opener-policy"], label).toBeUndefined()
}

function assertSecurityHeaders(response: Response, label: string) {
  for (const [name, value] of Object.entries(expectedHeaders)) {
    expect(response.headers[name.toLowerCase()], `${label}: ${name}`).toBe(value)
  }
  const policy = String(response.headers["content-security-policy"])
  const scriptSrc = policy.match(/script-src [^;]*/)?.[0]
  expect(scriptSrc, `${label}: a script-src`).toBeTruthy()
  expect(scriptSrc, `${label}: script-src`).not.toMatch(/unsafe-inline|unsafe-eval/)
  expect(String(response.headers.server ?? ""), `${label}: no version in Server`).toMatch(/^nginx$/)
}

test.describe("pages", () => {
  for (const route of routes) {
    test(`${route}: 200 HTML, revalidated, every security header, 304 on revalidation`, async () => {
      const response = await get(route)
      expect(response.status).toBe(200)
      expect(response.headers["content-type"]).toBe(html)
      expect(response.headers["cache-control"]).toBe(cacheControl.revalidate)
      assertSecurityHeaders(response, route)
      expect(response.body.toString("utf8")).toMatch(/<h1[\s>]/)
      const again = await get(route, { "If-None-Match": response.headers.etag })
      expect(again.status).toBe(304)
      expect(again.headers["cache-control"]).toBe(cacheControl.revalidate)
    })
  }
})

test.describe("the staff's page of the list", () => {
  test("/admin/members/ and its script: the CMS's headers (its own stricter policy is in the page)", async () => {
    for (const pathname of ["/admin/members/", "/admin/members.js"]) {
      const response = await get(pathname)
      expect(response.status, pathname).toBe(200)
      for (const [name, value] of Object.entries(adminHeaders())) {
        expect(response.headers[name.toLowerCase()], `${pathname}: ${name}`).toBe(value)
      }
    }
    const page = (await get("/admin/members/")).body.toString("utf8")
    expect(page).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self';/,
    )
    expect(page, "no inline script").not.toMatch(/<script>/)
  })

  test("/api/members without a token: 401, never cached, in plain words", async () => {
    const response = await get("/api/members")
    expect(response.status).toBe(401)
    expect(response.headers["cache-control"]).toBe("no-store")
    expect(JSON.parse(response.body.toString("utf8")).problem).toBe("signIn")
  })
})

test.describe("the 404 page", () => {
  for (const pathname of notFound) {
    test(`${pathname}: 404 with the 404 page, revalidated, every security header`, async () => {
      const response = await get(pathname)
      expect(response.status).toBe(404)
      expect(response.headers["content-type"]).toBe(html)
      expect(response.headers["cache-control"]).toBe(cacheControl.revalidate)
      assertSecurityHeaders(response, pathname)
      expect(response.body).toStrictEqual(await readFile(path.join(publicDir, "404.html")))
    })
  }
})

test.describe("one address per page", () => {
  const redirects: [from: string, to: string][] = [
    ...routes
      .filter((route) => route !== "/")
      .map((route): [string, string] => [`${route}/`, route]),
    ["/journal/?from=newsletter", "/journal?from=newsletter"],
    ["/shop//", "/shop"],
    ["/shop/index.html", "/shop"],
    ["/shop.html", "/shop"],
    ["/index.html", "/"],
    // Decoded characters never reach the Location header.
    ["/shop%0d%0aSet-Cookie:%20a=b/", "/shop%0d%0aSet-Cookie:%20a=b"],
  ]
  for (const [from, to] of redirects) {
    test(`${from} → 301 ${to}`, async () => {
      const response = await get(from)
      expect(response.status).toBe(301)
      expect(response.headers.location).toBe(to)
      expect(response.headers["set-cookie"]).toBeUndefined()
      assertSecurityHeaders(response, from)
    })
  }

  test("a path starting with two slashes never redirects off the site", async () => {
    const response = await get("//evil.example/")
    expect(response.status).not.toBe(301)
    expect(response.status).toBe(404)
  })
})

test.describe("no directory listings", () => {
  for (const directory of [
    "/static/",
    "/static",
    "/page-data/",
    "/page-data/shop/",
    "/~partytown/",
    "/_gatsby/",
  ]) {
    test(`${directory} ends in a 404, never a listing`, async () => {
      let pathname = directory
      let response = await get(pathname)
      // At most one canonical redirect first (/~partytown/ → /~partytown).
      if (response.status === 301) {
        pathname = response.headers.location ?? ""
        expect(pathname).toMatch(/^\/[^/]/)
        response = await get(pathname)
      }
      expect(response.status, `${directory} (${pathname})`).toBe(404)
      expect(response.body.toString("utf8")).not.toMatch(/Index of/)
    })
  }
})

test.describe("caching by kind of file", () => {
  test("page data and static query results: JSON, revalidated", async () => {
    const staticQueries = await readdir(path.join(publicDir, "page-data/sq/d"))
    for (const pathname of [
      "/page-data/app-data.json",
      "/page-data/index/page-data.json",
      "/page-data/shop/page-data.json",
      "/page-data/404.html/page-data.json",
      `/page-data/sq/d/${staticQueries[0]}`,
    ]) {
      const response = await get(pathname)
      expect(response.status, pathname).toBe(200)
      expect(response.headers["content-type"], pathname).toBe("application/json; charset=utf-8")
      expect(response.headers["cache-control"], pathname).toBe(cacheControl.revalidate)
      assertFileHeaders(response, pathname)
    }
    expect((await get("/page-data/no-such-page/page-data.json")).status).toBe(404)
  })

  test("every script the pages load: hashed, JavaScript, immutable", async () => {
    const scripts = homeBundles()
    expect(scripts.length, "the home page loads its bundles").toBeGreaterThanOrEqual(3)
    for (const pathname of scripts) {
      expect(pathname).toMatch(hashedBundle)
      const response = await get(pathname)
      expect(response.status, pathname).toBe(200)
      expect(response.headers["content-type"]).toBe("application/javascript; charset=utf-8")
      expect(response.headers["cache-control"], pathname).toBe(cacheControl.immutable)
      assertFileHeaders(response, pathname)
    }
  })

  test("/static/ images in every format: their own type, immutable", async () => {
    const about = (await get("/about")).body.toString("utf8")
    const types = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" }
    for (const [extension, type] of Object.entries(types)) {
      const pathname = found(
        about.match(new RegExp(`/static/[^"' ,]+\\.${extension}`))?.[0],
        `a .${extension} image on /about`,
      )
      const response = await get(pathname)
      expect(response.status, pathname).toBe(200)
      expect(response.headers["content-type"], pathname).toBe(type)
      expect(response.headers["cache-control"], pathname).toBe(cacheControl.immutable)
      assertFileHeaders(response, pathname)
    }
    expect((await get("/static/no-such-file.jpg")).status).toBe(404)
  })

  test("files without a content hash are revalidated, even scripts", async () => {
    for (const pathname of [
      "/~partytown/partytown.js",
      "/chunk-map.json",
      "/manifest.webmanifest",
      "/icons/icon-144x144.png",
      "/robots.txt",
    ]) {
      const response = await get(pathname)
      expect(response.status, pathname).toBe(200)
      expect(response.headers["cache-control"], pathname).toBe(cacheControl.revalidate)
      assertFileHeaders(response, pathname)
    }
  })
})

test.describe("compression", () => {
  const decoders = { gzip: zlib.gunzipSync, br: zlib.brotliDecompressSync }
  const encodings: (keyof typeof decoders)[] = brotli ? ["gzip", "br"] : ["gzip"]
  const textFiles = () => {
    const app = found(
      homeBundles().find((src) => src.startsWith("/app-")),
      "the home page loads an /app- bundle",
    )
    return ["/", "/journal", "/summer-sale-2019", app, "/page-data/journal/page-data.json"]
  }

  for (const encoding of encodings) {
    test(`${encoding}: pages, scripts and page data, the same bytes once decoded`, async () => {
      for (const pathname of textFiles()) {
        const plain = await get(pathname)
        expect(plain.headers["content-encoding"], pathname).toBeUndefined()
        const compressed = await get(pathname, { "Accept-Encoding": encoding })
        expect(compressed.status, pathname).toBe(plain.status)
        expect(compressed.headers["content-encoding"], pathname).toBe(encoding)
        expect(compressed.headers.vary ?? "", pathname).toMatch(/Accept-Encoding/i)
        expect(compressed.body.length, `${pathname} is smaller`).toBeLessThan(plain.body.length)
        expect(decoders[encoding](compressed.body), pathname).toStrictEqual(plain.body)
      }
    })
  }

  if (brotli) {
    test("brotli is preferred when the browser offers both", async () => {
      const response = await get("/", { "Accept-Encoding": "gzip, deflate, br" })
      expect(response.headers["content-encoding"]).toBe("br")
    })
  }

  test("images are sent as they are", async () => {
    const about = (await get("/about")).body.toString("utf8")
    const image = found(about.match(/\/static\/[^"' ,]+\.avif/)?.[0], "an .avif image on /about")
    const response = await get(image, { "Accept-Encoding": "gzip, br" })
    expect(response.headers["content-encoding"]).toBeUndefined()
  })
})

test.describe("public/_headers for the CDN host", () => {
  const lower = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))

  test("the same security headers and caching as nginx sends, on Cloudflare Pages and Netlify", async () => {
    const text = await readFile(path.join(publicDir, "_headers"), "utf8")
    const bundles = (await readdir(publicDir))
      .map((name) => `/${name}`)
      .filter((name) => hashedBundle.test(name))
    expect(bundles.length).toBeGreaterThan(0)
    const image = found(
      (await get("/about")).body.toString("utf8").match(/\/static\/[^"' ,]+\.avif/)?.[0],
      "an .avif image on /about",
    )
    const expected: [pathname: string, headers: Record<string, string>][] = [
      ...[...routes, "/404.html"].map((pathname): [string, Record<string, string>] => [
        pathname,
        { ...expectedHeaders, "Cache-Control": cacheControl.revalidate },
      ]),
      ...["/page-data/app-data.json", "/manifest.webmanifest"].map(
        (pathname): [string, Record<string, string>] => [
          pathname,
          { ...fileHeaders(), "Cache-Control": cacheControl.revalidate },
        ],
      ),
      ...[...bundles, image].map((pathname): [string, Record<string, string>] => [
        pathname,
        { ...fileHeaders(), "Cache-Control": cacheControl.immutable },
      ]),
      ["/admin/", adminHeaders()],
      ["/admin/cms.js", adminHeaders()],
      ["/admin/members/", adminHeaders()],
    ]
    for (const host of hosts) {
      // Read as each host reads it (src/shared/hostRules.ts): every matching rule applies.
      const { rules, problems } = parseHeadersFile(text, host)
      expect(problems, host).toStrictEqual([])
      for (const [pathname, headers] of expected) {
        const effective = effectiveHeaders(rules, pathname, host)
        expect(clashes(effective), `${host}: ${pathname}: one rule a header`).toStrictEqual({})
        expect(effective.headers, `${host}: ${pathname}`).toStrictEqual(lower(headers))
      }
    }
  })

  test("_redirects sends each page's trailing-slash form to the page", async () => {
    const redirects = await readFile(path.join(publicDir, "_redirects"), "utf8")
    for (const route of routes.filter((route) => route !== "/")) {
      expect(redirects).toMatch(new RegExp(`^${route}/ ${route} 301$`, "m"))
    }
  })
})

test.describe("the endpoints, passed to the API service", () => {
  const authorizeAddress = (response: Response) => new URL(String(response.headers.location))

  test("/api/auth: off to GitHub with the service's own headers, the callback on the site's host", async () => {
    const response = await get("/api/auth?provider=github", { Host: `localhost:${base.port}` })
    expect(response.status).toBe(302)
    const location = authorizeAddress(response)
    if (githubUrl)
      expect(`${location.origin}${location.pathname}`).toBe(`${githubUrl}/login/oauth/authorize`)
    expect(location.searchParams.get("redirect_uri")).toBe(
      `http://localhost:${base.port}/api/callback`,
    )
    for (const [name, value] of Object.entries(cmsAuthHeaders())) {
      expect(response.headers[name.toLowerCase()], name).toBe(value)
    }
    expect(String(response.headers.server ?? "")).toMatch(/^nginx$/)
  })

  test("behind a CDN that ends TLS (X-Forwarded-Proto: https): an https callback and a Secure cookie", async () => {
    const response = await get("/api/auth", {
      Host: "www.evergrace.example",
      "X-Forwarded-Proto": "https",
    })
    expect(authorizeAddress(response).searchParams.get("redirect_uri")).toBe(
      "https://www.evergrace.example/api/callback",
    )
    expect(String(response.headers["set-cookie"])).toMatch(
      /^__Host-evergrace-cms-state=[^;]+; .*; Secure(;|$)/,
    )
  })

  test("every address under /api/ is the service's, not nginx's: a new endpoint needs no nginx edit", async () => {
    for (const pathname of ["/api/no-such-endpoint", "/api/page.html", "/api/folder/"]) {
      const response = await get(pathname)
      expect(response.status, pathname).toBe(404)
      // The route table's answer (src/server/errors.ts), not nginx's 404 page.
      expect(response.headers["cache-control"], pathname).toBe("no-store")
      expect(String(response.headers["content-type"]), pathname).toMatch(/^text\/plain/)
    }
  })

  test("/api/callback: the service's page, never cached", async () => {
    const response = await get("/api/callback?code=x&state=y")
    expect(response.status).toBe(400)
    expect(response.headers["content-type"]).toBe(html)
    expect(response.headers["cache-control"]).toBe("no-store")
    expect(response.headers["cross-origin-opener-policy"]).toBe("unsafe-none")
  })
})
