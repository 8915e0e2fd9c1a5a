import type { BrowserContext, Page } from "@playwright/test"

/** How long the server standing in is waited for (below). */
const answerWithinMs = 60_000

/**
 * Answers the browser's requests to addresses starting with `from` with what the same path under
 * `to` answers: a local server standing in for another (decap-server, GitHub's API).
 *
 * The call is made from Node, not with `route.fetch`: Playwright disposes a `route.fetch`
 * response when the page moves on while it is in flight, and `route.fulfill` then throws
 * ("Fetch response has been disposed"), which failed a test once in CI.
 *
 * A server that has not answered in a minute is given up on, and said so: a CMS test once waited
 * out its 2 minutes for a list that never came, with nothing in the log to say why.
 */
export async function forward(where: Page | BrowserContext, from: string, to: string) {
  await where.route(
    (url) => url.href.startsWith(from),
    async (route) => {
      const request = route.request()
      const headers: Record<string, string> = {}
      for (const name of ["accept", "authorization", "content-type"]) {
        const value = await request.headerValue(name)
        if (value !== null) headers[name] = value
      }
      const posted = request.postDataBuffer()
      let response: Response
      let body: Buffer
      try {
        response = await fetch(`${to}${request.url().slice(from.length)}`, {
          method: request.method(),
          headers,
          body: posted ? new Uint8Array(posted) : undefined,
          signal: AbortSignal.timeout(answerWithinMs),
        })
        body = Buffer.from(await response.arrayBuffer())
      } catch (error) {
        // A page that has closed meanwhile (a test's end) needs no answer, nor a word about it.
        const closed = "isClosed" in where && where.isClosed()
        if (!closed) {
          console.error(
            `forward: ${to} did not answer ${request.method()} ${request.url()}: ${error}`,
          )
        }
        await route.abort("connectionrefused").catch(() => {})
        return
      }
      try {
        await route.fulfill({
          status: response.status,
          // Node's fetch has already decoded the body, so its encoding and length no longer apply.
          headers: Object.fromEntries(
            [...response.headers].filter(([name]) => !/^content-(encoding|length)$/i.test(name)),
          ),
          body,
        })
      } catch (error) {
        // The page left while the server answered: nobody is waiting for this answer any more.
        if (!/closed|disposed|cancel|aborted/i.test(String(error))) throw error
      }
    },
  )
}
