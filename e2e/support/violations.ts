import type { Page } from "@playwright/test"

/** Collects CSP violations: the DOM event and Chromium's console report both count. */
export async function watchForViolations(page: Page) {
  const violations: string[] = []
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(message.text())
  })
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `Content Security Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`,
      )
    })
  })
  return violations
}

/** Adds an inline script to the page, as an attacker's injection would: did it run? */
export function injectedScriptRuns(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const script = document.createElement("script")
    script.textContent = "window.__injected = true"
    document.head.append(script)
    return Boolean((window as unknown as { __injected?: boolean }).__injected)
  })
}
