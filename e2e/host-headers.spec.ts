import path from "node:path"
import { expect, test } from "@playwright/test"
import { hosts } from "../src/shared/hostRules"
import { membersPagePath } from "../src/shared/endpoints"
import { adminHeaders, staffPagePolicy } from "../src/shared/policy"
import { pageTexts } from "../src/membership/staffPage/staffPageTexts"
import { unknownPath } from "../src/content/routes"
import { chromiumLaunchOptions } from "./support/browser"
import { startHostServer, type HostServer } from "./support/hostServer"
import { waitForHydration } from "./support/hydration"
import { injectedScriptRuns, watchForViolations } from "./support/violations"

// The real build (public/) served with its own _headers as Cloudflare Pages and as Netlify read it
// (e2e/support/hostServer.ts, src/shared/hostRules.ts): the CMS must run under its policy, the pages
// under theirs. The browser asks for evergrace.localhost: a secure context like the live site's
// HTTPS (so the opener policy applies), and not "localhost", the one host where Decap looks for a
// decap-server of the editor's own (local_backend), a request the CMS's policy rightly refuses.

const siteHost = "evergrace.localhost"
const launch = chromiumLaunchOptions()
test.use({
  launchOptions: {
    ...launch,
    args: [...launch.args, `--host-resolver-rules=MAP ${siteHost} 127.0.0.1`],
  },
})

const publicDir = path.resolve(__dirname, "..", "public")

for (const host of hosts) {
  test.describe(`served as ${host} serves the build`, () => {
    let server: HostServer
    const url = (address: string) => `http://${siteHost}:${server.port}${address}`

    test.beforeAll(async () => {
      server = await startHostServer(publicDir, host)
    })

    test.afterAll(async () => {
      await server?.stop()
    })

    test("/admin/: Decap CMS shows its sign-in under its own policy, with no violation", async ({
      page,
    }) => {
      // The CMS is 1.3 MB of script before its first screen, on a machine that may be busy.
      test.setTimeout(90_000)
      const violations = await watchForViolations(page)
      const response = await page.goto(url("/admin/"))
      expect(response?.status()).toBe(200)
      await page.waitForLoadState("networkidle")
      expect(violations).toEqual([])
      // Decap checks its configuration with code it compiles at run time ('unsafe-eval') before
      // it shows anything: here the GitHub backend's sign-in (npm test builds with GATSBY_CMS_REPO).
      await expect(page.getByRole("button", { name: "Login with GitHub" })).toBeVisible({
        timeout: 60_000,
      })
      expect(violations).toEqual([])

      const headers = (await response?.allHeaders()) ?? {}
      expect(headers["x-served-as"]).toBe(host)
      expect(headers["content-security-policy"]).toBe(adminHeaders()["Content-Security-Policy"])
      expect(headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups")
    })

    for (const address of ["/", "/shop"]) {
      test(`${address}: the site's policy alone, and nothing on the page breaks it`, async ({
        page,
      }) => {
        const violations = await watchForViolations(page)
        const response = await page.goto(url(address))
        expect(response?.status()).toBe(200)
        const headers = (await response?.allHeaders()) ?? {}
        const policy = headers["content-security-policy"] ?? ""
        expect(policy).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/)
        // One policy: two rules' values joined would start a second one after ", ".
        expect(policy).not.toContain(", default-src")
        expect(policy).not.toContain("unsafe-eval")
        expect(headers["cross-origin-opener-policy"]).toBe("same-origin")
        await expect(page.locator("h1")).toHaveCount(1)
        // The bundles load after the first paint, and React takes the page over.
        await waitForHydration(page)
        await page.waitForLoadState("networkidle")
        expect(violations).toEqual([])
      })
    }

    test(`${membersPagePath}: the staff's page runs under the CMS's headers and its own stricter <meta> policy`, async ({
      page,
    }) => {
      const violations = await watchForViolations(page)
      const response = await page.goto(url(membersPagePath))
      expect(response?.status()).toBe(200)
      const headers = (await response?.allHeaders()) ?? {}
      expect(headers["content-security-policy"]).toBe(adminHeaders()["Content-Security-Policy"])
      // The sign-in window must be able to report back to it, as to the CMS.
      expect(headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups")
      await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
        "content",
        staffPagePolicy(),
      )
      // Its script runs (no inline script: nothing for either policy to refuse) and asks for the
      // list, which this server has no endpoint for: the page says it cannot be shown.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(pageTexts.heading)
      await page.waitForLoadState("networkidle")
      expect(violations).toEqual([])
      // The page's own policy holds on top of the CMS's: an inline script is refused.
      expect(await injectedScriptRuns(page)).toBe(false)
      // And a call to GitHub's API, which the CMS's header alone allows (answered here, so that
      // only the policy can stop it).
      await page.route("https://api.github.com/**", (route) =>
        route.fulfill({ json: {}, headers: { "Access-Control-Allow-Origin": "*" } }),
      )
      const reachedGithub = await page.evaluate(() =>
        fetch("https://api.github.com/user").then(
          () => true,
          () => false,
        ),
      )
      expect(reachedGithub).toBe(false)
      expect(violations.some((violation) => violation.includes("connect-src"))).toBe(true)
    })

    test(`${unknownPath}: the 404 page enforces the site's policy from its own <meta>`, async ({
      page,
    }) => {
      const violations = await watchForViolations(page)
      const response = await page.goto(url(unknownPath))
      expect(response?.status()).toBe(404)
      // No rule may match every unknown path without matching the CMS as well (deliveryFiles.ts).
      expect((await response?.allHeaders())?.["content-security-policy"]).toBeUndefined()
      await expect(page.locator("h1")).toHaveCount(1)
      await waitForHydration(page)
      await page.waitForLoadState("networkidle")
      expect(violations).toEqual([])

      expect(await injectedScriptRuns(page)).toBe(false)
      await expect.poll(() => violations.length).toBeGreaterThan(0)
    })
  })
}
