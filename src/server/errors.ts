import type { Context } from "hono"

/**
 * The answers no handler gives: an address under /api/ that is no endpoint (404), one asked with
 * a method its line in the route table does not take (405, with `Allow`: Hono's methodNotAllowed
 * finds the methods, ./app.ts), and a handler that threw (500). Short (the route table gives
 * them the endpoints' headers, as every answer); the log names what failed, never who asked or what she sent.
 */

export function noSuchEndpoint(c: Context) {
  return c.text("Not found\n", 404)
}

export function methodRefused(c: Context, methods: string[]) {
  return c.text("Method not allowed\n", 405, { Allow: methods.join(", ") })
}

export function serverError(error: Error, c: Context) {
  console.error(`api: ${error.name} answering ${c.req.method} ${new URL(c.req.url).pathname}`)
  return c.text("Internal error\n", 500)
}
