// A step of onPostBuild (./postBuild.ts), after the scripts loader: hash every page's inline
// scripts and write the host files that carry the delivery policy (src/shared/policy.ts):
//   public/_headers, public/_redirects          Cloudflare Pages (the _headers format is Netlify's too)
//   public/<page>.html                          flat copies, so Cloudflare serves /shop, not /shop/
//   public/404.html                             the page's policy in a <meta> element (see below)
//   deploy/nginx/evergrace/csp.generated.conf   the CSP line the nginx config includes
//   deploy/nginx/evergrace/admin-headers.conf   the headers of the CMS at /admin/, and of the
//   deploy/nginx/evergrace/file-headers.conf    site's files that are not pages (no hashes: the
//                                               same every build, so kept in the repository)
import { copyFile, readdir, readFile, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { clashes, effectiveHeaders, hosts, parseHeadersFile } from "../shared/hostRules"
import {
  adminHeaders,
  cacheControl,
  cmsFolder,
  fileHeaders,
  hashedBundle,
  metaContentSecurityPolicy,
  securityHeaders,
  type Headers,
} from "../shared/policy"
import { inlineHandlers, inlineScriptHashes } from "./inlineScripts"
import { htmlPages } from "../gatsby/scriptsAfterPaint"

/** The nginx includes the build writes (deploy/nginx/evergrace/), relative to the repository. */
const nginxIncludes = path.join("deploy", "nginx", "evergrace")
const nginxCspFile = "csp.generated.conf"
const nginxAdminHeadersFile = "admin-headers.conf"
const nginxFileHeadersFile = "file-headers.conf"

/** The site's pages as [address, file]: `/shop` is public/shop/index.html, plus the 404 page. */
type Page = [address: string, directory: string]

async function findPages(publicDir: string): Promise<Page[]> {
  const pages: Page[] = []
  const entries = await readdir(publicDir, { recursive: true, withFileTypes: true })
  for (const entry of entries) {
    if (!entry.isFile() || entry.name !== "index.html") continue
    // parentPath from Node 20.12; path before it.
    const directory = path.relative(publicDir, entry.parentPath ?? entry.path)
    // Gatsby also writes 404/index.html; the 404 page is 404.html. The CMS at /admin/ and the
    // staff's page beside it are apps under the CMS's headers, not pages of the site.
    const top = directory.split(path.sep)[0]
    if (directory === "404" || top === cmsFolder) continue
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

/** What a `_headers` file is made from: the build's public/, as listed after the build. */
export interface SiteListing {
  /** The pages' addresses: "/", "/shop". */
  pages: readonly string[]
  /** The names in public/ itself, folders with a trailing slash: "robots.txt", "static/". */
  root: readonly string[]
}

/** Files of public/ that no host serves. */
const hostFiles = new Set(["_headers", "_redirects"])

/** The 404 page, as a page: public/404.html (404/index.html is Gatsby's copy of it). */
const notFoundPage = "/404"

/**
 * Source maps and licence texts of the bundles: data that no browser runs or renders, so they
 * keep the headers of /* and the host's own caching (revalidate). A rule for each would take
 * another 25 or so of Cloudflare's 100.
 */
const bundleCompanion = /-[0-9a-f]{20}\.(?:js|css)\.(?:map|LICENSE\.txt)$/

/** The addresses a page answers at on either host: /shop, /shop.html, /shop/index.html. */
function pageAddresses(page: string): string[] {
  return page === "/" ? ["/", "/index.html"] : [page, `${page}.html`, `${page}/index.html`]
}

/** The headers that the site's pages and the CMS send alike: the only ones /* can carry. */
function sharedHeaders(site: Headers, admin: Headers): Headers {
  return Object.fromEntries(Object.entries(site).filter(([name, value]) => admin[name] === value))
}

const without = (headers: Headers, shared: Headers): Headers =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !(name in shared)))

/**
 * The `_headers` file for Cloudflare Pages and Netlify. On both hosts every rule that matches a
 * path applies, and a header that two rules set is joined with ", " on Cloudflare (a second
 * policy, enforced as well) and undocumented on Netlify (`netlify dev` keeps the later one);
 * Netlify cannot remove a header either. So /* carries only the headers that pages and the CMS
 * share, and the ones that differ (the policy, the opener policy, caching) come from rules that
 * never match the same path on either host (./hostRules.ts reads the file as each host does):
 * one for each address of a page (the pages' policy), one for each other folder and file in
 * public/ (the files' policy, which is short: fileHeaders), and `/admin*` for the CMS (its policy
 * at /admin, /admin/ and every file under it: Netlify's `/admin/*` would match /admin too,
 * Cloudflare's would not).
 *
 * Unknown paths match /* alone, and both hosts answer them with 404.html, which therefore
 * carries the site's policy in a <meta> element (writeDeliveryFiles): no rule can give every
 * other path the policy without matching the CMS too. Its opener policy cannot go in a meta
 * element; the 404 page opens no windows, and X-Frame-Options (from /*) keeps it out of frames.
 */
export function headersFile(site: Headers, { pages, root }: SiteListing): string {
  const admin = adminHeaders()
  const shared = sharedHeaders(site, admin)
  const pageHeaders = { ...without(site, shared), "Cache-Control": cacheControl.revalidate }
  const fileOwn = without(fileHeaders(), shared)
  const revalidated = { ...fileOwn, "Cache-Control": cacheControl.revalidate }
  const immutable = { ...fileOwn, "Cache-Control": cacheControl.immutable }

  const allPages = [...pages, notFoundPage]
  const pageFolders = new Set(
    allPages.filter((page) => page !== "/").map((page) => `${page.split("/")[1]}/`),
  )
  const covered = new Set(allPages.flatMap(pageAddresses))
  const rules: [pattern: string, headers: Headers][] = [
    ["/*", shared],
    ...allPages.flatMap(pageAddresses).map((address): [string, Headers] => [address, pageHeaders]),
    [`/${cmsFolder}*`, without(admin, shared)],
  ]
  for (const name of [...root].sort()) {
    const address = `/${name}`
    if (hostFiles.has(name) || covered.has(address) || bundleCompanion.test(address)) continue
    if (name === `${cmsFolder}/` || pageFolders.has(name)) continue
    if (name.endsWith("/")) {
      // Gatsby names the files under /static/ by their content, as webpack does its bundles.
      rules.push([`${address}*`, name === "static/" ? immutable : revalidated])
    } else {
      rules.push([address, hashedBundle.test(address) ? immutable : revalidated])
    }
  }

  const rule = ([pattern, values]: [string, Headers]) =>
    [pattern, ...Object.entries(values).map(([name, value]) => `  ${name}: ${value}`)].join("\n")
  return `${[
    "# Generated after the build by src/build/deliveryFiles.ts; edit src/shared/policy.ts.",
    ...rules.map(rule),
  ].join("\n\n")}\n`
}

/**
 * Stops the build if either host would read `text` differently from what it means: a rule
 * ignored (Cloudflare's limits), a header two rules set for one of `paths`, or a file served
 * without a policy or caching.
 */
export function checkHeadersFile(text: string, paths: readonly string[]) {
  const problems: string[] = []
  for (const host of hosts) {
    const { rules, problems: unread } = parseHeadersFile(text, host)
    problems.push(...unread.map((problem) => `${host}: ${problem}`))
    for (const path of paths) {
      const effective = effectiveHeaders(rules, path, host)
      for (const [name, from] of Object.entries(clashes(effective))) {
        problems.push(`${host}: ${path} gets ${name} from ${from.join(" and ")}`)
      }
      if (bundleCompanion.test(path)) continue
      for (const name of ["content-security-policy", "cache-control"]) {
        if (!(name in effective.headers)) problems.push(`${host}: ${path} has no ${name}`)
      }
    }
  }
  if (problems.length > 0) throw new Error(`_headers:\n  ${problems.join("\n  ")}`)
}

/** The 404 page with the site's policy as the first element a policy must precede. */
export function withMetaPolicy(html: string, policy: string, file = "404.html"): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"/>`
  // Again on an incremental build: the same policy in the same place.
  const page = html.replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*"\/>/, "")
  // After the character set, which must come first; before any script, style or link.
  const anchor = /<meta charSet="utf-8"\/>/i.exec(page) ?? /<head>/i.exec(page)
  if (!anchor) throw new Error(`${file}: no <head> to put the policy in`)
  const at = anchor.index + anchor[0].length
  return `${page.slice(0, at)}${meta}${page.slice(at)}`
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
  const rootEntries = await readdir(publicDir, { withFileTypes: true })
  const root = rootEntries.map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
  const bundles = root
    .map((name) => `/${name}`)
    .filter((address) => hashedBundle.test(address))
    .sort()

  const addresses = pages.map(([address]) => address)
  const headersText = headersFile(headers, { pages: addresses, root })
  const served = (await readdir(publicDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(publicDir, path.join(entry.parentPath ?? entry.path, entry.name)))
    .map((file) => `/${file.split(path.sep).join("/")}`)
  checkHeadersFile(headersText, [
    ...served.filter((address) => !hostFiles.has(address.slice(1))),
    ...addresses,
    notFoundPage,
    `/${cmsFolder}`,
    `/${cmsFolder}/`,
  ])
  await writeFile(path.join(publicDir, "_headers"), headersText)
  await writeFile(path.join(publicDir, "_redirects"), redirectsFile(pages))
  const notFoundFile = path.join(publicDir, "404.html")
  await writeFile(
    notFoundFile,
    withMetaPolicy(await readFile(notFoundFile, "utf8"), metaContentSecurityPolicy(hashes)),
  )
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
  await writeNginxHeaders(nginxDir, nginxAdminHeadersFile, adminHeaders(), "adminHeaders", [
    "every response under /admin/, the content editor, carries these instead of the site's.",
  ])
  await writeNginxHeaders(nginxDir, nginxFileHeadersFile, fileHeaders(), "fileHeaders", [
    "every file of the site that is not a page (revalidate.conf, immutable.conf).",
  ])
  return { pages: pages.map(([address]) => address), hashes, bundles }
}

/** An nginx include of headers that are the same every build (so kept in the repository). */
async function writeNginxHeaders(
  nginxDir: string,
  file: string,
  headers: Headers,
  source: string,
  about: readonly string[],
) {
  await writeFile(
    path.join(nginxDir, file),
    [
      `# Generated by src/build/deliveryFiles.ts from src/shared/policy.ts (${source}):`,
      ...about.map((line) => `# ${line}`),
      ...Object.entries(headers).map(([name, value]) => `add_header ${name} "${value}" always;`),
      "",
    ].join("\n"),
  )
}

/**
 * Removes the hashed bundles an earlier build left in public/ (Gatsby keeps them), and their
 * maps and licence texts: webpack writes this build's anew, and a deploy then holds this build's
 * files only, each with its caching rule in `_headers` (a rule per bundle: stale ones would soon
 * pass Cloudflare's 100 rules). Run before webpack, in onPreBuild.
 */
export async function removeOldBundles(publicDir: string): Promise<number> {
  const names = await readdir(publicDir).catch(() => [] as string[])
  const old = names.filter((name) =>
    hashedBundle.test(`/${name.replace(/\.(?:map|LICENSE\.txt)$/, "")}`),
  )
  await Promise.all(old.map((name) => rm(path.join(publicDir, name), { force: true })))
  return old.length
}
