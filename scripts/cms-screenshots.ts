// Screenshots of the content editor for docs/editing-content.md, at 1280 and 390 pixels wide, and
// axe on each of its screens, written to docs/cms-accessibility.md: the production build's
// /admin/, served by the site's own server, saving through decap-server into a temporary Git
// repository of data/ (the real files are never touched), as `npm run cms` runs it.
// Usage: npm run build && npx tsx scripts/cms-screenshots.ts [outDir]   (default docs/cms)
import AxeBuilder from "@axe-core/playwright"
import { chromium, type Page } from "@playwright/test"
import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import prettier from "prettier"
import { setTimeout as sleep } from "node:timers/promises"
import { contentModel } from "../src/content/model"
import { fullChromiumLaunchOptions } from "../e2e/support/browser"
import { startDecapServer } from "../e2e/support/decapServer"
import { forward } from "../e2e/support/forward"
import { serveBuild } from "../e2e/support/servers"

const outDir = process.argv[2] ?? "docs/cms"
const reportFile = "docs/cms-accessibility.md"
/** WCAG 2.2 A and AA, as the site's own pages are checked (e2e/members-page.spec.ts). */
const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

interface Finding {
  screen: string
  width: number
  rule: string
  impact: string
  help: string
  whose: string
  nodes: number
}

/** Whose element a violation is on: the preview (the site's own page), the site's link, or Decap's. */
function whoseIs(target: unknown[]): string {
  if (target.length > 1) return "the preview (the site's page)"
  return String(target[0]).includes("#members-link") ? "the site's own (Members' list)" : "Decap's"
}

async function main() {
  const decap = await startDecapServer(path.resolve("data"))
  const site = await serveBuild().catch((error: unknown) => {
    decap.stop()
    throw error
  })
  const findings: Finding[] = []
  const checked: string[] = []
  try {
    await mkdir(outDir, { recursive: true })
    const browser = await chromium.launch(fullChromiumLaunchOptions())

    const open = async (width: number) => {
      // The local backend (decap-server on localhost) is outside the CMS's policy, rightly.
      const context = await browser.newContext({
        viewport: { width, height: 800 },
        bypassCSP: true,
      })
      const page = await context.newPage()
      await forward(page, "http://localhost:8081/api/v1", decap.api)
      return page
    }
    const shot = async (page: Page, name: string) => {
      // Let pictures and the preview settle; these are pictures for people, not assertions.
      await sleep(1500)
      await page.screenshot({ path: path.join(outDir, `${name}.png`) })
      console.log(`${outDir}/${name}.png`)
    }
    const axe = async (page: Page, screen: string) => {
      const width = page.viewportSize()?.width ?? 0
      checked.push(`${screen} (${width} px)`)
      const { violations } = await new AxeBuilder({ page }).withTags(axeTags).analyze()
      for (const violation of violations) {
        const byWhom = new Map<string, number>()
        for (const node of violation.nodes) {
          const whose = whoseIs(node.target)
          byWhom.set(whose, (byWhom.get(whose) ?? 0) + 1)
        }
        for (const [whose, nodes] of byWhom) {
          findings.push({
            screen,
            width,
            rule: violation.id,
            impact: violation.impact ?? "",
            help: violation.help,
            whose,
            nodes,
          })
        }
      }
    }
    const entry = async (page: Page, collection: string, label: string) => {
      await page.evaluate((hash) => (location.hash = hash), `#/collections/${collection}`)
      await page
        .getByRole("link")
        .filter({ has: page.getByRole("heading", { name: label, exact: true }) })
        .click()
    }

    // At 1280 pixels: the whole way, from the list of pages to a published draft.
    const page = await open(1280)
    await page.goto(`${site.baseURL}/admin/`)
    await page.getByRole("button", { name: "Login" }).waitFor()
    await axe(page, "Sign-in")
    await page.getByRole("button", { name: "Login" }).click()
    await page.getByRole("link", { name: contentModel.home.label }).waitFor()
    await shot(page, "1-pages")
    await axe(page, "The list of pages")

    await entry(page, "pages", contentModel.home.label)
    const headline = page.getByLabel("Headline", { exact: true })
    await headline.fill("Dressed for every season")
    await page
      .frameLocator("iframe")
      .getByRole("heading", { name: "Dressed for every season" })
      .waitFor()
    await shot(page, "2-editing")
    await axe(page, "Editing a page, with its preview")

    await page.getByRole("button", { name: "Save", exact: true }).click()
    await page.getByRole("button", { name: "Status: Draft" }).click()
    await page.getByRole("menuitem", { name: "In review" }).waitFor()
    await shot(page, "3-status")
    await page.getByRole("menuitem", { name: "In review" }).click()
    await page.getByRole("button", { name: "Status: In review" }).waitFor()

    await page.getByRole("link", { name: /^← Writing in/ }).click()
    await page.getByRole("link", { name: "Workflow" }).click()
    const card = page.getByRole("link", { name: new RegExp(contentModel.home.label) })
    await card.hover()
    await shot(page, "4-workflow")
    await axe(page, "The Workflow board")

    // Back to the draft from its card. Select the text first: Decap's text box keeps its cursor
    // across a re-render, so a second fill would add to the text rather than replace it.
    await card.click()
    await headline.click()
    await headline.press("Control+A")
    await headline.fill("Timeless elegance for the modern woman, in every season of her life")
    await page.getByRole("button", { name: "Save", exact: true }).click()
    await page.getByText("at most 50 characters fit here").waitFor()
    await headline.scrollIntoViewIfNeeded()
    await shot(page, "5-check")

    // Leave without saving: the browser asks first.
    page.once("dialog", (dialog) => void dialog.accept())
    await entry(page, "pages", contentModel.journal.label)
    await page.getByText(/^\d+ articles$/).click()
    // The chevron at the top of an entry unfolds it.
    const article = page.getByText("Spring's Softest Palette", { exact: false }).first()
    const item = article.locator("xpath=..")
    await item.locator("button").first().click()
    await item.getByText("Seasonal Trends").scrollIntoViewIfNeeded()
    await shot(page, "6-list")

    await entry(page, "pages", contentModel.about.label)
    await page.getByRole("button", { name: "Choose different image" }).click()
    await page.getByText("Choose selected").waitFor()
    await shot(page, "7-pictures")
    await axe(page, "Choosing a picture")
    await page.close()

    // At 390 pixels, a phone: a text changed and saved as a draft.
    const phone = await open(390)
    await phone.goto(`${site.baseURL}/admin/`)
    await phone.getByRole("button", { name: "Login" }).click()
    await phone.getByRole("link", { name: contentModel.home.label }).waitFor()
    await shot(phone, "phone-1-pages")
    await axe(phone, "The list of pages")
    await entry(phone, "pages", contentModel.shop.label)
    await phone.getByLabel("Page heading", { exact: true }).fill("Shop the spring edit")
    await shot(phone, "phone-2-editing")
    await axe(phone, "Editing a page")
    await phone.getByRole("button", { name: "Save", exact: true }).click()
    await phone.getByRole("button", { name: "Status: Draft" }).waitFor()
    await shot(phone, "phone-3-saved")
    await phone.getByRole("link", { name: /^← Writing in/ }).click()
    await phone.getByRole("link", { name: "Workflow" }).click()
    await phone.getByRole("link", { name: new RegExp(contentModel.shop.label) }).waitFor()
    await shot(phone, "phone-4-workflow")
    await axe(phone, "The Workflow board")
    await browser.close()
  } finally {
    site.stop()
    decap.stop()
  }
  // In the repository's Markdown style, as the lint checks it.
  const style = await prettier.resolveConfig(reportFile)
  const markdown = await prettier.format(report(findings, checked), {
    ...style,
    parser: "markdown",
  })
  await writeFile(reportFile, markdown)
  console.log(reportFile)
}

function report(findings: Finding[], checked: string[]): string {
  const cell = (text: string) => text.replace(/\|/g, "\\|")
  const rows = findings.map(
    (each) =>
      `| ${cell(each.screen)} | ${each.width} | \`${each.rule}\` | ${each.impact} | ${cell(each.help)} | ${each.whose} | ${each.nodes} |`,
  )
  return [
    "# The content editor and axe",
    "",
    "Written by `npx tsx scripts/cms-screenshots.ts` (after `npm run build:test`): axe-core, WCAG 2.2 A",
    "and AA, on each screen of the content editor (Decap CMS at `/admin/`, the local backend), at 1280",
    `and 390 pixels wide. Checked: ${checked.join("; ")}.`,
    "",
    "Each violation is listed with whose element it is on: Decap's own, the preview (the site's page,",
    "drawn with the site's components in Decap's frame), or the site's own part of the editor (the",
    "Members' list link). None is hidden; what the site can change is in",
    "[`cms.md`](cms.md#the-editor-on-a-phone-and-accessibility).",
    "",
    ...(rows.length === 0
      ? ["No violations."]
      : [
          "| screen | width | rule | impact | what axe says | whose | elements |",
          "| ------ | ----- | ---- | ------ | ------------- | ----- | -------- |",
          ...rows,
        ]),
    "",
  ].join("\n")
}

void main()
