import { expect, test } from "@playwright/test"
import { contact, countText } from "./support/content"
import { waitForHydration } from "./support/hydration"
import {
  newArticleTitle,
  newCategory,
  readContent,
  renamedBrand,
  restocked,
  type EditedFiles,
} from "./support/staffEdits"

// The pages of the build that `npm run test:content` makes from the launch content with the
// staff's edits (e2e/support/staffEdits.ts) show those edits. The content's other specs run on
// that build too.
const source = process.env.E2E_CONTENT_SOURCE
test.skip(!source, "runs on the build of the edited launch content (npm run test:content)")

/** A file of the content the edits were made to (the launch content). */
const before = <Name extends keyof EditedFiles>(name: Name) => readContent(source ?? "", name)

test("the new article is first, filed under the new category", async ({ page }) => {
  await page.goto("/journal")
  const first = page.getByRole("article").first()
  await expect(first.getByRole("heading", { level: 2 })).toHaveText(newArticleTitle)
  await expect(first).toContainText(new RegExp(newCategory, "i"))
})

test("the new name is in the header, the titles and the toast", async ({ page }) => {
  await page.goto("/shop")
  await expect(page.getByRole("banner").getByRole("link", { name: renamedBrand })).toBeVisible()
  await expect(page).toHaveTitle(new RegExp(renamedBrand))

  await page.goto("/contact")
  await expect(page.getByRole("heading", { level: 1 })).toContainText(renamedBrand)
  await waitForHydration(page)
  await page.getByLabel(contact.emailLabel, { exact: true }).fill(`edits-${Date.now()}@example.com`)
  await page.getByRole("button", { name: contact.submitLabel, exact: true }).click()
  await expect(page.getByRole("status").filter({ hasText: renamedBrand }).first()).toBeVisible()
})

test("the restock shows on the shop, and the removed collection is gone", async ({ page }) => {
  const shop = before("shop")
  const [first] = shop.categories
  expect(first, "the launch content's shop.json has a category").toBeDefined()
  await page.goto("/shop")
  await expect(page.getByRole("main").getByRole("listitem").first()).toContainText(
    countText({ count: first!.count + restocked }),
  )

  const { collections } = before("affiliate")
  const removed = collections.at(-1)
  expect(removed, "the launch content's affiliate.json has a collection").toBeDefined()
  await page.goto("/affiliate")
  await expect(page.getByRole("article")).toHaveCount(collections.length - 1)
  await expect(page.getByRole("main")).not.toContainText(removed!.title)
})
