// The delivery policy, in one place: caching and security headers for every host (nginx, the
// `_headers` file of Cloudflare Pages / Netlify, and the site's own server). The build writes the
// host files from it (src/build/deliveryFiles.ts), the endpoints send it at run time on every
// runtime (src/server/), and the delivery test checks what nginx actually sends against it. It
// imports nothing (eslint.config.mjs): the server bundles of every host include it.

/** Gatsby's caching guidance: HTML and page data revalidate; content-hashed files never change. */
export const cacheControl = {
  revalidate: "public, max-age=0, must-revalidate",
  immutable: "public, max-age=31536000, immutable",
}

/**
 * Webpack's bundles in the site root carry a 20-hex content hash (`app-42d8a5c05d6de6d20bcc.js`).
 * Files under /static/ are hashed by Gatsby too. The nginx config has the same pattern.
 */
export const hashedBundle = /^\/[^/]+-[0-9a-f]{20}\.(?:js|css)$/

/** public/admin/: Decap CMS, built apart from the site by gatsby-plugin-decap-cms. */
export const cmsFolder = "admin"

/** Features the site never uses; all names Chromium knows, so the header logs no warnings. */
const deniedFeatures = [
  "accelerometer",
  "camera",
  "geolocation",
  "gyroscope",
  "magnetometer",
  "microphone",
  "payment",
  "usb",
]

/**
 * Only the site's own origin. Scripts: the bundles ('self') plus Gatsby's inline scripts by hash,
 * never 'unsafe-inline'. Styles: emotion injects <style> tags and React sets style attributes, so
 * inline styles are allowed. Images: the blurred placeholders are data: URIs.
 */
function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  if (scriptHashes.length === 0) throw new Error("no inline script hashes: was the site built?")
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.map((hash) => `'${hash}'`).join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ")
}

/**
 * The CMS at /admin/ (Decap CMS) is an app, not a page, and needs more than the site: its own
 * script bundles and eval (Decap compiles its configuration checks at run time), blob: previews
 * of pictures being uploaded, and the Git host's API (api.github.com for the GitHub backend, and
 * GitHub's status page, which Decap polls to warn of an outage; Git Gateway is on the site's own
 * origin). Its preview is an iframe of its own document (srcdoc).
 */
function adminContentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://avatars.githubusercontent.com",
    "font-src 'self' data:",
    "connect-src 'self' https://api.github.com https://www.githubstatus.com",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ")
}

export type Headers = Record<string, string>

/** A policy, and the headers that go with it on every response. */
function withPolicy(policy: string): Headers {
  return {
    "Content-Security-Policy": policy,
    "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": deniedFeatures.map((feature) => `${feature}=()`).join(", "),
  }
}

/** The headers of a document: its policy, and how it shares a window group with others. */
function headersWith(policy: string, openerPolicy: string): Headers {
  return { ...withPolicy(policy), "Cross-Origin-Opener-Policy": openerPolicy }
}

/**
 * The site's policy as a `<meta http-equiv>` element can carry it, for the 404 page the CDN hosts
 * send for unknown paths (./deliveryFiles.ts): without frame-ancestors, which browsers ignore in a
 * meta element, and warn about (X-Frame-Options: DENY keeps the page out of frames there).
 */
export function metaContentSecurityPolicy(scriptHashes: readonly string[]): string {
  return contentSecurityPolicy(scriptHashes)
    .split("; ")
    .filter((directive) => !directive.startsWith("frame-ancestors "))
    .join("; ")
}

/** The headers of the site's pages, and of their redirects and error pages. */
export function securityHeaders(scriptHashes: readonly string[]): Headers {
  return headersWith(contentSecurityPolicy(scriptHashes), "same-origin")
}

/**
 * The headers of every other file of the site (fonts, pictures, scripts, page data, the icons): the
 * pages', with the strictest policy in place of theirs and no opener policy. A browser applies
 * either only to a document, and such a file is one only when opened on its own (a sitemap, a
 * text file), where it must load and run nothing. The pages' policy is 1.3 KB with its script
 * hashes: sent with each file, it pushed each web font past what a phone's new connection carries
 * in its first round trip (docs/decisions.md, "What the simulated largest paint waits for").
 */
export function fileHeaders(): Headers {
  return withPolicy("default-src 'none'; frame-ancestors 'none'")
}

/**
 * The headers of everything under /admin/: the site's, with the CMS's policy, and an opener policy
 * that lets the Git host's sign-in window report back to the CMS. Its files are not content-hashed
 * (cms.js), so they are revalidated, and search engines are kept out.
 */
export function adminHeaders(): Headers {
  return {
    ...headersWith(adminContentSecurityPolicy(), "same-origin-allow-popups"),
    "Cache-Control": cacheControl.revalidate,
    "X-Robots-Tag": "noindex",
  }
}

/**
 * The staff's page of the list (/admin/members/, src/membership/staffPage/membersApp.tsx), an app beside the CMS
 * and built with it: its own policy, in a `<meta>` element of the page, on top of the CMS's that
 * every host sends for /admin/ (adminHeaders). A browser enforces both, so the page runs under
 * the stricter: its own script files only (no eval, no inline script), calls to its own origin
 * only, and frames refused by the header's frame-ancestors, which a meta element cannot carry.
 */
export function staffPagePolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ")
}

/**
 * The endpoints' own pages (src/endpointPages/): no scripts at all, inline styles only, the site's
 * two font files (copied to /fonts/ by the build), and the form posting back to the site. Answers
 * depend on what was sent, so nothing may store them.
 */
function endpointContentSecurityPolicy(): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self'",
    "font-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ")
}

/** The endpoints' pages and answers: no script runs in them. */
export function endpointHeaders(): Headers {
  return endpointHeadersWith(undefined, "same-origin")
}

function endpointHeadersWith(scriptHash: string | undefined, opener: string): Headers {
  const scripts = scriptHash ? `; script-src '${scriptHash}'` : ""
  return {
    ...headersWith(`${endpointContentSecurityPolicy()}${scripts}`, opener),
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex",
  }
}

/**
 * The CMS sign-in's window (src/cmsAuth/): the endpoint's policy, plus the one inline script of
 * the page that hands the token to the CMS, allowed by its hash (`scriptHash`, "sha256-…").
 *
 * Its opener policy is `unsafe-none`, the one exception to the site's `same-origin`: the window
 * goes from here to GitHub and back, and a browser cuts a window off from the page that opened
 * it when one of its documents (or redirects) has an opener policy other than its neighbours'
 * (GitHub's pages have none). The CMS at /admin/ could then never hear from it (Chromium does
 * just that with `same-origin` here: e2e/cms-signin.spec.ts then fails).
 */
export function cmsAuthHeaders(scriptHash?: string): Headers {
  return endpointHeadersWith(scriptHash, "unsafe-none")
}
