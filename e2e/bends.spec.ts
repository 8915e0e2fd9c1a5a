import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { expect, test } from "@playwright/test"
import { siteAddresses } from "../src/content/routes"

// The bends of Gatsby's and webpack's contracts (src/gatsby/, listed in docs/architecture.md),
// checked on the build: each test fails if a Gatsby, emotion or webpack upgrade undoes one.

const publicDir = path.resolve("public")
/** The site's own bundles, named with webpack's content hash; not the CMS's (public/admin/). */
const siteBundles = readdirSync(publicDir).filter((name) => /-[0-9a-f]{20}\.js$/.test(name))
const appBundle = () => {
  const apps = siteBundles.filter((name) => /^app-/.test(name))
  expect(apps).toHaveLength(1)
  return readFileSync(path.join(publicDir, apps[0] ?? ""), "utf8")
}

test("every site bundle starts with V8's compile hint (src/gatsby/siteWebpack.ts)", () => {
  expect(siteBundles.length).toBeGreaterThan(3)
  for (const name of siteBundles) {
    const start = readFileSync(path.join(publicDir, name), "utf8").slice(0, 40)
    expect(start, name).toMatch(/^\/\/# allFunctionsCalledOnLoad\n/)
  }
})

test("the pages' bundles carry no Partytown: Gatsby runs it only in development (src/gatsby/noPartytown.js)", () => {
  expect(appBundle()).not.toContain("Partytown 0.")
})

test("the pages' bundles carry no hoist-non-react-statics (its sideEffects rule, src/gatsby/siteWebpack.ts)", () => {
  // Its list of statics, as minified; the CMS's bundle, built without the rule, has it.
  const statics = "arity:!0"
  expect(readFileSync(path.join(publicDir, "admin", "cms.js"), "utf8")).toContain(statics)
  for (const name of siteBundles) {
    expect(readFileSync(path.join(publicDir, name), "utf8"), name).not.toContain(statics)
  }
})

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
