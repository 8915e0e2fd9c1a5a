// Debian's Chromium, never a downloaded browser. CHROME_PATH overrides the default location.
import { existsSync } from "node:fs"

export const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium"

export function chromiumLaunchOptions(): { executablePath: string; args: string[] } {
  if (!existsSync(chromePath)) {
    throw new Error(
      `Chromium not found at ${chromePath}. Install it with: sudo apt-get install -y chromium (or set CHROME_PATH).`,
    )
  }
  return {
    executablePath: chromePath,
    // Quiet flags: without them Chromium keeps dialling out on a machine with no internet.
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  }
}
