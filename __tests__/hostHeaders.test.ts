/**
 * @jest-environment node
 */
import { inlineScriptHashes } from "../src/build/inlineScripts"
import {
  checkHeadersFile,
  headersFile,
  withMetaPolicy,
  type SiteListing,
} from "../src/build/deliveryFiles"
import {
  clashes,
  effectiveHeaders,
  hosts,
  parseHeadersFile,
  type Host,
} from "../src/shared/hostRules"
import {
  adminHeaders,
  cacheControl,
  fileHeaders,
  metaContentSecurityPolicy,
  securityHeaders,
  type Headers,
} from "../src/shared/policy"
import { pageRoutes, unknownPath } from "../src/content/routes"

// The `_headers` file as the build writes it for a listing of public/ like a real build's (the
// site's pages from data/, and the root of `npm run build`'s output), read the way Cloudflare
// Pages and Netlify read it (src/shared/hostRules.ts). e2e/host-headers.spec.ts serves the real
// build through the same reading and opens it in Chromium.

const hashes = ["sha256-6DdyyETziVzLMRTWOqMayASR2AvI+IKQ6HDuBCYuxxc=", "sha256-BlFrtWCL2BXq9n="]
const pages = pageRoutes().map((route) => route.path)
const bundle = "/app-06b089b82532d1069129.js"
const image = "/static/032de02fa0cecb4ee9a175cabddbbeb5/03484/evening-dress.avif"

const listing: SiteListing = {
  pages,
  root: [
    ...pages
      .filter((page) => page !== "/")
      .flatMap((page) => [`${page.slice(1)}/`, `${page.slice(1)}.html`]),
    "index.html",
    "404/",
    "404.html",
    "_gatsby/",
    "_headers",
    "_redirects",
    "admin/",
    "icons/",
    "page-data/",
    "static/",
    "~partytown/",
    bundle.slice(1),
    `${bundle.slice(1)}.map`,
    "framework-68fb10c98a8761fbf0be.js",
    "framework-68fb10c98a8761fbf0be.js.LICENSE.txt",
    "framework-68fb10c98a8761fbf0be.js.map",
    "component---src-templates-shop-tsx-2ce45f79c5461ab433c8.js",
    "402-3c2f4f67f27f0a021b57.js",
    "webpack-runtime-b0a69a54fe2f666d5d74.js",
    "chunk-map.json",
    "favicon-32x32.png",
    "favicon.ico",
    "manifest.webmanifest",
    "robots.txt",
    "sitemap-0.xml",
    "sitemap-index.xml",
    "webpack.stats.json",
  ],
}

const site = securityHeaders(hashes)
const text = headersFile(site, listing)

/** Header names as both hosts send them on the wire (HTTP names are case-insensitive). */
const lower = (headers: Headers) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))

function served(host: Host, path: string) {
  const { rules, problems } = parseHeadersFile(text, host)
  expect(problems).toEqual([])
  return effectiveHeaders(rules, path, host)
}

const page = lower({ ...site, "Cache-Control": cacheControl.revalidate })
const file = lower({ ...fileHeaders(), "Cache-Control": cacheControl.revalidate })
const hashed = lower({ ...fileHeaders(), "Cache-Control": cacheControl.immutable })
const cms = lower(adminHeaders())

/** What every kind of address gets: exactly nginx's headers for it (deploy/nginx/evergrace/). */
const expected: [label: string, path: string, headers: Record<string, string>][] = [
  ...pages.map((address): [string, string, Record<string, string>] => ["a page", address, page]),
  ["the home page's file", "/index.html", page],
  ["a page's flat copy", "/shop.html", page],
  ["a page's file", "/shop/index.html", page],
  ["the 404 page", "/404.html", page],
  ["page data", "/page-data/shop/page-data.json", file],
  ["robots.txt", "/robots.txt", file],
  ["the favicon", "/favicon-32x32.png", file],
  ["the manifest", "/manifest.webmanifest", file],
  ["an icon", "/icons/icon-144x144.png", file],
  ["a script bundle", bundle, hashed],
  ["another bundle", "/framework-68fb10c98a8761fbf0be.js", hashed],
  ["an image", image, hashed],
  ["the CMS", "/admin/", cms],
  ["the CMS's own script", "/admin/cms.js", cms],
  ["the CMS without its slash (a redirect)", "/admin", cms],
]

describe.each(hosts)("the _headers file on %s", (host) => {
  it.each(expected)("gives %s (%s) exactly its headers, each from one rule", (_, path, headers) => {
    const effective = served(host, path)
    expect(clashes(effective)).toEqual({})
    expect(effective.headers).toEqual(headers)
  })

  it("sends the pages' policy with pages only: a font or a picture gets a short one", () => {
    const { headers } = served(host, image)
    expect(headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(headers).not.toHaveProperty("cross-origin-opener-policy")
    // What a phone's new connection carries in its first round trip is about 14 KB: the headers
    // of a web font must leave it room.
    const bytes = Object.entries(headers).reduce(
      (sum, [name, value]) => sum + name.length + value.length + 4,
      0,
    )
    expect(bytes).toBeLessThan(600)
  })

  it("gives the CMS its own policy and opener policy, never the site's", () => {
    const { headers } = served(host, "/admin/")
    expect(headers["content-security-policy"]).toContain("'unsafe-eval'")
    expect(headers["content-security-policy"]).toContain("https://api.github.com")
    expect(headers["content-security-policy"]).not.toContain("sha256-")
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups")
  })

  it("gives an unknown path only the headers pages and the CMS share", () => {
    // The host answers it with 404.html, which carries the page policy itself (below).
    const effective = served(host, unknownPath)
    expect(clashes(effective)).toEqual({})
    const shared = { ...page }
    delete shared["content-security-policy"]
    delete shared["cross-origin-opener-policy"]
    delete shared["cache-control"]
    expect(effective.headers).toEqual(shared)
  })

  it("never sends one header from two rules, for any path in the listing", () => {
    const paths = listing.root.map((name) => `/${name}`)
    for (const path of [...paths, ...paths.map((each) => `${each}x`)]) {
      expect([path, clashes(served(host, path))]).toEqual([path, {}])
    }
  })
})

describe("the 404 page for unknown paths", () => {
  const gatsbyHead = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta name="x"/><script>window.a=1</script></head><body></body></html>`
  const policy = metaContentSecurityPolicy(hashes)
  const html = withMetaPolicy(gatsbyHead, policy)

  it("carries the site's policy before any script, after the character set", () => {
    const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}"/>`
    expect(html).toContain(`<head><meta charSet="utf-8"/>${meta}<meta name="x"/>`)
    expect(html.indexOf(meta)).toBeLessThan(html.indexOf("<script>"))
    expect(inlineScriptHashes(html)).toEqual(inlineScriptHashes(gatsbyHead))
  })

  it("is the header's policy but frame-ancestors, which a meta element cannot carry", () => {
    const header = String(site["Content-Security-Policy"]).split("; ")
    expect(policy.split("; ")).toEqual(header.filter((each) => each !== "frame-ancestors 'none'"))
    expect(page["x-frame-options"]).toBe("DENY")
  })

  it("has one policy after an incremental build writes it again", () => {
    expect(withMetaPolicy(html, policy)).toBe(html)
  })
})

describe("the build's check of _headers", () => {
  it("passes the file the build writes, for a file of every kind", () => {
    const files = [
      ...listing.root.filter((name) => !name.endsWith("/") && !name.startsWith("_")),
      ...pages
        .filter((address) => address !== "/")
        .map((address) => `${address.slice(1)}/index.html`),
      "404/index.html",
      "_gatsby/slices/_gatsby-scripts-1.html",
      "admin/index.html",
      "admin/cms.js",
      "icons/icon-48x48.png",
      "page-data/shop/page-data.json",
      "~partytown/partytown.js",
    ]
    expect(() => checkHeadersFile(text, [...files.map((file) => `/${file}`), image])).not.toThrow()
  })

  it("stops a page whose address the CMS's rule would also match", () => {
    const withPage = headersFile(site, { ...listing, pages: [...pages, "/administration"] })
    expect(() => checkHeadersFile(withPage, ["/administration"])).toThrow(
      /\/administration gets content-security-policy from \/administration and \/admin\*/,
    )
  })

  it("stops a file over Cloudflare's 100 rules", () => {
    const bundles = Array.from({ length: 100 }, (_, index) => `${index}-0123456789abcdef0123.js`)
    const big = headersFile(site, { ...listing, root: [...listing.root, ...bundles] })
    expect(() => checkHeadersFile(big, [])).toThrow(/cloudflare: line \d+: over 100 rules/)
  })

  it("stops a file in a folder no rule names", () => {
    expect(() => checkHeadersFile(text, ["/shop/lookbook.pdf"])).toThrow(
      /\/shop\/lookbook\.pdf has no content-security-policy/,
    )
  })
})

describe("the hosts' reading (src/shared/hostRules.ts), on the layout that broke the CMS", () => {
  // The _headers of the previous build: the site's policy on /*, so on /admin/ as well.
  const before = [
    "/*",
    ...Object.entries(site).map(([name, value]) => `  ${name}: ${value}`),
    "/admin/*",
    ...Object.entries(adminHeaders()).map(([name, value]) => `  ${name}: ${value}`),
  ].join("\n")

  it("on Cloudflare, joins the two policies into one header the CMS cannot run under", () => {
    const { rules } = parseHeadersFile(before, "cloudflare")
    const effective = effectiveHeaders(rules, "/admin/", "cloudflare")
    expect(effective.headers["content-security-policy"]).toBe(
      `${site["Content-Security-Policy"]}, ${adminHeaders()["Content-Security-Policy"]}`,
    )
    expect(clashes(effective)["cross-origin-opener-policy"]).toEqual(["/*", "/admin/*"])
  })

  it("on Netlify, sees two rules set the policy of /admin/ and of /admin", () => {
    const { rules } = parseHeadersFile(before, "netlify")
    for (const path of ["/admin/", "/admin", "/ADMIN/cms.js"]) {
      expect(Object.keys(clashes(effectiveHeaders(rules, path, "netlify")))).toContain(
        "content-security-policy",
      )
    }
  })

  it("follows Cloudflare's documented example: every matching rule, values joined", () => {
    const example = [
      "# This is a comment",
      "/secure/page",
      "  X-Frame-Options: DENY",
      "/static/*",
      "  X-Robots-Tag: nosnippet",
      "/*",
      "  X-Robots-Tag: noindex",
      "/secure/:name",
      "  ! X-Frame-Options",
    ].join("\n")
    const { rules } = parseHeadersFile(example, "cloudflare")
    const at = (path: string) => effectiveHeaders(rules, path, "cloudflare").headers
    expect(at("/static/styles.css")).toEqual({ "x-robots-tag": "nosnippet, noindex" })
    expect(at("/secure/page")).toEqual({ "x-robots-tag": "noindex" })
    expect(at("/Static/styles.css")).toEqual({ "x-robots-tag": "noindex" })
  })

  it("matches as Netlify's parser builds its patterns, and refuses Cloudflare's `!`", () => {
    const { rules, problems } = parseHeadersFile(
      ["/static/*", "  A: 1", "/blog/:post", "  B: 2", "/about", "  ! C"].join("\n"),
      "netlify",
    )
    expect(problems).toEqual([expect.stringMatching(/line 6: Netlify has no "!"/)])
    const at = (path: string) => Object.keys(effectiveHeaders(rules, path, "netlify").headers)
    expect(at("/static")).toEqual(["a"])
    expect(at("/staticky/x")).toEqual(["a"])
    expect(at("/blog/hello/")).toEqual(["b"])
    expect(at("/blog/hello/there")).toEqual([])
    expect(at("/BLOG/Hello")).toEqual(["b"])
  })
})
