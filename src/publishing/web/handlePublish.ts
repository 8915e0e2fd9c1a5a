import type { Context } from "hono"
import { endpointHeaders } from "../../shared/policy"
import type { PublishEnv, PublishingDesk } from "./desk"
import { readEvent } from "./events"

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

const answer = (status: number, message: string) =>
  new Response(JSON.stringify({ message }), {
    status,
    headers: { ...endpointHeaders(), "Content-Type": "application/json; charset=utf-8" },
  })

export async function handlePublish(
  c: Context,
  env: PublishEnv,
  desk: PublishingDesk | undefined,
): Promise<Response> {
  const secret = env.PUBLISH_SECRET
  if (!desk || !secret) {
    return answer(404, "This server does not publish: set PUBLISH_REPO and PUBLISH_SECRET on it.")
  }
  const body = await c.req.text()
  const signature = c.req.header("x-hub-signature-256")
  if (!signature || !body || !(await signedWith(secret, body, signature))) {
    return answer(401, "The signature does not match: the webhook's secret must be PUBLISH_SECRET.")
  }
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
      return answer(200, "The webhook reaches this server: pushes will be published.")
    case "ignored":
      return answer(200, `Nothing to publish: ${event.why}.`)
    case "malformed":
      return answer(400, `Not understood: ${event.why}.`)
  }
  const reception = await desk.receive(event)
  return answer(reception.outcome === "accepted" ? 202 : 200, reception.message)
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
