/**
 * @jest-environment node
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { removeOldBundles } from "../src/build/deliveryFiles"
import { writeFontSubsets } from "../src/build/fontSubsets"
import { postBuild, postBuildSteps } from "../src/build/postBuild"
import { effectiveHeaders, parseHeadersFile } from "../src/shared/hostRules"
import { inlineScriptHashes } from "../src/build/inlineScripts"
import { listedBundles, loader, loadScriptsAfterPaint } from "../src/gatsby/scriptsAfterPaint"
import { dataDir } from "./setup/contentCopy"
import { fileHeaders } from "../src/shared/policy"

// The steps run on a page as Gatsby 5 writes it (a saved sample of the shop page, straight out of
// `gatsby build` before these steps). If Gatsby changes that markup, the scripts step stops the
// build rather than ship pages it did not change; these tests then show what moved.
const gatsbyPage = fs.readFileSync(path.join(__dirname, "fixtures/gatsby-page.html"), "utf8")
const asyncScripts = [...gatsbyPage.matchAll(/<script src="([^"]+)" async><\/script>/g)].map(
  (match) => match[1],
)

describe("the sample is Gatsby's own output", () => {
  it("ends with the scripts slice and its async bundles", () => {
    expect(gatsbyPage).toContain('<!-- slice-start id="_gatsby-scripts-1" -->')
    expect(asyncScripts).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/framework-[0-9a-f]{20}\.js$/)]),
    )
    expect(listedBundles(gatsbyPage)).toBeUndefined()
  })
})

describe("scripts after the first paint", () => {
  const page = loadScriptsAfterPaint(gatsbyPage, "shop/index.html")

  it("lists the page's bundles in order and loads them from one small loader", () => {
    expect(listedBundles(page)).toEqual(asyncScripts)
    expect(page).not.toMatch(/<script src="[^"]+" async>/)
    expect(page).toContain(`<script>${loader}</script>`)
  })

  it("ships the loader without its comments: every page carries it as written", () => {
    expect(loader).not.toMatch(/\/\/|\/\*/)
  })

  it("changes nothing outside Gatsby's scripts slice", () => {
    const outside = (html: string) => html.replace(/<!-- slice-start[\s\S]*slice-end[^>]*>/, "")
    expect(outside(page)).toBe(outside(gatsbyPage))
  })

  it("gives the same page when it runs again (an incremental build)", () => {
    expect(loadScriptsAfterPaint(page)).toBe(page)
  })

  it("stops the build, naming the file, on a page whose markup it does not know", () => {
    const changed = gatsbyPage.replace(/slice-start id="_gatsby-scripts-1"/, "scripts-start")
    expect(() => loadScriptsAfterPaint(changed, "shop/index.html")).toThrow(
      /shop\/index\.html: no Gatsby scripts slice found/,
    )
  })
})

describe("the post-build steps", () => {
  // They copy the build's font subsets, which the build writes before webpack runs (gatsby-node's
  // onPreInit): written here the same way, since the unit tests run before any build in CI.
  beforeAll(async () => {
    await writeFontSubsets(path.resolve("."))
  }, 60_000)

  it("run in order: the delivery headers hash the scripts as the loader left them", () => {
    expect(postBuildSteps.map((step) => step.name)).toEqual([
      "robots.txt and favicon.ico",
      "scripts after the first paint",
      "fonts for the endpoints' pages",
      "sign-up page for nginx when the API is down",
      "delivery headers",
    ])
  })

  it("turn Gatsby's output into what the hosts serve", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "evergrace-postbuild-"))
    const publicDir = path.join(root, "public")
    const nginxDir = path.join(root, "nginx")
    try {
      for (const file of ["index.html", "shop/index.html", "404.html"]) {
        fs.mkdirSync(path.dirname(path.join(publicDir, file)), { recursive: true })
        fs.writeFileSync(path.join(publicDir, file), gatsbyPage)
      }
      // Gatsby's copy of the 404 page, which no host serves, changes nothing.
      const unserved = "<script>window.unserved = true</script>"
      fs.mkdirSync(path.join(publicDir, "404"))
      fs.writeFileSync(path.join(publicDir, "404/index.html"), unserved)
      fs.mkdirSync(nginxDir)
      const bundle = "app-0123456789abcdef0123.js"
      fs.writeFileSync(path.join(publicDir, bundle), "")

      const report = await postBuild({
        publicDir,
        nginxDir,
        siteUrl: "https://www.boutique.example",
        iconFile: path.join(dataDir, "images/icon.png"),
      })
      expect(report).toHaveLength(5)

      const read = (file: string) => fs.readFileSync(path.join(publicDir, file), "utf8")
      expect(read("robots.txt")).toContain(
        "Sitemap: https://www.boutique.example/sitemap-index.xml",
      )
      expect(fs.readFileSync(path.join(publicDir, "favicon.ico")).readUInt16LE(2)).toBe(1)
      // Every page loads its scripts after paint, and the policy allows the loader by its hash.
      const shop = read("shop/index.html")
      expect(listedBundles(shop)).toEqual(asyncScripts)
      const headers = read("_headers")
      for (const hash of inlineScriptHashes(shop)) expect(headers).toContain(`'${hash}'`)
      // The page has the policy with the hashes; the bundle a rule of its own: the files' short
      // policy, kept a year (hostHeaders.test.ts).
      const { rules } = parseHeadersFile(headers, "cloudflare")
      expect(effectiveHeaders(rules, "/shop", "cloudflare").headers).toMatchObject({
        "cache-control": "public, max-age=0, must-revalidate",
        "content-security-policy": expect.stringContaining(String(inlineScriptHashes(shop)[0])),
      })
      expect(effectiveHeaders(rules, `/${bundle}`, "cloudflare").headers).toMatchObject({
        "cache-control": "public, max-age=31536000, immutable",
        "content-security-policy": fileHeaders()["Content-Security-Policy"],
      })
      // The host answers unknown paths with 404.html, which carries the policy itself.
      const metaPolicy = read("404.html").match(
        /<head><meta charSet="utf-8"\/><meta http-equiv="Content-Security-Policy" content="([^"]+)"/,
      )?.[1]
      for (const hash of inlineScriptHashes(shop)) expect(metaPolicy).toContain(`'${hash}'`)
      expect(read("_redirects")).toContain("/shop/ /shop 301")
      expect(read("404/index.html")).toBe(unserved)
      expect(headers).not.toContain(inlineScriptHashes(unserved)[0])
      expect(read("shop.html")).toBe(shop)
      expect(fs.readFileSync(path.join(nginxDir, "csp.generated.conf"), "utf8")).toContain(
        inlineScriptHashes(shop)[0],
      )
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })
})

describe("before webpack writes this build's bundles", () => {
  it("takes an earlier build's bundles, maps and licence texts out of public/, and nothing else", async () => {
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "old-bundles-"))
    try {
      const old = [
        "app-0123456789abcdef0123.js",
        "app-0123456789abcdef0123.js.map",
        "app-0123456789abcdef0123.js.LICENSE.txt",
        "styles-abcdefabcdefabcdefab.css",
      ]
      const kept = ["robots.txt", "manifest.webmanifest", "index.html", "sw-helper.js"]
      for (const name of [...old, ...kept]) fs.writeFileSync(path.join(publicDir, name), "")
      expect(await removeOldBundles(publicDir)).toBe(old.length)
      expect(fs.readdirSync(publicDir).sort()).toEqual([...kept].sort())
    } finally {
      fs.rmSync(publicDir, { recursive: true, force: true })
    }
  })
})
