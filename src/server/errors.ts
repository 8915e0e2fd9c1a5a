import type { Context } from "hono"
import { endpointHeaders } from "../shared/policy"

/**
 * The answers no handler gives: an address under /api/ that is no endpoint, and a handler that
 * threw. Short, with the endpoints' headers, and the log names what failed, never who asked or
 * what she sent.
 */

function plain(c: Context, status: 404 | 500, text: string) {
  return c.text(text, status, endpointHeaders())
}

export const notFound = (c: Context) => plain(c, 404, "Not found\n")

export function serverError(error: Error, c: Context) {
  console.error(`api: ${error.name} answering ${c.req.method} ${new URL(c.req.url).pathname}`)
  return plain(c, 500, "Internal error\n")
}
