import { getRequestListener } from "@hono/node-server"
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import { createApp } from "../server/app"
import { failureAnswer } from "../siteServer/failures"
import { fromThisComputer, withForwardedScheme } from "../siteServer/clientAddress"
import { nodeRuntime } from "../siteServer/nodeRuntime"
import { endpointHeaders } from "../shared/policy"

/**
 * Every /api/* request under `gatsby develop` and on Netlify (Gatsby's adapter): one splat
 * Function hands it to the app's route table (src/server/app.ts). `npm start` and nginx run the
 * same app on the site's own server (src/siteServer/siteServer.ts), not through this file.
 *
 * What Gatsby's Functions need, all here:
 * - No `config` export: Gatsby takes any file in src/ that exports `config` for a page with a
 *   rendering mode and bundles its rendering engines, which fail on sharp's binary (#98001). Its
 *   default body parsers therefore read the body first; the bytes go on as they came (`rawBody`,
 *   which @hono/node-server reads), so the app's own limits and checks apply.
 * - Gatsby calls a Function without awaiting it or catching what it throws, and an unhandled
 *   rejection ends the process: every throw is answered 500 here.
 * - Gatsby loads this module afresh for each request: what must last the process (the list, the
 *   rate limit) is process-wide (src/utils/processWide.ts), and the settings are read through
 *   globalThis, since webpack writes each `process.env.NAME` in as it was at build time.
 * - Under `gatsby develop` (`npm run cms`), the staff's page of the list needs no sign-in from
 *   this computer, as the local CMS needs none; never on Netlify or under `gatsby serve`.
 * - Netlify hands over a request without a socket, and names the visitor in a header (read only
 *   then, so that under `gatsby develop` nobody escapes the rate limit by sending it), and the
 *   scheme in X-Forwarded-Proto.
 */
// A read, not state: webpack would put the build's values in place of a bare `process.env`.
// eslint-disable-next-line no-restricted-globals
const env = globalThis.process.env
const app = createApp(
  nodeRuntime(
    env,
    { header: "x-nf-client-connection-ip", trusted: "without-socket" },
    // The staff's page on the editor's own computer (`npm run cms`) needs no sign-in, as the local
    // CMS needs none. gatsby-cli names the command it runs; Netlify's Functions run no command.
    (c) => env.gatsby_executing_command === "develop" && fromThisComputer(c),
  ),
)
const failed = failureAnswer(endpointHeaders())
// Netlify ends TLS in front of the Function and says so in X-Forwarded-Proto: the CMS sign-in
// builds GitHub's callback address and its cookie's __Host- prefix from the scheme.
const listener = getRequestListener(
  (request, env) => app.fetch(withForwardedScheme(request), env),
  {
    errorHandler: failed,
  },
)

/** Express's request, as Gatsby hands it over, with what @hono/node-server reads. */
type ExpressRequest = GatsbyFunctionRequest & { originalUrl: string; rawBody?: Buffer }

export default async function api(req: ExpressRequest, res: GatsbyFunctionResponse) {
  try {
    const raw = bodyAsSent(req)
    if (raw) req.rawBody = raw
    // Express strips the Function's mount path from `url`; the app routes on the whole address.
    req.url = req.originalUrl
    // gatsby develop lets every site read every answer (CORS *); the endpoints are the site's own.
    for (const name of res.getHeaderNames()) {
      if (name.startsWith("access-control-")) res.removeHeader(name)
    }
    await listener(req, res)
  } catch (error) {
    console.error(`api: ${error instanceof Error ? error.name : "error"} in the Gatsby Function`)
    if (res.headersSent) return void res.end()
    const answer = failed(error)
    answer.headers.forEach((value, name) => res.setHeader(name, value))
    res.status(answer.status).send(await answer.text())
  }
}

/**
 * The body again as bytes, from what Gatsby's parsers made of it; undefined while nobody has read
 * it (a type no parser takes), so the adapter reads the stream itself. A form is written back as a
 * form; JSON as it came would need the parsers' raw bytes, which Gatsby does not keep, so it is
 * written again (a body nested deeper than JSON.stringify goes is answered 400).
 */
function bodyAsSent(req: GatsbyFunctionRequest): Buffer | undefined {
  const body: unknown = req.body
  if (Buffer.isBuffer(body)) return body
  if (typeof body === "string") return Buffer.from(body)
  if (!body || typeof body !== "object") return req.readableEnded ? Buffer.alloc(0) : undefined
  if ((req.headers["content-type"] ?? "").includes("json")) {
    try {
      return Buffer.from(JSON.stringify(body))
    } catch {
      return Buffer.from("not JSON") // the handler answers 400
    }
  }
  // A form: only plain fields are a sign-up's (a nested `email[x]=` is not an address).
  const fields = Object.entries(body).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string",
  )
  return Buffer.from(new URLSearchParams(fields).toString())
}
