import { expect, type Locator, type Page } from "@playwright/test"
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

/**
 * Presses Tab as a keyboard visitor does until `target` has the focus. Where React builds a part
 * of the page afresh as she arrives (the tooltips coming in), her button is replaced and the focus
 * is on the page for a moment before it is given back: each press waits for the focus to settle
 * on an element, as her next press would.
 */
export async function tabTo(page: Page, target: Locator, maxPresses: number) {
  for (let presses = 0; presses < maxPresses; presses++) {
    await page.keyboard.press("Tab")
    await page.waitForFunction(() => document.activeElement !== document.body, undefined, {
      timeout: 3000,
    })
    // Asked again for half a second, the element found afresh each time: the element found
    // a moment ago may be the one React has just replaced.
    const reached = await expect(target)
      .toBeFocused({ timeout: 500 })
      .then(
        () => true,
        () => false,
      )
    if (reached) return
  }
  throw new Error(`${maxPresses} presses of Tab did not reach the element`)
}
