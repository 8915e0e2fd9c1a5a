import { expect, type Locator, type Page } from "@playwright/test"

/**
 * Waits until React has taken over the static page (it tags the DOM nodes it owns), which is when
 * buttons like the menu start to respond.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector("[data-menu-button]")
    return button !== null && Object.keys(button).some((key) => key.startsWith("__reactFiber"))
  })
}

/**
 * Opens the phone menu as a visitor would: a tap that lands while the page is still becoming
 * interactive on a busy device can be lost, and she taps again. A button that never opens the menu
 * still fails after a few seconds.
 */
export async function openMenu(page: Page) {
  await waitForHydration(page)
  const button = page.getByRole("button", { name: "Menu" })
  await expect(async () => {
    if ((await button.getAttribute("aria-expanded")) !== "true") await button.click()
    await expect(button).toHaveAttribute("aria-expanded", "true", { timeout: 1000 })
  }).toPass({ timeout: 8000 })
}

/** Waits until React has hydrated this element: parts of a page may hydrate later than the rest. */
export async function waitUntilReactOwns(element: Locator) {
  await expect
    .poll(() =>
      element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber"))),
    )
    .toBe(true)
}
