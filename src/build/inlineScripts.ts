// What the Content-Security-Policy needs to know about a built page's inline scripts.
import { createHash } from "node:crypto"

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi

/** sha256 sources for every inline <script> in a page, as the browser hashes them (UTF-8). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const [, attributes, body] of html.matchAll(inlineScript)) {
    if (/\bsrc\s*=/i.test(attributes ?? "")) continue
    hashes.push(
      `sha256-${createHash("sha256")
        .update(body ?? "", "utf8")
        .digest("base64")}`,
    )
  }
  return hashes
}

/**
 * Inline event handlers and javascript: URLs cannot be allowed by a hash (only with
 * 'unsafe-hashes'), so they must not be in the pages at all.
 */
export function inlineHandlers(html: string): string[] {
  const found: string[] = []
  const markup = html.replace(inlineScript, "").replace(/<style\b[\s\S]*?<\/style>/gi, "")
  for (const [tag] of markup.matchAll(/<[a-z][^>]*>/gi)) {
    const handler = tag.match(/\son[a-z]+\s*=|\b(?:href|src|action)\s*=\s*["']?\s*javascript:/i)
    if (handler) found.push(tag.slice(0, 120))
  }
  return found
}
