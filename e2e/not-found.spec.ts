import { expect, test } from "@playwright/test"

test("an unknown path answers 404 with the 404 page and logs the path", async ({ page }) => {
  const messages: string[] = []
  page.on("console", (message) => messages.push(message.text()))

  const response = await page.goto("/summer-sale-2019")

  expect(response?.status()).toBe(404)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found")
  const home = page.getByRole("main").getByRole("link", { name: "Return to Home" })
  await expect(home).toHaveAttribute("href", "/")
  await expect.poll(() => messages.join("\n")).toContain("/summer-sale-2019")

  await home.click()
  await expect(page).toHaveURL(/localhost:\d+\/$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Timeless Elegance for the Modern Woman",
  )
})

test("a deeper unknown path is a 404 too", async ({ page }) => {
  const response = await page.goto("/journal/an-old-article")
  expect(response?.status()).toBe(404)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found")
})
