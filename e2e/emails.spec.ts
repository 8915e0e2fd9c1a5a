import { mkdtemp, rm, writeFile } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { pathToFileURL } from "node:url"
import { expect, test } from "@playwright/test"
import { contentModel } from "../src/content/model"
import { membershipTexts } from "../src/membership/emails/emailTexts"
import { renderEmail } from "../src/membership/emails/renderEmail"

// The welcome e-mail in a narrow mail view (a phone's mail app with its margins): its gift code,
// as long as the content model lets the staff make it, stays within the screen.

const gift = contentModel.membership.fields.find((field) => field.name === "gift")
const codeField = (gift?.kind === "group" ? gift.fields : []).find((field) => field.name === "code")
const longestCode = codeField?.kind === "text" ? codeField.maxLength : 0

for (const code of [membershipTexts.gift.code, "W".repeat(longestCode)]) {
  test(`the welcome e-mail fits 280 pixels with a ${code.length}-character code`, async ({
    page,
  }) => {
    expect(code.length).toBeGreaterThan(0)
    const texts = { ...membershipTexts, gift: { ...membershipTexts.gift, code } }
    const { html } = await renderEmail(
      "welcome",
      { leave: "https://x.example/l", site: "https://x.example/" },
      texts,
    )
    const folder = await mkdtemp(path.join(os.tmpdir(), "email-width-"))
    try {
      await writeFile(path.join(folder, "welcome.html"), html)
      await page.setViewportSize({ width: 280, height: 800 })
      await page.goto(pathToFileURL(path.join(folder, "welcome.html")).href)
      await expect(page.getByText(code.slice(0, 8))).toBeVisible()
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow).toBeLessThanOrEqual(0)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
}
