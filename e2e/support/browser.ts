// Debian's Chromium, never a downloaded browser, in the two builds Debian packages.
import { existsSync } from "node:fs"

/**
 * Chromium as visitors' Chrome runs it, headless: Lighthouse measures the pages in it
 * (scripts/audit.ts). CHROME_PATH overrides the default location.
 */
export const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium"

/**
 * Chromium's headless shell, the same Blink and V8 without the browser around them: the browser
 * Playwright itself runs headless tests in (its own download is this build). The browser tests run
 * in it when it is installed: 6.5 minutes for `npm run test:e2e` against 8.1 in the full Chromium,
 * back to back on this machine (docs/testing.md). CHROME_HEADLESS_SHELL_PATH overrides the default
 * location.
 */
export const headlessShellPath =
  process.env.CHROME_HEADLESS_SHELL_PATH || "/usr/bin/chromium-headless-shell"

/** Quiet flags: without them Chromium keeps dialling out on a machine with no internet. */
export const quietFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
]

/**
 * The full Chromium in Playwright, for what shows how the pages look or weigh in visitors' browser:
 * the screenshots in docs/ and the page weights (scripts/). The shell lays the pages out alike, but
 * its glyphs come out a shade lighter and its full-page screenshots of some pages up to 35 px taller
 * or shorter, where two runs in the full Chromium give the same pixels.
 */
export function fullChromiumLaunchOptions(): { executablePath: string; args: string[] } {
  if (!existsSync(chromePath)) {
    throw new Error(
      `Chromium not found at ${chromePath}. Install it with: sudo apt-get install -y chromium chromium-headless-shell (or set CHROME_PATH).`,
    )
  }
  return { executablePath: chromePath, args: quietFlags }
}

/**
 * Each context keeps to one renderer process: a test's page keeps the one it opened with, where
 * Chromium started another for its first page of the site. The pages of one context then share a
 * main thread. Why, the cost and the measurements: docs/testing.md; checked by e2e/bends.spec.ts.
 */
export const sharedRendererFlag = "--renderer-process-limit=1"

/** The browser tests' launch options: the headless shell, or the full Chromium where it is missing. */
export function chromiumLaunchOptions(): { executablePath: string; args: string[] } {
  const executablePath = existsSync(headlessShellPath)
    ? headlessShellPath
    : fullChromiumLaunchOptions().executablePath
  return { executablePath, args: [...quietFlags, sharedRendererFlag] }
}
