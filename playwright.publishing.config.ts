import { defineConfig } from "@playwright/test"
import { chromiumLaunchOptions } from "./e2e/support/browser"

// The publisher with real parts (e2e/delivery/publishing.spec.ts): a bare Git repository,
// signed webhooks, real builds, the site read from its own server and from nginx, the staff's
// page in Chromium. Run by `npm run test:publishing` (after a build, for the policy nginx
// includes); its tests run in order on one server, each taking minutes (builds), so one worker
// and long timeouts.
export default defineConfig({
  testDir: "e2e/delivery",
  testMatch: "publishing.spec.ts",
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 10 * 60_000,
  // The staff's page's undo runs in Chromium.
  use: { browserName: "chromium", launchOptions: chromiumLaunchOptions(), trace: "off" },
})
