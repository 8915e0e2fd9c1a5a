/**
 * npx tsx scripts/email-screenshots.ts [outDir]: the list's two e-mails (src/membership/emails/) with
 * the words in data/, rendered to HTML files in the system's temporary folder and photographed in
 * Debian's Chromium at a phone's width (375 px) and the e-mail's full width (600 px), light and
 * dark, into docs/screenshots/emails/<kind>-<width>-<scheme>.png.
 */
import { chromium } from "@playwright/test"
import { mkdir, mkdtemp, writeFile } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { pathToFileURL } from "node:url"
import { fullChromiumLaunchOptions } from "../e2e/support/browser"
import type { EmailKind } from "../src/membership/emails/renderEmail"
import { renderEmail, type EmailLinks } from "../src/membership/emails/renderEmail"
import { membershipTexts } from "../src/membership/emails/emailTexts"
import { confirmEndpoint, leaveEndpoint, tokenField } from "../src/shared/endpoints"

const outDir = path.resolve(process.argv[2] ?? "docs/screenshots/emails")
const kinds: EmailKind[] = ["confirmation", "welcome"]
const widths = [375, 600]
const schemes = ["light", "dark"] as const

// Links as long as the sender's real ones: a signed token in each.
const site = membershipTexts.siteUrl.replace(/\/?$/, "/")
const token = (signature: string) => `${tokenField}=01J9Z8Q4X7V2M5N3K6H1G0F8D4.${signature}`
const links: EmailLinks = {
  confirm: `${site}${confirmEndpoint.slice(1)}?${token("c2lnbmF0dXJlLW9mLXRoZS1jb25maXJtLWxpbmstZXhhbXBsZQ")}`,
  leave: `${site}${leaveEndpoint.slice(1)}?${token("bGVhdmUtbGluay1zaWduYXR1cmUtZm9yLXRoZS1leGFtcGxl")}`,
  site,
}

async function main() {
  const htmlDir = await mkdtemp(path.join(os.tmpdir(), "emails-"))
  await mkdir(outDir, { recursive: true })
  const browser = await chromium.launch(fullChromiumLaunchOptions())
  try {
    for (const kind of kinds) {
      const { html } = await renderEmail(kind, links)
      const file = path.join(htmlDir, `${kind}.html`)
      await writeFile(file, html)
      for (const width of widths) {
        for (const colorScheme of schemes) {
          const page = await browser.newPage({ viewport: { width, height: 700 } })
          await page.emulateMedia({ colorScheme })
          await page.goto(pathToFileURL(file).href)
          const png = path.join(outDir, `${kind}-${width}-${colorScheme}.png`)
          await page.screenshot({ path: png, fullPage: true })
          await page.close()
          console.log(path.relative(process.cwd(), png))
        }
      }
    }
  } finally {
    await browser.close()
  }
  console.log(`HTML in ${htmlDir}`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
