import type { Context, MiddlewareHandler } from "hono"

/**
 * Refuses a post that a browser made for a page of another site (login or sign-up CSRF), in any
 * body type. Browsers say where a post comes from: `Sec-Fetch-Site` and `Origin` (every POST in
 * current browsers). A caller that sends neither is not a browser acting for someone, so there is
 * nothing to forge; the body limit and the rate limit still apply to it.
 *
 * Not Hono's `csrf`: it checks only the three body types a plain form can send (a cross-site
 * script's JSON is the site's to refuse too) and refuses callers without these headers (curl, the
 * load test, a provider's webhook).
 */
export function fromThisSite(refuse: (c: Context) => Response | Promise<Response>) {
  const check: MiddlewareHandler = async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next()
    const site = c.req.header("sec-fetch-site")
    if (site && site !== "same-origin" && site !== "none") return refuse(c)
    const origin = c.req.header("origin")
    if (origin && !sameHost(origin, c.req.url)) return refuse(c)
    return next()
  }
  return check
}

/**
 * The host alone is compared: behind nginx or a CDN the service hears plain http while the
 * browser's Origin says https.
 */
function sameHost(origin: string, url: string): boolean {
  try {
    return new URL(origin).host === new URL(url).host
  } catch {
    return false // "null" (a sandboxed frame, a privacy-sensitive redirect) or garbage
  }
}
