import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { expect, test, type FrameLocator, type Page } from "@playwright/test"
import { saveProblems } from "../src/cms/saveCheck"
import { contentModel } from "../src/content/model"
import { startDecapServer, type DecapServer } from "./support/decapServer"
import { forward } from "./support/forward"

// What the marketing staff meet in the editor at /admin/ beyond a plain Save (e2e/cms.spec.ts):
// the preview's type, a Save the site's content check would refuse, the fields that take numbers,
// an upload that is not a picture. On decap-server in its Git mode over a temporary copy of
// data/, as e2e/cms.spec.ts runs it: the real files are never written.
test.use({ bypassCSP: true })

const repoRoot = path.resolve(__dirname, "..")
const realData = path.join(repoRoot, "data")
/** Where the CMS looks for decap-server (`local_backend: true`); the test reroutes it. */
const decapDefaultApi = "http://localhost:8081/api/v1"

/** Every file of data/ by name, as text. */
function snapshotOf(dataDir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dataDir)
      .filter((name) => name.endsWith(".json"))
      .map((name) => [name, readFileSync(path.join(dataDir, name), "utf8")]),
  )
}

async function signIn(page: Page, server: DecapServer) {
  await forward(page, decapDefaultApi, server.api)
  await page.goto("/admin/")
  await page.getByRole("button", { name: "Login" }).click()
}

/**
 * The rendered width of an element's text, on one line, in the face it is drawn in now, and in
 * the site's display face itself (loaded in the frame under another name from the file the
 * preview's @font-face rule names): equal when the element is drawn in that face.
 */
async function widthsOf(frame: FrameLocator, family: string) {
  return frame
    .getByRole("heading", { level: 1 })
    .first()
    .evaluate(async (element: HTMLElement, family) => {
      const document = element.ownerDocument
      const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
      const face = rules.find(
        (rule): rule is CSSFontFaceRule =>
          rule instanceof (document.defaultView as typeof window).CSSFontFaceRule &&
          rule.style.getPropertyValue("font-family").replaceAll('"', "") === family,
      )
      const url = /url\("?([^")]+)"?\)/.exec(face?.style.getPropertyValue("src") ?? "")?.[1]
      if (!url) throw new Error(`no @font-face rule for ${family} in the preview`)
      const probe = new FontFace("Probe face", `url(${new URL(url, document.baseURI).href})`, {
        weight: face!.style.getPropertyValue("font-weight"),
      })
      document.fonts.add(await probe.load())
      const saved = element.getAttribute("style")
      element.style.whiteSpace = "nowrap"
      element.style.width = "max-content"
      element.style.display = "inline-block"
      const drawn = element.getBoundingClientRect().width
      element.style.fontFamily = '"Probe face"'
      const inFace = element.getBoundingClientRect().width
      if (saved === null) element.removeAttribute("style")
      else element.setAttribute("style", saved)
      document.fonts.delete(probe)
      return { drawn, inFace }
    }, family)
}

test.describe("Decap CMS at /admin/: what the editor sees", () => {
  test.describe.configure({ timeout: 120_000 })

  let server: DecapServer
  let realBefore: Record<string, string>

  test.beforeEach(async () => {
    realBefore = snapshotOf(realData)
    server = await startDecapServer(realData)
  })

  test.afterEach(async ({ page }) => {
    await page.close()
    server?.stop()
    expect(snapshotOf(realData)).toEqual(realBefore)
  })

  test("the preview's heading is drawn in the site's display face, even when the face arrives a second late", async ({
    page,
  }) => {
    // The fonts on a slow line: a second each. The pages preload them; the preview's frame cannot.
    await page.route(/\.woff2(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000))
      await route.continue()
    })
    await signIn(page, server)
    await page.getByRole("link", { name: contentModel.home.label }).click()
    const frame = page.frameLocator("iframe").first()
    await expect(frame.getByRole("heading", { level: 1 }).first()).toBeVisible()
    await expect(frame.getByRole("heading", { level: 1 }).first()).toHaveCSS(
      "font-family",
      /Cormorant Garamond/,
    )
    await expect
      .poll(
        async () => {
          const { drawn, inFace } = await widthsOf(frame, "Cormorant Garamond")
          return Math.abs(drawn - inFace)
        },
        { message: "the heading's width in the face it is drawn in, against the site's face" },
      )
      .toBeLessThan(0.5)
  })
})

test.describe("Decap CMS at /admin/: Save runs the site's content check", () => {
  test.describe.configure({ timeout: 120_000 })

  let server: DecapServer
  let realBefore: Record<string, string>

  test.beforeEach(async () => {
    realBefore = snapshotOf(realData)
    server = await startDecapServer(realData)
  })

  test.afterEach(async ({ page }) => {
    await page.close()
    server?.stop()
    expect(snapshotOf(realData)).toEqual(realBefore)
  })

  test("a second shop category of the same name is refused at Save, in the check's words, and her typing stays", async ({
    page,
  }) => {
    const shop = JSON.parse(readFileSync(path.join(realData, "shop.json"), "utf8")) as {
      categories: { name: string }[]
    }
    const [first, second] = shop.categories
    expect(second, "the shop needs two categories for this test").toBeDefined()
    // The build's own words for it (src/content/checkContent/), from the same content.
    const expected = saveProblems("shop", {
      ...shop,
      categories: [first, { ...second, name: first!.name }, ...shop.categories.slice(2)],
    })
    expect(expected).toMatch(/is the same as category 1/)

    await signIn(page, server)
    await page.getByRole("link", { name: contentModel.shop.label }).click()
    // The categories are folded: open the second with the toggle on its bar.
    await page
      .getByText(second!.name, { exact: true })
      .first()
      .locator("xpath=preceding-sibling::*[1]//button")
      .first()
      .click()
    const name = page.getByLabel("Name", { exact: true }).locator("visible=true")
    await expect(name).toHaveValue(second!.name)
    await name.fill(first!.name)
    await page.getByRole("button", { name: "Save", exact: true }).click()
    await expect(page.getByText(expected!)).toBeVisible()
    // Nothing committed; the form keeps what she typed.
    await page.waitForTimeout(1000)
    expect(server.git("rev-parse", "--verify", "--quiet", "cms/pages/shop")).toBeUndefined()
    await expect(name).toHaveValue(first!.name)
  })
})
