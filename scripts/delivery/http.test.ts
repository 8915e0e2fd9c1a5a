// What the real server sends, route by route: status, Content-Type, caching, security headers,
// compression, redirects, no directory listings; and that public/_headers says the same.
// Run by scripts/test-delivery.ts, which starts nginx and sets DELIVERY_BASE_URL.
import assert from "node:assert/strict"
import { readdir, readFile } from "node:fs/promises"
import http from "node:http"
import path from "node:path"
import { before, describe, test } from "node:test"
import zlib from "node:zlib"
import { inlineScriptHashes } from "../../src/build/inlineScripts"
import { clashes, effectiveHeaders, hosts, parseHeadersFile } from "../../src/build/hostRules"
import {
  adminHeaders,
  cacheControl,
  cmsAuthHeaders,
  hashedBundle,
  securityHeaders,
} from "../../src/shared/policy"
import { listedBundles } from "../../src/build/scriptsAfterPaint"
import { pageRoutes } from "../../src/content/routes"
import { readResponse, type Response } from "./read"

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

// Both set in before(), so before any test reads them.
let expectedHeaders: Record<string, string>
let homeHtml: string

/** The bundles the home page loads after its first paint (src/build/scriptsAfterPaint.ts). */
function homeBundles() {
  const bundles = listedBundles(homeHtml)
  assert.ok(bundles, "the home page lists its bundles")
  return bundles
}

before(async () => {
  // The policy must allow exactly the inline scripts of the pages as served.
  const hashes = new Set<string>()
  for (const pathname of [...routes, "/404.html"]) {
    const { body } = await get(pathname)
    for (const hash of inlineScriptHashes(body.toString("utf8"))) hashes.add(hash)
  }
  expectedHeaders = securityHeaders([...hashes].sort())
  homeHtml = (await get("/")).body.toString("utf8")
})

function assertSecurityHeaders(response: Response, label: string) {
  for (const [name, value] of Object.entries(expectedHeaders)) {
    assert.equal(response.headers[name.toLowerCase()], value, `${label}: ${name}`)
  }
  const policy = String(response.headers["content-security-policy"])
  const scriptSrc = policy.match(/script-src [^;]*/)?.[0]
  assert.ok(scriptSrc, `${label}: a script-src`)
  assert.doesNotMatch(scriptSrc, /unsafe-inline|unsafe-eval/, `${label}: script-src`)
  assert.match(String(response.headers.server ?? ""), /^nginx$/, `${label}: no version in Server`)
}

describe("pages", () => {
  for (const route of routes) {
    test(`${route}: 200 HTML, revalidated, every security header, 304 on revalidation`, async () => {
      const response = await get(route)
      assert.equal(response.status, 200)
      assert.equal(response.headers["content-type"], html)
      assert.equal(response.headers["cache-control"], cacheControl.revalidate)
      assertSecurityHeaders(response, route)
      assert.match(response.body.toString("utf8"), /<h1[\s>]/)
      const again = await get(route, { "If-None-Match": response.headers.etag })
      assert.equal(again.status, 304)
      assert.equal(again.headers["cache-control"], cacheControl.revalidate)
    })
  }
})

describe("the staff's page of the list", () => {
  test("/admin/members/ and its script: the CMS's headers (its own stricter policy is in the page)", async () => {
    for (const pathname of ["/admin/members/", "/admin/members.js"]) {
      const response = await get(pathname)
      assert.equal(response.status, 200, pathname)
      for (const [name, value] of Object.entries(adminHeaders())) {
        assert.equal(response.headers[name.toLowerCase()], value, `${pathname}: ${name}`)
      }
    }
    const page = (await get("/admin/members/")).body.toString("utf8")
    assert.match(
      page,
      /<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self';/,
    )
    assert.doesNotMatch(page, /<script>/, "no inline script")
  })

  test("/api/members without a token: 401, never cached, in plain words", async () => {
    const response = await get("/api/members")
    assert.equal(response.status, 401)
    assert.equal(response.headers["cache-control"], "no-store")
    assert.equal(JSON.parse(response.body.toString("utf8")).problem, "signIn")
  })
})

describe("the 404 page", () => {
  for (const pathname of notFound) {
    test(`${pathname}: 404 with the 404 page, revalidated, every security header`, async () => {
      const response = await get(pathname)
      assert.equal(response.status, 404)
      assert.equal(response.headers["content-type"], html)
      assert.equal(response.headers["cache-control"], cacheControl.revalidate)
      assertSecurityHeaders(response, pathname)
      assert.deepEqual(response.body, await readFile(path.join(publicDir, "404.html")))
    })
  }
})

describe("one address per page", () => {
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
      assert.equal(response.status, 301)
      assert.equal(response.headers.location, to)
      assert.equal(response.headers["set-cookie"], undefined)
      assertSecurityHeaders(response, from)
    })
  }

  test("a path starting with two slashes never redirects off the site", async () => {
    const response = await get("//evil.example/")
    assert.notEqual(response.status, 301)
    assert.equal(response.status, 404)
  })
})

describe("no directory listings", () => {
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
        assert.match(pathname, /^\/[^/]/)
        response = await get(pathname)
      }
      assert.equal(response.status, 404, `${directory} (${pathname})`)
      assert.doesNotMatch(response.body.toString("utf8"), /Index of/)
    })
  }
})

describe("caching by kind of file", () => {
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
      assert.equal(response.status, 200, pathname)
      assert.equal(response.headers["content-type"], "application/json; charset=utf-8", pathname)
      assert.equal(response.headers["cache-control"], cacheControl.revalidate, pathname)
      assertSecurityHeaders(response, pathname)
    }
    assert.equal((await get("/page-data/no-such-page/page-data.json")).status, 404)
  })

  test("every script the pages load: hashed, JavaScript, immutable", async () => {
    const scripts = homeBundles()
    assert.ok(scripts.length >= 3, "the home page loads its bundles")
    for (const pathname of scripts) {
      assert.match(pathname, hashedBundle)
      const response = await get(pathname)
      assert.equal(response.status, 200, pathname)
      assert.equal(response.headers["content-type"], "application/javascript; charset=utf-8")
      assert.equal(response.headers["cache-control"], cacheControl.immutable, pathname)
      assertSecurityHeaders(response, pathname)
    }
  })

  test("/static/ images in every format: their own type, immutable", async () => {
    const about = (await get("/about")).body.toString("utf8")
    const types = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" }
    for (const [extension, type] of Object.entries(types)) {
      const pathname = about.match(new RegExp(`/static/[^"' ,]+\\.${extension}`))?.[0]
      assert.ok(pathname, `a .${extension} image on /about`)
      const response = await get(pathname)
      assert.equal(response.status, 200, pathname)
      assert.equal(response.headers["content-type"], type, pathname)
      assert.equal(response.headers["cache-control"], cacheControl.immutable, pathname)
      assertSecurityHeaders(response, pathname)
    }
    assert.equal((await get("/static/no-such-file.jpg")).status, 404)
  })

  test("files without a content hash are revalidated, even scripts", async () => {
    for (const pathname of ["/~partytown/partytown.js", "/chunk-map.json"]) {
      const response = await get(pathname)
      assert.equal(response.status, 200, pathname)
      assert.equal(response.headers["cache-control"], cacheControl.revalidate, pathname)
    }
  })
})

describe("compression", () => {
  const decoders = { gzip: zlib.gunzipSync, br: zlib.brotliDecompressSync }
  const encodings: (keyof typeof decoders)[] = brotli ? ["gzip", "br"] : ["gzip"]
  const textFiles = () => {
    const app = homeBundles().find((src) => src.startsWith("/app-"))
    assert.ok(app, "the home page loads an /app- bundle")
    return ["/", "/journal", "/summer-sale-2019", app, "/page-data/journal/page-data.json"]
  }

  for (const encoding of encodings) {
    test(`${encoding}: pages, scripts and page data, the same bytes once decoded`, async () => {
      for (const pathname of textFiles()) {
        const plain = await get(pathname)
        assert.equal(plain.headers["content-encoding"], undefined, pathname)
        const compressed = await get(pathname, { "Accept-Encoding": encoding })
        assert.equal(compressed.status, plain.status, pathname)
        assert.equal(compressed.headers["content-encoding"], encoding, pathname)
        assert.match(compressed.headers.vary ?? "", /Accept-Encoding/i, pathname)
        assert.ok(compressed.body.length < plain.body.length, `${pathname} is smaller`)
        assert.deepEqual(decoders[encoding](compressed.body), plain.body, pathname)
      }
    })
  }

  if (brotli) {
    test("brotli is preferred when the browser offers both", async () => {
      const response = await get("/", { "Accept-Encoding": "gzip, deflate, br" })
      assert.equal(response.headers["content-encoding"], "br")
    })
  }

  test("images are sent as they are", async () => {
    const about = (await get("/about")).body.toString("utf8")
    const image = about.match(/\/static\/[^"' ,]+\.avif/)?.[0]
    assert.ok(image, "an .avif image on /about")
    const response = await get(image, { "Accept-Encoding": "gzip, br" })
    assert.equal(response.headers["content-encoding"], undefined)
  })
})

describe("public/_headers for the CDN host", () => {
  const lower = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))

  test("the same security headers and caching as nginx sends, on Cloudflare Pages and Netlify", async () => {
    const text = await readFile(path.join(publicDir, "_headers"), "utf8")
    const bundles = (await readdir(publicDir))
      .map((name) => `/${name}`)
      .filter((name) => hashedBundle.test(name))
    assert.ok(bundles.length > 0)
    const image = (await get("/about")).body.toString("utf8").match(/\/static\/[^"' ,]+\.avif/)?.[0]
    assert.ok(image, "an .avif image on /about")
    const expected: [pathname: string, headers: Record<string, string>][] = [
      ...[...routes, "/404.html", "/page-data/app-data.json"].map(
        (pathname): [string, Record<string, string>] => [
          pathname,
          { ...expectedHeaders, "Cache-Control": cacheControl.revalidate },
        ],
      ),
      ...[...bundles, image].map((pathname): [string, Record<string, string>] => [
        pathname,
        { ...expectedHeaders, "Cache-Control": cacheControl.immutable },
      ]),
      ["/admin/", adminHeaders()],
      ["/admin/cms.js", adminHeaders()],
      ["/admin/members/", adminHeaders()],
    ]
    for (const host of hosts) {
      // Read as each host reads it (src/build/hostRules.ts): every matching rule applies.
      const { rules, problems } = parseHeadersFile(text, host)
      assert.deepEqual(problems, [], host)
      for (const [pathname, headers] of expected) {
        const effective = effectiveHeaders(rules, pathname, host)
        assert.deepEqual(clashes(effective), {}, `${host}: ${pathname}: one rule a header`)
        assert.deepEqual(effective.headers, lower(headers), `${host}: ${pathname}`)
      }
    }
  })

  test("_redirects sends each page's trailing-slash form to the page", async () => {
    const redirects = await readFile(path.join(publicDir, "_redirects"), "utf8")
    for (const route of routes.filter((route) => route !== "/")) {
      assert.match(redirects, new RegExp(`^${route}/ ${route} 301$`, "m"))
    }
  })
})

describe("the endpoints, passed to the API service", () => {
  const authorizeAddress = (response: Response) => new URL(String(response.headers.location))

  test("/api/auth: off to GitHub with the service's own headers, the callback on the site's host", async () => {
    const response = await get("/api/auth?provider=github", { Host: `localhost:${base.port}` })
    assert.equal(response.status, 302)
    const location = authorizeAddress(response)
    if (githubUrl)
      assert.equal(`${location.origin}${location.pathname}`, `${githubUrl}/login/oauth/authorize`)
    assert.equal(
      location.searchParams.get("redirect_uri"),
      `http://localhost:${base.port}/api/callback`,
    )
    for (const [name, value] of Object.entries(cmsAuthHeaders())) {
      assert.equal(response.headers[name.toLowerCase()], value, name)
    }
    assert.match(String(response.headers.server ?? ""), /^nginx$/)
  })

  test("behind a CDN that ends TLS (X-Forwarded-Proto: https): an https callback and a Secure cookie", async () => {
    const response = await get("/api/auth", {
      Host: "www.evergrace.example",
      "X-Forwarded-Proto": "https",
    })
    assert.equal(
      authorizeAddress(response).searchParams.get("redirect_uri"),
      "https://www.evergrace.example/api/callback",
    )
    assert.match(
      String(response.headers["set-cookie"]),
      /^__Host-evergrace-cms-state=[^;]+; .*; Secure(;|$)/,
    )
  })

  test("every address under /api/ is the service's, not nginx's: a new endpoint needs no nginx edit", async () => {
    for (const pathname of ["/api/no-such-endpoint", "/api/page.html", "/api/folder/"]) {
      const response = await get(pathname)
      assert.equal(response.status, 404, pathname)
      // The route table's answer (src/server/errors.ts), not nginx's 404 page.
      assert.equal(response.headers["cache-control"], "no-store", pathname)
      assert.match(String(response.headers["content-type"]), /^text\/plain/, pathname)
    }
  })

  test("/api/callback: the service's page, never cached", async () => {
    const response = await get("/api/callback?code=x&state=y")
    assert.equal(response.status, 400)
    assert.equal(response.headers["content-type"], html)
    assert.equal(response.headers["cache-control"], "no-store")
    assert.equal(response.headers["cross-origin-opener-policy"], "unsafe-none")
  })
})
