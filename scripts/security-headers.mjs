// After `gatsby build` (npm's postbuild): hash every page's inline scripts and write the host
// files that carry the delivery policy:
//   public/_headers, public/_redirects          Cloudflare Pages (the _headers format is Netlify's too)
//   public/<page>.html                          flat copies, so Cloudflare serves /shop, not /shop/
//   deploy/nginx/evergrace/csp.generated.conf   the CSP line the nginx config includes
//   deploy/nginx/evergrace/admin-headers.conf   the headers of the CMS at /admin/ (no hashes: the
//                                               same every build, so it is kept in the repository)
// Usage: node scripts/security-headers.mjs [publicDir]
import { copyFile, readdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import {
  adminHeaders,
  cacheControl,
  cmsFolder,
  hashedBundle,
  inlineHandlers,
  inlineScriptHashes,
  securityHeaders,
} from "./delivery/policy.mjs"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
export const nginxCspFile = path.join(root, "deploy/nginx/evergrace/csp.generated.conf")
export const nginxAdminHeadersFile = path.join(root, "deploy/nginx/evergrace/admin-headers.conf")

// Cloudflare Pages' limits for _headers.
const maxRules = 100
const maxLineLength = 2000

/** The site's pages as [address, file]: `/shop` is public/shop/index.html, plus the 404 page. */
async function findPages(publicDir) {
  const pages = []
  const entries = await readdir(publicDir, { recursive: true, withFileTypes: true })
  for (const entry of entries) {
    if (!entry.isFile() || entry.name !== "index.html") continue
    const directory = path.relative(publicDir, entry.parentPath ?? entry.path)
    // Gatsby also writes 404/index.html; the 404 page is 404.html. The CMS at /admin/ is an app
    // with its own policy, not a page (deploy/nginx/evergrace/admin.conf).
    if (directory === "404" || directory === cmsFolder) continue
    pages.push([`/${directory.split(path.sep).join("/")}`.replace(/\/$/, "") || "/", directory])
  }
  if (pages.length === 0) throw new Error(`no pages in ${publicDir}: run the build first`)
  return pages.sort(([a], [b]) => a.localeCompare(b))
}

async function collectHashes(files) {
  const hashes = new Set()
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

function headersFile(headers, pages, bundles) {
  const rule = (pattern, values) =>
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
    "# Generated after the build by scripts/security-headers.mjs; edit scripts/delivery/policy.mjs.",
    ...rules,
  ].join("\n\n")
  const long = text.split("\n").find((line) => line.length > maxLineLength)
  if (long) throw new Error(`_headers: a line is over ${maxLineLength} characters: ${long}`)
  return `${text}\n`
}

function redirectsFile(pages) {
  const lines = pages
    .filter(([address]) => address !== "/")
    .map(([address]) => `${address}/ ${address} 301`)
  return [
    "# Generated after the build by scripts/security-headers.mjs.",
    "# The site's addresses have no trailing slash. Unknown paths get /404.html with status 404",
    "# (the host's default when the file exists).",
    ...lines,
    "",
  ].join("\n")
}

export async function writeDeliveryFiles(publicDir = path.join(root, "public")) {
  const pageFile = (directory) => path.join(publicDir, directory, "index.html")
  const pages = await findPages(publicDir)
  const hashes = await collectHashes([
    ...pages.map(([, directory]) => pageFile(directory)),
    path.join(publicDir, "404.html"),
  ])
  const headers = securityHeaders(hashes)
  const bundles = (await readdir(publicDir))
    .map((name) => `/${name}`)
    .filter((address) => hashedBundle.test(address))
    .sort()

  await writeFile(path.join(publicDir, "_headers"), headersFile(headers, pages, bundles))
  await writeFile(path.join(publicDir, "_redirects"), redirectsFile(pages))
  // Cloudflare Pages serves shop/index.html at /shop/ and redirects /shop there; shop.html is
  // served at /shop, the site's address.
  for (const [address, directory] of pages) {
    if (address !== "/")
      await copyFile(pageFile(directory), path.join(publicDir, `${directory}.html`))
  }
  const csp = headers["Content-Security-Policy"]
  await writeFile(
    nginxCspFile,
    [
      "# Generated after the build by scripts/security-headers.mjs: the hashes of this build's",
      "# inline scripts. Deploy it together with the build it was made from.",
      `add_header Content-Security-Policy "${csp}" always;`,
      "",
    ].join("\n"),
  )
  await writeFile(
    nginxAdminHeadersFile,
    [
      "# Generated by scripts/security-headers.mjs from scripts/delivery/policy.mjs (adminHeaders):",
      "# every response under /admin/, the content editor, carries these instead of the site's.",
      ...Object.entries(adminHeaders()).map(
        ([name, value]) => `add_header ${name} "${value}" always;`,
      ),
      "",
    ].join("\n"),
  )
  return { pages: pages.map(([address]) => address), hashes, bundles }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { pages, hashes, bundles } = await writeDeliveryFiles(
    process.argv[2] ? path.resolve(process.argv[2]) : undefined,
  )
  console.log(
    `delivery headers: ${pages.length} pages, ${hashes.length} inline script hashes, ` +
      `${bundles.length} hashed bundles → public/_headers, public/_redirects, ${path.relative(root, nginxCspFile)}`,
  )
}
