import { expect, test } from "@playwright/test"
import { errors, home, journal, site } from "./support/content"

const texts = errors.notFound

test("an unknown path answers 404 with the 404 page and logs the path", async ({ page }) => {
  const messages: string[] = []
  page.on("console", (message) => messages.push(message.text()))

  const response = await page.goto("/summer-sale-2019")

  expect(response?.status()).toBe(404)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.heading)
  await expect(page.getByRole("main").getByText(texts.text, { exact: true })).toBeVisible()
  await expect(page).toHaveTitle(`${texts.title} | ${site.brandName}`)
  const returnHome = page
    .getByRole("main")
    .getByRole("link", { name: texts.linkLabel, exact: true })
  await expect(returnHome).toHaveAttribute("href", "/")
  await expect.poll(() => messages.join("\n")).toContain("/summer-sale-2019")

  await returnHome.click()
  await expect(page).toHaveURL(/localhost:\d+\/$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(home.hero.headline)
})

test("a deeper unknown path is a 404 too", async ({ page }) => {
  const response = await page.goto(`${journal.path}/an-old-article`)
  expect(response?.status()).toBe(404)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.heading)
})
