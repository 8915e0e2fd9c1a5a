import { defineConfig } from "@playwright/test"

// The delivery test's HTTP specs (e2e/delivery/): what nginx, with the shipped config, sends
// route by route, and what it answers for a sign-up while the API service is down. Run by
// scripts/test-delivery.ts (`npm run test:delivery`), which starts nginx, the API service and the
// GitHub stub first and names them in DELIVERY_BASE_URL, DELIVERY_BROTLI and DELIVERY_GITHUB_URL;
// the default `npx playwright test` leaves them out (playwright.config.ts). No browser: plain HTTP
// from Node, so that every byte is seen as nginx sent it.
export default defineConfig({
  testDir: "e2e/delivery",
  // The publisher's tests build the site many times: a step of their own
  // (`npm run test:publishing`, playwright.publishing.config.ts).
  testIgnore: "publishing.spec.ts",
  // A file's tests in order, in one worker, after its beforeAll (api-down.spec.ts starts two
  // nginx instances there); the two files side by side.
  fullyParallel: false,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 30_000,
})
