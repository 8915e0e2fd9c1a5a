import { readFileSync } from "node:fs"
import path from "node:path"
import { expect, test, type Page } from "@playwright/test"
import { contentModel, isPageName, type ContentName } from "../src/content/model"
import { arrived, coveredToolbarControls, focusRing } from "./support/cmsLook"
import { startDecapServer, type DecapServer } from "./support/decapServer"
import { forward } from "./support/forward"

// The content editor on a phone (390 pixels wide): a member of staff changes a text and saves it
// as a draft, on the local backend (e2e/cms.spec.ts says how). Decap's editor is 800 pixels wide
// at least; src/cms/decapStyles.ts fits it to the screen.
test.use({ bypassCSP: true, viewport: { width: 390, height: 844 }, hasTouch: true })
test.describe.configure({ timeout: 120_000 })

// A decap-server for each test: the drafts one makes are not on the other's Workflow board.
let server: DecapServer
test.beforeEach(async () => {
  server = await startDecapServer(path.resolve(__dirname, "..", "data"))
})
test.afterEach(async ({ page }) => {
  // The CMS may still be asking decap-server something.
  await page.close()
  server?.stop()
})

/** The CMS signed in to this test's decap-server. */
async function signIn(page: Page) {
  await forward(page, "http://localhost:8081/api/v1", server.api)
  await page.goto("/admin/")
  await page.getByRole("button", { name: "Login" }).click()
}

/**
 * A draft of a page marked Ready, as Save and the Status menu make it, through decap-server's API
 * (the CMS's own calls): its title changed on its branch.
 */
async function readyDraft(name: ContentName) {
  const file = `data/${name}.json`
  const saved = JSON.parse(readFileSync(path.join(server.repoDir, file), "utf8")) as {
    title: string
  }
  const raw = `${JSON.stringify({ ...saved, title: `${saved.title} (new)` }, null, 2)}\n`
  const answer = await fetch(server.api, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      action: "persistEntry",
      params: {
        branch: server.branch,
        entry: { slug: name, path: file, raw },
        assets: [],
        options: {
          collectionName: "pages",
          commitMessage: `Update Pages “${name}”`,
          useWorkflow: true,
          status: "pending_publish",
        },
      },
    }),
  })
  expect(answer.ok, `decap-server saves the draft of ${name}`).toBe(true)
}

test("at 390 pixels: a text changed and saved as a draft, the editor within the screen, its box's focus clear, the notice of the save off the toolbar, a date's box too", async ({
  page,
}) => {
  await signIn(page)
  // The way to the members' list is in the corner of the lists, and not over the form.
  const membersLink = page.locator("#members-link")
  await expect(membersLink).toBeVisible()
  // Scrolled to the end, the list's last entry is clear of it, not under it.
  const entries = page.locator('a[href*="/entries/"]')
  await expect(entries.first()).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const last = await entries.last().boundingBox()
  const link = await membersLink.boundingBox()
  expect(last && link && last.y + last.height <= link.y).toBe(true)
  await page.getByRole("link", { name: contentModel.shop.label }).click()
  await expect(membersLink).toBeHidden()

  const heading = page.getByLabel("Page heading", { exact: true })
  await heading.fill("Shop the spring edit")
  const save = page.getByRole("button", { name: "Save", exact: true })
  // Nothing sideways: the page is the screen's width, and Save and the Publish menu are on it.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  for (const control of [save, page.getByRole("button", { name: "Publish" })]) {
    const box = await control.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
  }
  await expect(heading).toBeInViewport()
  // Reached with the keyboard, the box wears a ring that stands out from the form.
  await page.keyboard.press("Shift+Tab")
  await page.keyboard.press("Tab")
  await expect(heading).toBeFocused()
  const ring = await focusRing(page)
  expect(ring.style).toBe("solid")
  expect(ring.width).toBeGreaterThanOrEqual(2)
  expect(ring.contrast).toBeGreaterThanOrEqual(3)

  await save.tap()
  // Decap's notice is read out (an alert), and the toolbar's three rows stay free under it.
  const notice = page.getByRole("alert").filter({ hasText: "Entry saved" })
  await expect(notice).toBeInViewport()
  await arrived(notice)
  expect(await coveredToolbarControls(page)).toEqual([])
  await expect
    .poll(() => server.git("show", "cms/pages/shop:data/shop.json"), {
      message: "the draft is committed on its branch",
    })
    .toContain('"heading": "Shop the spring edit"')
  const status = page.getByRole("button", { name: "Status: Draft" })
  await expect(status).toBeInViewport()
  // No control of the toolbar half on the screen, a draft's too: each one shown is whole.
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll('[class*="-ToolbarContainer"] button')]
      .map((button) => ({ text: button.textContent ?? "", box: button.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.left < 0 || box.right > window.innerWidth))
      .map(({ text }) => text),
  )
  expect(cut).toEqual([])
  // Nothing floats over the form: the preview's buttons go with the preview.
  await expect(page.locator('[class*="-EditorToggle"]').first()).toBeHidden()

  // The draft thrown away, on the phone: its card on the Workflow board says how.
  await page.goto("/admin/#/workflow")
  const discard = page.getByRole("button", { name: "Delete changes" })
  await discard.scrollIntoViewIfNeeded()
  await expect(discard).toBeInViewport()
  page.once("dialog", (dialog) => void dialog.accept())
  await discard.tap()
  await expect
    .poll(() => server.git("branch", "--list", "cms/pages/shop")?.trim(), {
      message: "the draft's branch is gone",
    })
    .toBe("")

  // An article's date: its box holds its Now and Clear, and names no time zone.
  await page.goto(`/admin/#/collections/pages/entries/${contentModel.journal.name}`)
  await page.getByRole("button", { name: "Add article" }).tap()
  const date = page.getByLabel("Date", { exact: true }).locator("visible=true")
  await date.scrollIntoViewIfNeeded()
  // Decap's row: the date, the "UTC" it says, and the buttons Now and Clear.
  const row = date.locator("xpath=..")
  const field = await row.boundingBox()
  const buttons = row.getByRole("button")
  await expect(buttons).toHaveCount(2)
  for (const button of await buttons.all()) {
    const box = await button.boundingBox()
    expect(
      field && box && box.x >= field.x && box.x + box.width <= field.x + field.width,
      `${await button.textContent()} within the date's box`,
    ).toBe(true)
  }
  await expect(row.getByText("UTC", { exact: true })).toBeHidden()
})

// The Workflow board is a screen high in Decap (its WorkflowContainer): cards beyond it ran past the
// page's end, where the room kept for the Members' list link is, and the link covered the last one.
test("at 390 pixels: on a Workflow board longer than the screen, the last card's buttons are clear of the Members' list link", async ({
  page,
}) => {
  const pages = Object.values(contentModel)
    .map((file) => file.name)
    .filter(isPageName)
    .slice(0, 4)
  for (const name of pages) await readyDraft(name)
  await signIn(page)
  await page.getByRole("link", { name: "Workflow" }).click()
  const ready = page
    .locator("div")
    .filter({ has: page.getByRole("heading", { name: "Ready", exact: true }) })
    .last()
  const publish = ready.getByRole("button", { name: "Publish changes" })
  await expect(publish).toHaveCount(pages.length)
  const membersLink = page.locator("#members-link")
  await expect(membersLink).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const last = await publish.last().boundingBox()
  const link = await membersLink.boundingBox()
  expect(
    last && link && last.y + last.height <= link.y,
    `the last card's Publish changes (${last?.y}–${last && last.y + last.height}) above the link (from ${link?.y})`,
  ).toBe(true)
})
