import { expect, type Page } from "@playwright/test"
import { site } from "./content"

/**
 * Waits until the page has hydrated (gatsby-browser marks it), which is when buttons like the menu
 * start to respond.
 */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" })
}

/**
 * Opens the phone menu as a visitor would: a tap that lands while the page is still becoming
 * interactive on a busy device can be lost, and she taps again. A button that never opens the menu
 * still fails after a few seconds.
 */
export async function openMenu(page: Page) {
  await waitForHydration(page)
  const button = page.getByRole("button", { name: site.menuButtonLabel, exact: true })
  await expect(async () => {
    if ((await button.getAttribute("aria-expanded")) !== "true") await button.click()
    await expect(button).toHaveAttribute("aria-expanded", "true", { timeout: 1000 })
  }).toPass({ timeout: 8000 })
}
