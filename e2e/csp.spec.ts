import { expect, test, type Page } from "@playwright/test"
import { siteAddresses } from "../src/content/routes"
import { affiliate, contact, home, navigationLabelFor, site, urlOf } from "./support/content"
import { waitForHydration } from "./support/hydration"
import { injectedScriptRuns, watchForViolations } from "./support/violations"

// Every page carries the Content-Security-Policy, from the site's own server (`npm start`) as from
// nginx (npm run test:delivery), and nothing on the site may break it.

const routes = siteAddresses()

/** Scrolls to the bottom so every lazy image loads, then waits for the network to settle. */
async function loadEverything(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })
  await page.waitForLoadState("networkidle")
}

for (const route of routes) {
  test(`${route}: no CSP violation on load, scroll and client-side navigation`, async ({
    page,
  }) => {
    const violations = await watchForViolations(page)
    const response = await page.goto(route)
    const policy = (await response?.allHeaders())?.["content-security-policy"] ?? ""
    expect(policy).toMatch(/script-src 'self' 'sha256-/)
    expect(policy.match(/script-src [^;]*/)?.[0]).not.toContain("unsafe-inline")
    // Gatsby fetches page data from the same origin (connect-src) as it prefetches and navigates.
    const pageDataFetches: string[] = []
    page.on("request", (request) => {
      if (
        request.url().includes("/page-data/") &&
        ["fetch", "xhr"].includes(request.resourceType())
      ) {
        pageDataFetches.push(request.url())
      }
    })
    await page.waitForLoadState("networkidle")
    await loadEverything(page)
    expect(violations).toEqual([])

    // Each link of the navigation loads its page's data and code as the site runs in the browser.
    const navigation = page.getByRole("navigation", { name: site.navigationLabel })
    for (const href of await navigation
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")))) {
      await navigation.locator(`a[href="${href}"]`).click()
      await expect(page).toHaveURL(urlOf(String(href)))
      await expect(page.locator("h1")).toHaveCount(1)
      await loadEverything(page)
    }
    expect(violations).toEqual([])
    expect(pageDataFetches.length).toBeGreaterThan(0)
  })
}

test("the sign-up toast and the affiliate tooltip run under the policy", async ({ page }) => {
  const violations = await watchForViolations(page)
  await page.goto(contact.path)
  // Before that the form posts itself and the endpoint answers with a page (e2e/signup.spec.ts).
  await waitForHydration(page)
  await page.getByLabel(contact.emailLabel, { exact: true }).fill("margaret@example.com")
  await page.getByRole("button", { name: contact.submitLabel, exact: true }).click()
  await expect(page.getByText(contact.toast.title, { exact: true }).first()).toBeVisible()

  await page
    .getByRole("navigation", { name: site.navigationLabel })
    .getByRole("link", { name: navigationLabelFor(affiliate.path), exact: true })
    .click()
  // A client-side visit: the buttons take on their tooltips just after the page mounts, so focus
  // until one shows.
  const tooltip = page.locator("[data-radix-popper-content-wrapper]")
  await expect(async () => {
    await page.getByRole("button", { name: affiliate.partnership.buttonLabel, exact: true }).focus()
    await expect(tooltip).toContainText(affiliate.comingSoonNote, { timeout: 1000 })
  }).toPass({ timeout: 8000 })
  expect(violations).toEqual([])
})

test("the policy is enforced: an injected inline script is blocked and reported", async ({
  page,
}) => {
  const violations = await watchForViolations(page)
  await page.goto(home.path)
  expect(await injectedScriptRuns(page)).toBe(false)
  await expect.poll(() => violations.length).toBeGreaterThan(0)
})
