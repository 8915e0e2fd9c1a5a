// Screenshots of the content editor for docs/editing-content.md, from the production build: /admin/
// served by the site's own server, saving through decap-server into a temporary copy of data/ (the real
// files are never touched).
// Usage: npm run build && npx tsx scripts/cms-screenshots.ts [outDir]   (default docs/cms)
import { chromium } from "@playwright/test"
import { mkdir } from "node:fs/promises"
import path from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { chromiumLaunchOptions } from "../e2e/support/browser"
import { startDecapServer } from "../e2e/support/decapServer"
import { serveBuild } from "../e2e/support/servers"

const outDir = process.argv[2] ?? "docs/cms"

async function main() {
  const decap = await startDecapServer(path.resolve("data"))
  const site = await serveBuild().catch((error: unknown) => {
    decap.stop()
    throw error
  })
  const { api } = decap
  const baseUrl = site.baseURL

  try {
    await mkdir(outDir, { recursive: true })
    const browser = await chromium.launch(chromiumLaunchOptions())
    // The local backend (decap-server on localhost) is outside the CMS's policy, rightly.
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, bypassCSP: true })
    // The CMS looks for decap-server at its default address; send it to ours.
    await page.route("http://localhost:8081/api/v1", async (route) => {
      await route.fulfill({ response: await route.fetch({ url: api }) })
    })
    const shot = async (name: string) => {
      // Let pictures and the preview settle; these are pictures for people, not assertions.
      await sleep(1500)
      await page.screenshot({ path: path.join(outDir, `${name}.png`) })
      console.log(`${outDir}/${name}.png`)
    }
    const openEntry = async (collection: string, label: string) => {
      await page.goto(`${baseUrl}/admin/#/collections/${collection}`)
      await page.getByRole("link", { name: label }).click()
      await page.frameLocator("iframe").locator("main").waitFor()
    }

    await page.goto(`${baseUrl}/admin/`)
    await page.getByRole("button", { name: "Login" }).click()
    await page.getByRole("link", { name: "Home page" }).waitFor()
    await shot("1-pages")

    await openEntry("pages", "Home page")
    const headline = page.getByLabel("Headline", { exact: true })
    await headline.fill("Dressed for every season")
    await page
      .frameLocator("iframe")
      .getByRole("heading", { name: "Dressed for every season" })
      .waitFor()
    await shot("2-editing")

    await page.getByRole("button", { name: "Publish" }).click()
    await page.getByRole("menuitem", { name: "Publish now" }).waitFor()
    await shot("3-publish")
    await page.keyboard.press("Escape")

    // Select the text first: Decap's text box keeps its cursor across a re-render, so a second
    // fill would add to the text rather than replace it.
    await headline.click()
    await headline.press("Control+A")
    await headline.fill("Timeless elegance for the modern woman, in every season of her life")
    await page.getByRole("button", { name: "Publish" }).click()
    await page.getByRole("menuitem", { name: "Publish now" }).click()
    await page.getByText("at most 50 characters fit here").waitFor()
    await headline.scrollIntoViewIfNeeded()
    await shot("4-check")

    // Leave without saving: the browser asks first.
    page.once("dialog", (dialog) => dialog.accept())
    await openEntry("pages", "Style journal page")
    await page.getByText(/^\d+ articles$/).click()
    // The chevron at the top of an entry unfolds it.
    const article = page.getByText("Spring's Softest Palette", { exact: false }).first()
    const entry = article.locator("xpath=..")
    await entry.locator("button").first().click()
    await entry.getByText("Seasonal Trends").scrollIntoViewIfNeeded()
    await shot("5-list")

    await openEntry("pages", "Our story page")
    await page.getByRole("button", { name: "Choose different image" }).click()
    await page.getByText("Choose selected").waitFor()
    await shot("6-pictures")
    await browser.close()
  } finally {
    site.stop()
    decap.stop()
  }
}

void main()
