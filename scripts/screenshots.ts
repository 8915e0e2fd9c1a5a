// Screenshots of every route at a phone and a desktop width, from the production build.
// Usage: npm run build && npm run screenshots -- [baseUrl] [outDir]
// Without a baseUrl it serves public/ itself with the site's own server; output goes to docs/screenshots.
import { chromium } from "@playwright/test"
import { mkdir } from "node:fs/promises"
import path from "node:path"
import { fullChromiumLaunchOptions } from "../e2e/support/browser"
import { serveBuild, type BuildServer } from "../e2e/support/servers"
import { pageRoutes, unknownPath } from "../src/content/routes"

async function main() {
  const outDir = process.argv[3] ?? "docs/screenshots"
  let baseUrl = process.argv[2]
  let server: BuildServer | undefined
  if (!baseUrl) {
    server = await serveBuild()
    baseUrl = server.baseURL
  }
  // Named after the content file: docs/screenshots/shop-390.png.
  const routes = {
    ...Object.fromEntries(pageRoutes().map((route) => [route.name, route.path])),
    "not-found": unknownPath,
  }
  const widths = { phone: 390, desktop: 1440 }

  try {
    await mkdir(outDir, { recursive: true })
    const browser = await chromium.launch(fullChromiumLaunchOptions())
    for (const [device, width] of Object.entries(widths)) {
      const page = await browser.newPage({
        viewport: { width, height: device === "phone" ? 844 : 900 },
      })
      for (const [name, route] of Object.entries(routes)) {
        await page.goto(new URL(route, baseUrl).href, { waitUntil: "networkidle" })
        // Lazy images load as they scroll into view; bring them all in before the full-page shot.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
            window.scrollTo(0, y)
            await new Promise((resolve) => setTimeout(resolve, 150))
          }
          window.scrollTo(0, 0)
        })
        await page.waitForLoadState("networkidle")
        const file = path.join(outDir, `${name}-${width}.png`)
        await page.screenshot({ path: file, fullPage: true })
        console.log(file)
      }
      await page.close()
    }
    await browser.close()
  } finally {
    server?.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
