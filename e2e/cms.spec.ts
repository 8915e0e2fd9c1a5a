import { readFileSync, readdirSync } from "node:fs"
import path from "node:path"
import { expect, test } from "@playwright/test"
import { contentModel } from "../src/content/model"
import { siteAddresses } from "../src/content/routes"
import { startDecapServer, type DecapServer } from "./support/decapServer"
import { forward } from "./support/forward"

// Decap CMS at /admin/ of the production build, saving through decap-server (the local backend
// of `npm run cms`) into a temporary copy of data/: the real files are never written.
//
// The production build's /admin/ is served under the CMS's policy, which rightly allows no local
// decap-server (localhost:8081): these tests bypass it. The policy itself is tested with the
// GitHub backend the live CMS uses (e2e/cms-signin.spec.ts, e2e/host-headers.spec.ts).
test.use({ bypassCSP: true })

const repoRoot = path.resolve(__dirname, "..")
const realData = path.join(repoRoot, "data")
/** Where the CMS looks for decap-server (`local_backend: true`); the test reroutes it. */
const decapDefaultApi = "http://localhost:8081/api/v1"

const publicRoutes = siteAddresses()

type Json = Record<string, unknown> & { hero: Record<string, unknown> }

/** Every file of data/ by name, as text. */
function snapshotOf(dataDir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dataDir)
      .filter((name) => name.endsWith(".json"))
      .map((name) => [name, readFileSync(path.join(dataDir, name), "utf8")]),
  )
}

/** The home headline in a copy of data/home.json; undefined while decap-server is writing it. */
function headlineIn(file: string): unknown {
  try {
    return (JSON.parse(readFileSync(file, "utf8")) as Json).hero.headline
  } catch (error) {
    if (error instanceof SyntaxError) return undefined
    throw error
  }
}

test.describe("Decap CMS at /admin/", () => {
  // The CMS is 1.3 MB of script (gzipped) before its first screen, on a machine that may be busy.
  test.describe.configure({ timeout: 90_000 })

  let server: DecapServer
  let realBefore: Record<string, string>

  test.beforeAll(async () => {
    realBefore = snapshotOf(realData)
    server = await startDecapServer(realData)
  })

  test.afterAll(() => {
    server?.stop()
    // Whatever happened above, the real content is exactly as it was.
    expect(snapshotOf(realData)).toEqual(realBefore)
  })

  test("edits the home headline in the form, previews it styled, and saves it to data/home.json", async ({
    page,
  }) => {
    const homeFile = path.join(server.repoDir, "data", "home.json")
    const before = JSON.parse(readFileSync(homeFile, "utf8")) as Json
    const headline = `Style for every season ${Date.now().toString(36)}`

    // The CMS's calls for decap-server's default address go to this test's server.
    await forward(page, decapDefaultApi, server.api)
    await page.goto("/admin/")
    await page.getByRole("button", { name: "Login" }).click()
    await page.getByRole("link", { name: "Home page" }).click()

    const field = page.getByLabel("Headline", { exact: true })
    await expect(field).toHaveValue(String(before.hero.headline))
    await field.fill(headline)
    await expect(field).toHaveValue(headline)

    // The preview is the site's own hero, with the site's type (emotion styles in the iframe).
    const previewHeading = page.frameLocator("iframe").getByRole("heading", { level: 1 })
    await expect(previewHeading).toHaveText(headline)
    await expect(previewHeading).toHaveCSS("font-family", /Cormorant Garamond/)

    await page.getByRole("button", { name: "Publish" }).click()
    await page.getByRole("menuitem", { name: "Publish now" }).click()

    await expect
      .poll(() => headlineIn(homeFile), {
        message: "decap-server writes the new headline into the copy's data/home.json",
      })
      .toBe(headline)
    // Only the headline changed, and the file keeps the format of data/ (the lint checks it).
    const expected = { ...before, hero: { ...before.hero, headline } }
    expect(readFileSync(homeFile, "utf8")).toBe(`${JSON.stringify(expected, null, 2)}\n`)
  })
})

test.describe("Decap CMS: the journal's categories", () => {
  test.describe.configure({ timeout: 90_000 })

  let server: DecapServer
  test.beforeAll(async () => {
    server = await startDecapServer(realData)
  })
  test.afterAll(() => server?.stop())

  test("an article's category is a menu of the journal's own list, and the choice is saved", async ({
    page,
  }) => {
    const journalFile = path.join(server.repoDir, "data", "journal.json")
    const before = JSON.parse(readFileSync(journalFile, "utf8")) as {
      categories: string[]
      articles: { title: string; category: string }[]
    }
    const [first] = before.articles
    // Another category than the first article's: the menu must offer every one of the list.
    const chosen = before.categories.find((category) => category !== first?.category)
    expect(chosen, "the journal needs two categories for this test").toBeDefined()

    await forward(page, decapDefaultApi, server.api)
    await page.goto("/admin/")
    await page.getByRole("button", { name: "Login" }).click()
    await page.getByRole("link", { name: contentModel.journal.label }).click()
    // The articles list is folded: open the first article with the toggle on its bar.
    await page
      .getByText(first!.title, { exact: true })
      .first()
      .locator("xpath=preceding-sibling::*[1]//button")
      .first()
      .click()
    // The open article's menu (the folded entries of the categories list are labelled so too).
    const menu = page.getByLabel("Category", { exact: true }).locator("visible=true")
    // A keyboard opens it as a click does (react-select's value text covers its input).
    await menu.focus()
    await page.keyboard.press("ArrowDown")
    // react-select's options carry no role; they are named by id.
    const options = page.locator('[id^="react-select-"][id*="-option-"]')
    await expect(options).toHaveText(before.categories)
    await options.filter({ hasText: chosen! }).click()

    await page.getByRole("button", { name: "Publish" }).click()
    await page.getByRole("menuitem", { name: "Publish now" }).click()
    await expect
      .poll(() => {
        try {
          return (JSON.parse(readFileSync(journalFile, "utf8")) as typeof before).articles[0]
            ?.category
        } catch {
          return undefined
        }
      })
      .toBe(chosen)
  })
})

test("no public page loads any of the CMS's code", async ({ page }) => {
  // Seven pages, each until its network is quiet.
  test.setTimeout(60_000)
  const scripts = new Set<string>()
  page.on("response", (response) => {
    // A redirect has no body; the script it leads to is a response of its own.
    if (response.request().resourceType() === "script" && response.status() < 300) {
      scripts.add(response.url())
    }
  })
  for (const route of publicRoutes) {
    await page.goto(route)
    await page.waitForLoadState("networkidle")
  }
  expect(scripts.size).toBeGreaterThan(0)
  // Read again from the server: the browser drops a body once its page has moved on.
  for (const url of scripts) {
    expect(url).not.toMatch(/\/admin\//)
    expect(await (await page.request.get(url)).text(), url).not.toMatch(/decap/i)
  }
})
