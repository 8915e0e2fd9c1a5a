import { expect, test } from "@playwright/test"

test.describe("sign-up form", () => {
  test("a valid address shows the welcome toast, clears the field and sends nothing", async ({
    page,
  }) => {
    await page.goto("/contact")
    const requests: string[] = []
    page.on("request", (request) => requests.push(`${request.method()} ${request.url()}`))

    const field = page.getByLabel("Your e-mail address")
    await field.fill("margaret@example.com")
    await page.getByRole("button", { name: "Join Now" }).click()

    const toast = page.getByRole("region", { name: /Notifications/ }).getByRole("listitem")
    await expect(toast).toContainText("Welcome to the Evergrace Society!")
    await expect(toast).toContainText(
      "Thank you for joining. Check your inbox for your welcome gift.",
    )
    await expect(field).toHaveValue("")
    await expect(page).toHaveURL(/\/contact$/)
    expect(requests.filter((request) => !request.startsWith("GET "))).toEqual([])

    // It goes away by itself after five seconds.
    await expect(toast).toHaveCount(0, { timeout: 8000 })
  })

  test("the toast can be dismissed with its close button", async ({ page }) => {
    await page.goto("/contact")
    await page.getByLabel("Your e-mail address").fill("margaret@example.com")
    // Enter submits once the page is interactive (the button is enabled then).
    await expect(page.getByRole("button", { name: "Join Now" })).toBeEnabled()
    await page.keyboard.press("Enter")
    const toast = page.getByRole("region", { name: /Notifications/ }).getByRole("listitem")
    await expect(toast).toHaveCount(1)
    await toast.getByRole("button", { name: "Dismiss" }).click()
    await expect(toast).toHaveCount(0)
  })

  for (const malformed of ["margaret", "margaret@", "@example.com", "margaret example.com"]) {
    test(`"${malformed}" shows the browser's check and no toast`, async ({ page }) => {
      await page.goto("/contact")
      const field = page.getByLabel("Your e-mail address")
      await field.fill(malformed)
      await page.getByRole("button", { name: "Join Now" }).click()

      expect(await field.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false)
      await expect(page.getByText("Welcome to the Evergrace Society!")).toHaveCount(0)
      await expect(field).toHaveValue(malformed)
    })
  }

  test("an empty field shows no toast", async ({ page }) => {
    await page.goto("/contact")
    await page.getByRole("button", { name: "Join Now" }).click()
    await expect(page.getByText("Welcome to the Evergrace Society!")).toHaveCount(0)
  })
})
