import { existsSync, readFileSync, statSync } from "node:fs"
import { createServer, type Server } from "node:http"
import path from "node:path"
import { effectiveHeaders, parseHeadersFile, type Host } from "../../src/shared/hostRules"

// A small static server for public/ that answers as Cloudflare Pages or Netlify would, as far as
// the headers go: the build's own `_headers` read by that host's rules (src/shared/hostRules.ts),
// its `_redirects`, /shop from shop.html (or shop/index.html), /admin/ from admin/index.html, and
// 404.html with status 404 for anything else.

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "application/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".map": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".webmanifest": "application/manifest+json",
}

/** The host's configuration files are read, never served. */
const hostFiles = new Set(["/_headers", "/_redirects"])

export interface HostServer {
  port: number
  stop: () => Promise<void>
}

function readRedirects(publicDir: string): Map<string, [to: string, status: number]> {
  const redirects = new Map<string, [string, number]>()
  for (const line of readFileSync(path.join(publicDir, "_redirects"), "utf8").split("\n")) {
    const [from, to, status] = line.trim().split(/\s+/)
    if (!from || from.startsWith("#") || !to) continue
    redirects.set(from, [to, Number(status ?? 302)])
  }
  return redirects
}

/** public/'s file for `pathname`, or a redirect to the address the host gives it. */
function resolve(publicDir: string, pathname: string): { file?: string; redirect?: string } {
  const file = (address: string) => {
    let full: string
    try {
      full = path.join(publicDir, decodeURIComponent(address))
    } catch {
      return undefined
    }
    if (!full.startsWith(publicDir + path.sep)) return undefined
    return existsSync(full) && statSync(full).isFile() ? full : undefined
  }
  if (hostFiles.has(pathname)) return {}
  if (pathname.endsWith("/")) return { file: file(`${pathname}index.html`) }
  const exact = file(pathname)
  if (exact) return { file: exact }
  const flat = file(`${pathname}.html`)
  if (flat) return { file: flat }
  // Both hosts send a folder's address to its trailing-slash form (/admin → /admin/).
  if (file(`${pathname}/index.html`)) return { redirect: `${pathname}/` }
  return {}
}

/** Serves `publicDir` (an absolute path) on 127.0.0.1, on a free port, as `host` would. */
export async function startHostServer(publicDir: string, host: Host): Promise<HostServer> {
  const { rules, problems } = parseHeadersFile(
    readFileSync(path.join(publicDir, "_headers"), "utf8"),
    host,
  )
  if (problems.length > 0) throw new Error(`${host} would not read _headers:\n${problems}`)
  const redirects = readRedirects(publicDir)

  const server: Server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? "/", "http://host.invalid")
    // Headers are matched against the address asked for, whatever answers it.
    response.setHeader("X-Served-As", host)
    for (const [name, value] of Object.entries(effectiveHeaders(rules, pathname, host).headers)) {
      response.setHeader(name, value)
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405).end()
      return
    }
    const redirect = redirects.get(pathname)
    if (redirect) {
      response.writeHead(redirect[1], { Location: redirect[0] }).end()
      return
    }
    const found = resolve(publicDir, pathname)
    if (found.redirect) {
      response.writeHead(308, { Location: found.redirect }).end()
      return
    }
    const file = found.file ?? path.join(publicDir, "404.html")
    response.writeHead(found.file ? 200 : 404, {
      "Content-Type": contentTypes[path.extname(file)] ?? "application/octet-stream",
    })
    response.end(request.method === "HEAD" ? undefined : readFileSync(file))
  })
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
  const address = server.address()
  if (typeof address !== "object" || !address) throw new Error("the server has no port")
  return {
    port: address.port,
    stop: () => new Promise((done) => server.close(() => done())),
  }
}
