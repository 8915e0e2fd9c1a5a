// A step of onPostBuild (./postBuild.ts), after the scripts loader: hash every page's inline
// scripts and write the host files that carry the delivery policy (./policy.ts):
//   public/_headers, public/_redirects          Cloudflare Pages (the _headers format is Netlify's too)
//   public/<page>.html                          flat copies, so Cloudflare serves /shop, not /shop/
//   deploy/nginx/evergrace/csp.generated.conf   the CSP line the nginx config includes
//   deploy/nginx/evergrace/admin-headers.conf   the headers of the CMS at /admin/ (no hashes: the
//                                               same every build, so it is kept in the repository)
import { copyFile, readdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import {
  adminHeaders,
  cacheControl,
  cmsFolder,
  hashedBundle,
  securityHeaders,
  type Headers,
} from "./policy"
import { inlineHandlers, inlineScriptHashes } from "./inlineScripts"
import { htmlPages } from "./scriptsAfterPaint"

/** The nginx includes the build writes (deploy/nginx/evergrace/), relative to the repository. */
const nginxIncludes = path.join("deploy", "nginx", "evergrace")
const nginxCspFile = "csp.generated.conf"
const nginxAdminHeadersFile = "admin-headers.conf"

// Cloudflare Pages' limits for _headers.
const maxRules = 100
const maxLineLength = 2000

/** The site's pages as [address, file]: `/shop` is public/shop/index.html, plus the 404 page. */
type Page = [address: string, directory: string]

async function findPages(publicDir: string): Promise<Page[]> {
  const pages: Page[] = []
  const entries = await readdir(publicDir, { recursive: true, withFileTypes: true })
  for (const entry of entries) {
    if (!entry.isFile() || entry.name !== "index.html") continue
    // parentPath from Node 20.12; path before it.
    const directory = path.relative(publicDir, entry.parentPath ?? entry.path)
    // Gatsby also writes 404/index.html; the 404 page is 404.html. The CMS at /admin/ is an app
    // with its own policy, not a page (deploy/nginx/evergrace/admin.conf).
    if (directory === "404" || directory === cmsFolder) continue
    pages.push([`/${directory.split(path.sep).join("/")}`.replace(/\/$/, "") || "/", directory])
  }
  if (pages.length === 0) throw new Error(`no pages in ${publicDir}: run the build first`)
  return pages.sort(([a], [b]) => a.localeCompare(b))
}

async function collectHashes(files: readonly string[]): Promise<string[]> {
  const hashes = new Set<string>()
  for (const file of files) {
    const html = await readFile(file, "utf8")
    const handlers = inlineHandlers(html)
    if (handlers.length > 0) {
      throw new Error(`${file}: inline event handlers break the CSP:\n  ${handlers.join("\n  ")}`)
    }
    for (const hash of inlineScriptHashes(html)) hashes.add(hash)
  }
  // Sorted, so the same build always gives the same files.
  return [...hashes].sort()
}

function headersFile(headers: Headers, pages: readonly Page[], bundles: readonly string[]) {
  const rule = (pattern: string, values: Headers) =>
    [pattern, ...Object.entries(values).map(([name, value]) => `  ${name}: ${value}`)].join("\n")
  // Both hosts join the values of a header set by two matching rules, so Cache-Control is only
  // ever set by rules that cannot overlap; /* carries the security headers alone.
  const rules = [
    rule("/*", headers),
    ...pages.map(([address]) => rule(address, { "Cache-Control": cacheControl.revalidate })),
    rule("/404.html", { "Cache-Control": cacheControl.revalidate }),
    rule("/page-data/*", { "Cache-Control": cacheControl.revalidate }),
    rule("/static/*", { "Cache-Control": cacheControl.immutable }),
    ...bundles.map((bundle) => rule(bundle, { "Cache-Control": cacheControl.immutable })),
  ]
  if (rules.length > maxRules) throw new Error(`_headers: ${rules.length} rules, over ${maxRules}`)
  const text = [
    "# Generated after the build by src/build/deliveryFiles.ts; edit src/build/policy.ts.",
    ...rules,
  ].join("\n\n")
  const long = text.split("\n").find((line) => line.length > maxLineLength)
  if (long) throw new Error(`_headers: a line is over ${maxLineLength} characters: ${long}`)
  return `${text}\n`
}

function redirectsFile(pages: readonly Page[]) {
  const lines = pages
    .filter(([address]) => address !== "/")
    .map(([address]) => `${address}/ ${address} 301`)
  return [
    "# Generated after the build by src/build/deliveryFiles.ts.",
    "# The site's addresses have no trailing slash. Unknown paths get /404.html with status 404",
    "# (the host's default when the file exists).",
    ...lines,
    "",
  ].join("\n")
}

export interface DeliveryFiles {
  /** The pages' addresses. */
  pages: string[]
  hashes: string[]
  bundles: string[]
}

/** Writes the host files for the build in `publicDir`, and nginx's includes into `nginxDir`. */
export async function writeDeliveryFiles(
  publicDir = path.resolve("public"),
  nginxDir = path.resolve(nginxIncludes),
): Promise<DeliveryFiles> {
  const pageFile = (directory: string) => path.join(publicDir, directory, "index.html")
  const pages = await findPages(publicDir)
  // Cloudflare Pages serves shop/index.html at /shop/ and redirects /shop there; shop.html is
  // served at /shop, the site's address.
  for (const [address, directory] of pages) {
    if (address !== "/")
      await copyFile(pageFile(directory), path.join(publicDir, `${directory}.html`))
  }
  // Every page the scripts step rewrote, copies and the 404 among them: the policy must allow
  // whatever inline script any of them has.
  const hashes = await collectHashes(await htmlPages(publicDir))
  const headers = securityHeaders(hashes)
  const bundles = (await readdir(publicDir))
    .map((name) => `/${name}`)
    .filter((address) => hashedBundle.test(address))
    .sort()

  await writeFile(path.join(publicDir, "_headers"), headersFile(headers, pages, bundles))
  await writeFile(path.join(publicDir, "_redirects"), redirectsFile(pages))
  const csp = headers["Content-Security-Policy"]
  await writeFile(
    path.join(nginxDir, nginxCspFile),
    [
      "# Generated after the build by src/build/deliveryFiles.ts: the hashes of this build's",
      "# inline scripts. Deploy it together with the build it was made from.",
      `add_header Content-Security-Policy "${csp}" always;`,
      "",
    ].join("\n"),
  )
  await writeFile(
    path.join(nginxDir, nginxAdminHeadersFile),
    [
      "# Generated by src/build/deliveryFiles.ts from src/build/policy.ts (adminHeaders):",
      "# every response under /admin/, the content editor, carries these instead of the site's.",
      ...Object.entries(adminHeaders()).map(
        ([name, value]) => `add_header ${name} "${value}" always;`,
      ),
      "",
    ].join("\n"),
  )
  return { pages: pages.map(([address]) => address), hashes, bundles }
}
