import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import { firstValue, sendResponse, webRequest } from "../endpoints/node"
import { handleSignup } from "../signup/handleSignup"
import { nodeSignupContext } from "../signup/node"

/**
 * POST /api/subscribe on `gatsby develop`, `gatsby serve` (npm start) and Netlify (Gatsby's
 * adapter): a thin adapter to the one sign-up handler (src/signup/handleSignup.ts).
 *
 * No `config` export for Gatsby's body parsers: Gatsby takes any file in src/ that exports
 * `config` for a page with a rendering mode and bundles its rendering engines, which fail on
 * sharp's binary (error #98001). Its default parsers (100 kB) read the body instead, and it is
 * handed on as the bytes it was, so the handler's own limits and checks apply.
 */

export default async function subscribe(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) {
  // Webpack writes each `process.env.NAME` in as it was at build time; the host's environment at
  // run time is read through globalThis, so a key set on the server only is seen.
  const context = nodeSignupContext(globalThis.process.env)
  const response = await handleSignup(webRequest(req, bodyAsSent(req)), {
    ...context,
    // Netlify's adapter hands over a request without a socket; it names the client in a header.
    client: req.socket?.remoteAddress ?? firstValue(req.headers["x-nf-client-connection-ip"]),
  })
  await sendResponse(response, res)
}

/**
 * The body again as bytes, from what Gatsby's parsers made of it. Undefined only while nobody has
 * read it (a type no parser takes): a stream already read would never end again.
 */
function bodyAsSent(req: GatsbyFunctionRequest): Buffer | undefined {
  const body: unknown = req.body
  if (Buffer.isBuffer(body)) return body
  if (typeof body === "string") return Buffer.from(body)
  if (!body || typeof body !== "object") return req.readableEnded ? Buffer.alloc(0) : undefined
  if ((req.headers["content-type"] ?? "").includes("json")) return Buffer.from(JSON.stringify(body))
  // A form: only plain fields are a sign-up's (a nested `email[x]=` is not an address).
  const fields = Object.entries(body).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string",
  )
  return Buffer.from(new URLSearchParams(fields).toString())
}
