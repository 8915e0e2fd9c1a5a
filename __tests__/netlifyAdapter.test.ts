/**
 * @jest-environment node
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import netlifyAdapter from "gatsby-adapter-netlify"
import type { IAdapter } from "gatsby"
import { clashes, effectiveHeaders, parseHeadersFile } from "../src/shared/hostRules"
import { withoutHeaderRules } from "../src/gatsby/netlifyAdapter"

// On Netlify, Gatsby's adapter runs after onPostBuild and writes into public/_headers. Run the
// real adapter on a _headers like ours, with the header routes Gatsby hands every adapter.
const ours = [
  "/*",
  "  X-Content-Type-Options: nosniff",
  "",
  "/shop",
  "  Cache-Control: public, max-age=0, must-revalidate",
  "",
  "/static/*",
  "  Cache-Control: public, max-age=31536000, immutable",
  "",
].join("\n")
// What gatsby/dist/utils/adapter/manager.js getDefaultHeaderRoutes gives (abridged).
const gatsbyDefaults = [
  { path: "/*", headers: [{ key: "cache-control", value: "public, max-age=0, must-revalidate" }] },
  {
    path: "/static/*",
    headers: [{ key: "cache-control", value: "public, max-age=31536000, immutable" }],
  },
]

async function headersAfter(adapter: IAdapter) {
  const previous = process.cwd()
  const site = fs.mkdtempSync(path.join(os.tmpdir(), "netlify-adapter-"))
  fs.mkdirSync(path.join(site, "public"))
  fs.writeFileSync(path.join(site, "public", "_headers"), ours)
  process.chdir(site)
  try {
    const context = { routesManifest: [], functionsManifest: [], headerRoutes: gatsbyDefaults }
    await adapter.adapt(context as unknown as Parameters<IAdapter["adapt"]>[0])
    return fs.readFileSync(path.join(site, "public", "_headers"), "utf8")
  } finally {
    process.chdir(previous)
    fs.rmSync(site, { recursive: true, force: true })
  }
}

const clashesAt = (text: string, address: string) =>
  clashes(effectiveHeaders(parseHeadersFile(text, "netlify").rules, address, "netlify"))

describe("Gatsby's Netlify adapter", () => {
  it("as Gatsby runs it, adds rules that set a header of ours a second time", async () => {
    const text = await headersAfter(netlifyAdapter())
    expect(clashesAt(text, "/static/photo.jpg")).toHaveProperty("cache-control")
  })

  it("as the site runs it, leaves the rules the build wrote and checked", async () => {
    const text = await headersAfter(withoutHeaderRules(netlifyAdapter()))
    expect(parseHeadersFile(text, "netlify").rules).toEqual(parseHeadersFile(ours, "netlify").rules)
    for (const address of ["/", "/shop", "/static/photo.jpg"]) {
      expect(clashesAt(text, address)).toEqual({})
    }
  })
})
