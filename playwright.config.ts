import path from "node:path"
import { defineConfig } from "@playwright/test"
import { chromiumLaunchOptions } from "./e2e/support/browser"

// The browser tests run against the real production build, served the way `npm start` serves it.
const port = Number(process.env.E2E_PORT ?? 9100)
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${port}`

// The sign-up store the served site writes to and e2e/support/members.ts exports from (the delivery
// test sets its own). Kept across runs, outside test-results/, which Playwright empties.
process.env.MEMBERS_STORE ??= path.resolve(".members-e2e")

export default defineConfig({
  testDir: "e2e",
  // The delivery test's HTTP specs run only under npm run test:delivery, against the nginx it
  // starts (playwright.delivery.config.ts); the publisher's, under npm run test:publishing.
  testIgnore: "delivery/**",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // Playwright's own default for CI: a test that fails, then passes, is reported as flaky (and
  // shows in the log); one that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions: chromiumLaunchOptions(),
    trace: "off",
  },
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        // The site's own server, as `npm start` runs it (scripts/serve.ts).
        command: `npx tsx scripts/serve.ts`,
        url: baseURL,
        reuseExistingServer: false,
        // Every test signs up from 127.0.0.1: the limits (per visitor, for the site) are tested in Jest.
        env: {
          PORT: String(port),
          MEMBERS_STORE: process.env.MEMBERS_STORE,
          SIGNUP_RATE_LIMIT: "1000",
          SIGNUP_SITE_LIMIT: "0",
        },
        timeout: 60_000,
      },
})
