import { getConnInfo } from "@hono/node-server/conninfo"
import type { Context } from "hono"

/**
 * What a proxy in front (nginx, a CDN, Netlify) says about the visitor, for the Node adapters:
 * the scheme she used, and her address.
 */

/**
 * The request as the visitor made it when a proxy that ended TLS says it was https
 * (`X-Forwarded-Proto`): the CMS sign-in builds GitHub's callback address and its cookie's
 * `__Host-` prefix from it. A forged value only misleads the browser that sent it.
 */
export function withForwardedScheme(request: Request): Request {
  const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim()
  if (proto !== "https" || !request.url.startsWith("http:")) return request
  const { method, headers, body, signal } = request
  // Node's fetch needs `duplex` to take a stream as a body.
  const init = { method, headers, body, signal, duplex: "half" } as RequestInit
  return new Request(`https:${request.url.slice("http:".length)}`, init)
}

/**
 * Where the visitor's address comes from: the socket, or a header a proxy sets. `trusted: "always"`
 * behind a proxy of the site's own (nginx's X-Real-IP: the socket is nginx); `"without-socket"`
 * where the host hands over a request with no socket and names her in a header (Netlify), so that
 * elsewhere (gatsby develop) nobody escapes the rate limit by sending the header.
 */
export interface ClientAddress {
  header: string
  trusted: "always" | "without-socket"
}

export function clientAddress(c: Context, from?: ClientAddress): string | undefined {
  // Hono's conninfo for Node reads the socket; Netlify's adapter hands over a request without one.
  const socket = c.env?.incoming?.socket ? getConnInfo(c).remote.address : undefined
  const header = from ? c.req.header(from.header) : undefined
  if (from?.trusted === "always") return header || socket
  return socket ?? (header || undefined)
}

/**
 * Whether the request is the editor's own, on her own computer (`npm run cms`): over a socket from
 * this very computer (its address, never a header); to a loopback name, so that a page of another
 * site whose name resolves to 127.0.0.1 (DNS rebinding) is not let in; and not made by another
 * site's page (`Sec-Fetch-Site`, `Origin`): gatsby develop answers every request with CORS `*`
 * (src/gatsby/functionAdapter.ts takes it off the endpoints' answers too); nor passed on by a proxy or tunnel.
 */
export function fromThisComputer(c: Context): boolean {
  if (!c.env?.incoming?.socket) return false
  const address = getConnInfo(c).remote.address ?? ""
  if (!["127.0.0.1", "::1", "::ffff:127.0.0.1"].includes(address)) return false
  const host = (c.req.header("host") ?? "").toLowerCase().replace(/:\d+$/, "")
  if (!["localhost", "127.0.0.1", "[::1]"].includes(host)) return false
  const site = c.req.header("sec-fetch-site")
  if (site !== undefined && site !== "same-origin" && site !== "none") return false
  // A page's own request names its origin (a browser that sends no Sec-Fetch-Site still does).
  const origin = c.req.header("origin")
  if (
    origin !== undefined &&
    !/^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?$/i.test(origin)
  ) {
    return false
  }
  // Passed on by a proxy or a tunnel: from wherever that came from, not from this computer.
  return !["forwarded", "x-forwarded-for", "x-real-ip"].some((name) => c.req.header(name))
}
