// What a phone downloads for one page: bytes on the wire by kind, after scrolling to the bottom so
// lazy images load too. Usage: npx tsx scripts/page-weight.ts [url] [width]
// (default http://localhost:9000/ at 390px; serve the build first with `npm run serve`).
import { chromium } from "@playwright/test"
import { fullChromiumLaunchOptions } from "../e2e/support/browser"

const url = process.argv[2] ?? "http://localhost:9000/"
const width = Number(process.argv[3] ?? 390)

async function main() {
  const browser = await chromium.launch(fullChromiumLaunchOptions())
  const page = await browser.newPage({ viewport: { width, height: 844 }, deviceScaleFactor: 3 })
  const bytes: Record<string, number> = {}
  const kindOf = (type: string, url: string): string =>
    type === "document"
      ? "HTML"
      : type === "stylesheet"
        ? "CSS"
        : type === "script"
          ? "JS"
          : type === "font"
            ? "fonts"
            : type === "image"
              ? "images"
              : url.includes("page-data")
                ? "page data"
                : "other"
  page.on("requestfinished", async (request) => {
    const sizes = await request.sizes()
    const kind = kindOf(request.resourceType(), request.url())
    bytes[kind] = (bytes[kind] ?? 0) + sizes.responseBodySize + sizes.responseHeadersSize
  })
  await page.goto(url, { waitUntil: "networkidle" })
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  })
  await page.waitForLoadState("networkidle")
  await browser.close()

  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
  const total = Object.values(bytes).reduce((a, b) => a + b, 0)
  console.log(`${url} at ${width}px (3x screen), transferred:`)
  for (const [kind, size] of Object.entries(bytes).sort((a, b) => b[1] - a[1])) {
    console.log(`  ${kind.padEnd(10)} ${kb(size).padStart(10)}`)
  }
  console.log(`  ${"total".padEnd(10)} ${kb(total).padStart(10)}`)
}

void main()
