import { expect, test } from "@playwright/test"
import { waitForHydration } from "./hydration"

// The page is complete HTML and CSS: a visitor sees it before any JavaScript is fetched, and it
// becomes interactive a moment later (src/build/scriptsAfterPaint.ts).
const routes = ["/", "/shop", "/about", "/journal", "/affiliate", "/contact", "/no-such-page"]

for (const route of routes) {
  test(`${route} paints before it fetches its JavaScript, then hydrates`, async ({ page }) => {
    await page.goto(route)
    await waitForHydration(page)
    const timing = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === "script")
        .map((entry) => ({ url: entry.name, start: entry.startTime })),
    }))
    expect(
      timing.firstContentfulPaint,
      "the browser reports a first contentful paint",
    ).toBeDefined()
    expect(timing.scripts.some(({ url }) => /\/framework-[0-9a-f]+\.js$/.test(url))).toBe(true)
    for (const script of timing.scripts) {
      expect(script.start, `${script.url} starts after the first paint`).toBeGreaterThanOrEqual(
        timing.firstContentfulPaint!,
      )
    }
  })
}
