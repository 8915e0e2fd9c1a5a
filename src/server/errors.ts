import type { Context } from "hono"
import { endpointHeaders } from "../shared/policy"

/**
 * The answers no handler gives: an address under /api/ that is no endpoint (404), one asked with
 * a method its line in the route table does not take (405, with `Allow`), and a handler that
 * threw (500). Short, with the endpoints' headers; the log names what failed, never who asked or
 * what she sent.
 */

interface RouteLine {
  path: string
  method: string
}

export function noSuchEndpoint(routes: readonly RouteLine[]) {
  return (c: Context) => {
    const methods = routes
      .filter((route) => route.method !== "ALL" && pathPattern(route.path).test(c.req.path))
      .map((route) => route.method)
    if (methods.length === 0) return c.text("Not found\n", 404, endpointHeaders())
    const allowed = [...new Set(methods.includes("GET") ? [...methods, "HEAD"] : methods)]
    return c.text("Method not allowed\n", 405, { ...endpointHeaders(), Allow: allowed.join(", ") })
  }
}

/** A route's path as a pattern: `/api/confirm/:token` matches `/api/confirm/abc`. */
function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.+?^${}()|[\]\\]/g, "\\$&")
  return new RegExp(`^${escaped.replace(/:[^/]+/g, "[^/]+").replace(/\*/g, ".*")}$`)
}

export function serverError(error: Error, c: Context) {
  console.error(`api: ${error.name} answering ${c.req.method} ${new URL(c.req.url).pathname}`)
  return c.text("Internal error\n", 500, endpointHeaders())
}
