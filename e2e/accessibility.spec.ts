import { expect, test } from "@playwright/test"
import { siteAddresses } from "../src/content/routes"
import { axeViolations } from "./support/axe"
import { waitForHydration } from "./support/hydration"

// axe-core's WCAG 2.2 AA rules on every route and the 404, at a phone's width and a desktop's,
// once the page has hydrated: the page a visitor uses. The quality gate's axe budget (0
// violations, docs/quality-gate.md); it runs with the browser tests on every content they run on.
const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]

for (const viewport of viewports) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })
    for (const address of siteAddresses()) {
      test(`${address}: no axe violation`, async ({ page }) => {
        await page.goto(address)
        await waitForHydration(page)
        expect(await axeViolations(page)).toEqual([])
      })
    }
  })
}
