import { existsSync, readFileSync, statSync } from "node:fs"
import { createServer, type Server } from "node:http"
import path from "node:path"
import { getRequestListener } from "@hono/node-server"
import { serveStatic } from "@hono/node-server/serve-static"
import { Hono, type Context } from "hono"
import { effectiveHeaders, parseHeadersFile, type HeaderRule } from "../shared/hostRules"
import type { PublishingDesk } from "../publishing/web/desk"
import { createApp } from "../server/app"
import type { Settings } from "../server/app"
import { apiPrefix } from "../shared/endpoints"
import { cmsFolder } from "../shared/policy"
import { failureAnswer } from "./failures"
import { withForwardedScheme } from "./clientAddress"
import { nodeRuntime } from "./nodeRuntime"
import { staticFiles, type StaticFile } from "./staticFiles"

/**
 * The site's own server: `npm start` on http://localhost:9000, and the API service nginx passes
 * /api/ to (deploy/). One Hono app on @hono/node-server: the endpoints' route table
 * (src/server/app.ts) under /api/, and the build in public/ with the headers every host gives it,
 * read from the build's own `_headers` as Cloudflare Pages reads it, so this server, the CDN hosts
 * and nginx (checked by the delivery test) send one policy. Also: the 404 page with status 404
 * and the site's policy, the addresses' other spellings redirected as nginx does, gzip.
 *
 *   PORT (default 9000), HOST (default localhost)
 *   TRUST_PROXY=1   behind nginx or a CDN: the visitor's address from X-Real-IP, the scheme from
 *                   X-Forwarded-Proto (the CMS sign-in builds its callback address from it)
 */

export interface SiteServerOptions {
  /** The build to serve (absolute). */
  publicDir: string
  env: Settings
  trustProxy?: boolean
  /** The publisher, where this server publishes itself (src/publishing/node/). */
  publishing?: PublishingDesk
  /** What answers /api/ in place of the route table: a draft's preview has no endpoints. */
  api?: (request: Request) => Response | Promise<Response>
}

/** The host's files: read, never served. */
const hostFiles = new Set(["/_headers", "/_redirects"])
const notFoundPage = "/404"
const readMethods = new Set(["GET", "HEAD"])

export function siteApp({
  publicDir,
  env,
  trustProxy = false,
  publishing,
  api: ownApi,
}: SiteServerOptions) {
  const api = ownApi
    ? { fetch: (request: Request) => ownApi(request) }
    : createApp({
        ...nodeRuntime(env, trustProxy ? { header: "x-real-ip", trusted: "always" } : undefined),
        publishing,
      })
  const rules = readHeaderRules(publicDir)
  const headersFor = (address: string) => effectiveHeaders(rules, address, "cloudflare").headers
  const withHeaders = (c: Context, address: string) => {
    for (const [name, value] of Object.entries(headersFor(address))) c.header(name, value)
  }

  const files = staticFiles()
  const site = new Hono()
  site.all(`${apiPrefix}*`, (c) =>
    api.fetch(trustProxy ? withForwardedScheme(c.req.raw) : c.req.raw, c.env),
  )

  site.all("*", async (c, next) => {
    // Every check below reads the address as the file system will: decoded once, here (Hono
    // leaves %2F encoded). One spelling of each address: `//shop`, `/%2Fshop` or `/x/../shop` is
    // not a second way to /shop's file without its headers, nor to the host's files.
    const address = decodedPath(c.req.path)
    if (address === undefined || /\/\/|\\|\/\.\.?(?:\/|$)/.test(address)) return next()
    if (!readMethods.has(c.req.method)) {
      withHeaders(c, notFoundPage)
      return c.text("Method not allowed\n", 405, { Allow: "GET, HEAD" })
    }
    const redirect = redirectFor(publicDir, address)
    if (redirect) {
      // The page's headers: a redirect carries the same policy as what it leads to.
      withHeaders(c, redirect)
      const query = new URL(c.req.url).search
      return c.body(null, 301, { Location: `${redirect}${query}` })
    }
    const file = fileFor(publicDir, address)
    if (!file) return next()
    withHeaders(c, address)
    const held = files(file)
    if (!held) return serveStatic({ path: file })(c, next)
    return sendHeld(c, held)
  })

  site.notFound((c) => {
    withHeaders(c, notFoundPage)
    return c.html(readFileSync(path.join(publicDir, "404.html"), "utf8"), 404)
  })
  const failed = failureAnswer(headersFor(notFoundPage))
  site.onError((error, c) => {
    console.error(`site: ${error.name} answering ${c.req.method}`)
    return failed(error)
  })
  return {
    site,
    failed,
    errorHeaders: () => headersFor(notFoundPage),
  }
}

/** The app on a Node HTTP server; `port` 0 takes a free one. */
export async function startSiteServer(
  options: SiteServerOptions,
  port: number,
  hostname = "localhost",
): Promise<Server> {
  const { site, failed, errorHeaders } = siteApp(options)
  const answers: SiteAnswers = { fetch: site.fetch, failed, errorHeaders }
  return listenSite(() => answers, port, hostname, options.trustProxy)
}

/** What the HTTP server asks of a site: its answers, and the answer to a failure or a bad request. */
export interface SiteAnswers {
  fetch(request: Request, env: unknown): Response | Promise<Response>
  failed(error: unknown): Response
  errorHeaders(): Record<string, string>
}

/**
 * A Node HTTP server asking `current()` for each answer: the site of startSiteServer, or the live
 * release that the self-hosted publisher swaps under a running server (src/publishing/node/).
 */
export async function listenSite(
  current: () => SiteAnswers,
  port: number,
  hostname: string,
  trustProxy = false,
): Promise<Server> {
  // Behind a proxy the visitor's address is the proxy's X-Real-IP, which anyone who can reach the
  // server directly could forge: trusted only where only the proxy on this machine can reach it.
  if (trustProxy && !isLoopback(hostname)) {
    throw new Error(
      `TRUST_PROXY=1 trusts X-Real-IP from whoever reaches HOST=${hostname}: listen on loopback (HOST=127.0.0.1) behind nginx on this machine, or leave TRUST_PROXY unset`,
    )
  }
  const listener = getRequestListener((request, env) => current().fetch(request, env), {
    errorHandler: (error) => current().failed(error),
  })
  const refusal = (status = "400 Bad Request") => {
    const headers = Object.entries(current().errorHeaders()).map(
      ([name, value]) => `${name}: ${value}\r\n`,
    )
    return `HTTP/1.1 ${status}\r\n${headers.join("")}Connection: close\r\n\r\n`
  }
  /** Node's own answers to what its parser refuses but the 400: a connection too slow, a head too big. */
  const refusalFor: Partial<Record<string, string>> = {
    ERR_HTTP_REQUEST_TIMEOUT: "408 Request Timeout",
    HPE_HEADER_OVERFLOW: "431 Request Header Fields Too Large",
  }
  // Node would answer a request without Host (HTTP/1.1 requires one) with a bare 400 of its own.
  const server = createServer({ requireHostHeader: false }, (request, response) => {
    if (request.headers.host) return listener(request, response)
    request.socket.end(refusal())
  })
  // What Node's HTTP parser refuses before any handler runs (a method it does not know, a
  // malformed head) and a connection that sent no request in time: Node's own answers (400, 408,
  // 431), with the site's headers. As Node's own handler, only on a connection that has had no
  // answer: one written to a kept-alive connection is read by the browser as the answer to the
  // next request it sends there (the likeliest way a picture of /journal came back 400 in a
  // Lighthouse run), where a closed one makes the browser send that request again.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    // A net.Socket for HTTP/1.1, though Node types it as any Duplex.
    const answered = "bytesWritten" in socket && Number(socket.bytesWritten) > 0
    if (!socket.writable || answered) return socket.destroy()
    socket.end(refusal(refusalFor[error.code ?? ""]))
  })
  // A slow client cannot hold a connection open for ever.
  server.requestTimeout = 30_000
  server.headersTimeout = 15_000
  // A port already taken is an error to the caller, not an uncaught one that ends the process.
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, hostname, () => {
      server.off("error", reject)
      resolve()
    })
  })
  return server
}

function readHeaderRules(publicDir: string): HeaderRule[] {
  const file = path.join(publicDir, "_headers")
  if (!existsSync(file)) throw new Error(`${file} is missing: build the site first (npm run build)`)
  const { rules, problems } = parseHeadersFile(readFileSync(file, "utf8"), "cloudflare")
  if (problems.length > 0) throw new Error(`${file}:\n  ${problems.join("\n  ")}`)
  return rules
}

function isLoopback(hostname: string): boolean {
  return /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i.test(hostname)
}

/** The path with its %-escapes decoded; undefined for a malformed one. */
function decodedPath(address: string): string | undefined {
  try {
    return decodeURIComponent(address)
  } catch {
    return undefined
  }
}

/** public/'s file for a decoded address, never outside it; undefined for the host's own files. */
function fileFor(publicDir: string, address: string): string | undefined {
  if (hostFiles.has(address) || isNotFoundPage(address)) return undefined
  const file = (name: string) => {
    const full = path.join(publicDir, name)
    if (!full.startsWith(publicDir + path.sep)) return undefined
    return existsSync(full) && statSync(full).isFile() ? full : undefined
  }
  if (address === "/") return file("/index.html")
  // Other addresses with a slash were redirected (redirectFor), but those under the CMS's folder
  // (the CMS, and the staff's page of the list), which keep it, as on nginx.
  if (address.endsWith("/"))
    return address.startsWith(`/${cmsFolder}/`) ? file(`${address}index.html`) : undefined
  return file(address) ?? file(`${address}/index.html`)
}

/**
 * The site's addresses have no trailing slash and no `.html`, as on nginx (deploy/nginx): /shop/,
 * /shop.html and /shop/index.html → /shop, /index.html → /; the CMS keeps its slash (/admin →
 * /admin/). Only to a page that exists, so a redirect never leads to a 404.
 */
function redirectFor(publicDir: string, address: string): string | undefined {
  if (address === `/${cmsFolder}`) return `/${cmsFolder}/`
  if (address.startsWith(`/${cmsFolder}/`)) return undefined
  const page = /^((?:\/[^/]+)*?)(?:\/index\.html|\.html|\/+)$/.exec(address)?.[1]
  if (page === undefined || page === address || isNotFoundPage(address)) return undefined
  if (page === "" || page === "/") return address === "/" ? undefined : "/"
  return existsSync(path.join(publicDir, page, "index.html")) ? page : undefined
}

/**
 * A file held in memory (./staticFiles.ts): gzipped when the browser takes it, and a 304 with the
 * same headers when she has this version already.
 */
function sendHeld(c: Context, held: StaticFile) {
  c.header("ETag", held.tag)
  c.header("Vary", "Accept-Encoding")
  const known = c.req.header("if-none-match")?.split(/\s*,\s*/) ?? []
  if (known.includes(held.tag)) return c.body(null, 304)
  const gzip =
    held.gzip && /\bgzip\b/.test(c.req.header("accept-encoding") ?? "") ? held.gzip : undefined
  const body = gzip ?? held.body
  c.header("Content-Type", held.type)
  c.header("Content-Length", String(body.length))
  if (gzip) c.header("Content-Encoding", "gzip")
  return c.req.method === "HEAD" ? c.body(null, 200) : c.body(new Uint8Array(body), 200)
}

/** The 404 page is only ever the answer to an unknown address, with status 404. */
function isNotFoundPage(address: string): boolean {
  return (
    address === notFoundPage ||
    address.startsWith(`${notFoundPage}/`) ||
    address === `${notFoundPage}.html`
  )
}
