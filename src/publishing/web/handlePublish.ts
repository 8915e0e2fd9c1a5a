import type { Context } from "hono"
import { createMiddleware } from "hono/factory"
import type { PublishEnv, PublishingDesk } from "./desk"
import { readEvent } from "./events"
import { jsonAnswer } from "../../utils/json"

/**
 * POST /api/publish: GitHub's webhook. The body's X-Hub-Signature-256 is checked against
 * PUBLISH_SECRET (HMAC-SHA-256, compared in constant time by @octokit/webhooks-methods) before
 * anything is read; a missing or wrong one gets 401 and starts nothing. A verified `push` or
 * `pull_request` is handed to the publisher, which answers at once (the build runs after);
 * `ping`, sent when the webhook is made, gets 200. GitHub shows each answer's body in the
 * webhook's "Recent Deliveries", so every answer says in words what happened.
 */

/** GitHub caps a webhook's payload at 25 MB. */
export const maxWebhookBytes = 25 * 1024 * 1024

const answer = (status: number, message: string) => jsonAnswer(status, { message })

const notPublishing = () =>
  answer(404, "This server does not publish: set PUBLISH_REPO and PUBLISH_SECRET on it.")

function refused(c: Context) {
  logRefusal(c.req.header("x-github-delivery"))
  return answer(401, "The signature does not match: the webhook's secret must be PUBLISH_SECRET.")
}

/**
 * The route table's first check, before the body limit reads a body sent in chunks: a server that
 * publishes, and a signature that could be GitHub's. A flood of large unsigned posts is refused
 * before it takes the server's memory.
 */
export const publishGate = (env: (c: Context) => PublishEnv, desk: PublishingDesk | undefined) =>
  createMiddleware(async (c, next) => {
    if (!desk || !env(c).PUBLISH_SECRET?.trim()) return notPublishing()
    if (!signatureShape.test(c.req.header("x-hub-signature-256") ?? "")) return refused(c)
    await next()
  })

export async function handlePublish(
  c: Context,
  env: PublishEnv,
  desk: PublishingDesk | undefined,
): Promise<Response> {
  // Trimmed, as the server's settings read it: a value pasted with its line's end still signs.
  const secret = env.PUBLISH_SECRET?.trim()
  if (!desk || !secret) return notPublishing()
  const signature = c.req.header("x-hub-signature-256") ?? ""
  const body = signatureShape.test(signature) ? await c.req.text() : ""
  if (!body || !(await signedWith(secret, body, signature))) return refused(c)
  let payload: unknown
  try {
    payload = JSON.parse(payloadText(body, c.req.header("content-type")))
  } catch {
    return answer(
      400,
      "The payload is not JSON: set the webhook's content type to application/json.",
    )
  }
  const event = readEvent(
    c.req.header("x-github-event") ?? "",
    c.req.header("x-github-delivery") ?? "",
    payload,
  )
  switch (event.kind) {
    case "ping":
      console.log("publish: GitHub's ping arrived, signed: the webhook reaches this server")
      return answer(200, "The webhook reaches this server: pushes will be published.")
    case "ignored":
      return answer(200, `Nothing to publish: ${event.why}.`)
    case "malformed":
      return answer(400, `Not understood: ${event.why}.`)
  }
  const reception = await desk.receive(event)
  return answer(reception.outcome === "accepted" ? 202 : 200, reception.message)
}

/** What GitHub sends: sha256= and the HMAC's 64 hex digits. */
const signatureShape = /^sha256=[0-9a-f]{64}$/i

// Refusals are logged at most once a minute: the operator sees a webhook set up with another
// secret (docs/deploying.md, "Try it"), and a flood of forged posts writes one line a minute.
let lastRefusalLogged = 0
function logRefusal(delivery: string | undefined) {
  if (Date.now() - lastRefusalLogged < 60_000) return
  lastRefusalLogged = Date.now()
  console.warn(
    `publish: webhook refused${delivery ? ` (delivery ${delivery.slice(0, 40)})` : ""}: its signature does not match PUBLISH_SECRET (further refusals within the minute are not logged)`,
  )
}

/** A form-encoded webhook carries its JSON in the `payload` field; the signature covers the body. */
function payloadText(body: string, contentType: string | undefined): string {
  if (!contentType?.includes("application/x-www-form-urlencoded")) return body
  return new URLSearchParams(body).get("payload") ?? ""
}

/**
 * @octokit/webhooks-methods ships as ES modules only: imported when the first webhook arrives,
 * so the CommonJS runtimes (tsx, Gatsby's Functions) load it too.
 */
async function signedWith(secret: string, body: string, signature: string): Promise<boolean> {
  const { verify } = await import("@octokit/webhooks-methods")
  return verify(secret, body, signature)
}
