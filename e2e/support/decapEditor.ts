import { expect, type Page } from "@playwright/test"

/**
 * Publishes the draft open in Decap's editor as she does: Status → Ready (only a draft that is
 * Ready is published), then Publish → Publish now, and OK to Decap's question.
 */
export async function publishFromEditor(page: Page) {
  await page.getByRole("button", { name: "Status: Draft" }).click()
  await page.getByRole("menuitem", { name: "Ready" }).click()
  // The CMS's script is large and the machine may be busy (e2e/cms.spec.ts waits as long).
  await expect(page.getByRole("button", { name: "Status: Ready" })).toBeVisible({ timeout: 15_000 })
  page.once("dialog", (dialog) => void dialog.accept())
  await page.getByRole("button", { name: "Publish", exact: true }).click()
  await page.getByRole("menuitem", { name: "Publish now" }).click()
}
