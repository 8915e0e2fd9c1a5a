import { endpointHeaders } from "../build/policy"
import { checkAddress } from "./address"
import { addressField, honeypotField } from "./fields"
import type { MailingList } from "./mailingList"
import type { RateLimiter } from "./rateLimit"
import { confirmationPage, notAFormPage, problemPage } from "./responsePage"
import type { SignupProblem, SignupTexts } from "./texts"

/**
 * The sign-up endpoint, written once: a web-standard Request in, a Response out. Each host runs
 * it through a thin adapter (src/api/subscribe.ts for Gatsby and Netlify, functions/ for
 * Cloudflare Pages, src/endpoints/server.ts behind nginx).
 *
 * Two kinds of caller: the page's script (`Accept: application/json`) gets JSON
 * (`{ "outcome": "joined" }` or `{ "outcome": "problem", "problem": "invalid" }`) and shows the
 * toast or the message itself; a plain form post gets an HTML page.
 */

export interface SignupContext {
  /** Where sign-ups go: the embedded store or a provider. */
  list: MailingList
  texts: SignupTexts
  /** Absent where the runtime cannot hold one (README, "Sign-ups"). */
  rateLimit?: RateLimiter
  /** Who is asking, for the rate limit: the client's IP address as the host reports it. */
  client?: string
}

/** The biggest body taken: an address of 254 characters and the form's names fit many times. */
export const maxBodyBytes = 2048

export type SignupAnswer = { outcome: "joined" } | { outcome: "problem"; problem: SignupProblem }

const formType = "application/x-www-form-urlencoded"
const jsonType = "application/json"

export async function handleSignup(request: Request, context: SignupContext): Promise<Response> {
  const wantsJson = (request.headers.get("accept") ?? "").includes(jsonType)
  const answer = (status: number, result: SignupAnswer, address = "", headers = {}) =>
    respond(context.texts, wantsJson, status, result, address, headers)
  const refuse = (status: number, headers = {}) =>
    answer(status, { outcome: "problem", problem: "rejected" }, "", headers)

  if (request.method !== "POST") {
    return wantsJson
      ? refuse(405, { Allow: "POST" })
      : html(405, notAFormPage(context.texts), { Allow: "POST" })
  }
  if (!isSameOrigin(request)) return refuse(403)

  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase()
  if (type !== formType && type !== jsonType) return refuse(415)
  const body = await readBody(request)
  if (body === undefined) return refuse(413)
  const fields = parseFields(type, body)
  if (!fields) return refuse(400)

  const typed = fields[addressField]
  const kept = typeof typed === "string" ? typed.slice(0, 1000) : ""
  if (context.rateLimit) {
    const taken = context.rateLimit.take(context.client ?? "unknown")
    if (!taken.allowed) {
      return answer(429, { outcome: "problem", problem: "tooMany" }, kept, {
        "Retry-After": String(taken.retryAfterSeconds),
      })
    }
  }

  if (typeof fields[honeypotField] === "string" && fields[honeypotField] !== "") {
    return answer(400, { outcome: "problem", problem: "rejected" }, kept)
  }
  const checked = checkAddress(typed)
  if (!checked.ok) return answer(400, { outcome: "problem", problem: checked.problem }, kept)

  let result
  try {
    result = await context.list.subscribe(checked.address)
  } catch (error) {
    // A list reports its failures as "unavailable"; this is a bug, and still not a success.
    console.error(`sign-up: ${context.list.name} threw ${error instanceof Error ? error.name : ""}`)
    result = "unavailable" as const
  }
  switch (result) {
    case "joined":
    case "already-member":
      return answer(200, { outcome: "joined" })
    case "invalid-address":
      return answer(400, { outcome: "problem", problem: "invalid" }, kept)
    case "unavailable":
      return answer(503, { outcome: "problem", problem: "unavailable" }, kept, {
        "Retry-After": "120",
      })
  }
}

function respond(
  texts: SignupTexts,
  wantsJson: boolean,
  status: number,
  result: SignupAnswer,
  address: string,
  headers: Record<string, string>,
): Response {
  if (wantsJson) {
    return new Response(JSON.stringify(result), {
      status,
      headers: { ...endpointHeaders(), ...headers, "Content-Type": `${jsonType}; charset=utf-8` },
    })
  }
  const body =
    result.outcome === "joined"
      ? confirmationPage(texts)
      : problemPage(texts, result.problem, address)
  return html(status, body, headers)
}

function html(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { ...endpointHeaders(), ...headers, "Content-Type": "text/html; charset=utf-8" },
  })
}

/**
 * Browsers say where a post comes from: `Origin` (every POST in current browsers) and
 * `Sec-Fetch-Site`. A post from another site is refused; a caller that sends neither is not a
 * browser acting for someone, so there is nothing to forge.
 */
function isSameOrigin(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site")
  if (site && site !== "same-origin" && site !== "none") return false
  const origin = request.headers.get("origin")
  if (!origin) return true
  try {
    return new URL(origin).host === new URL(request.url).host
  } catch {
    return false // "null" (a sandboxed frame, a privacy-sensitive redirect) or garbage
  }
}

/** The body as text, or undefined when it is bigger than maxBodyBytes (read no further). */
async function readBody(request: Request): Promise<string | undefined> {
  const declared = Number(request.headers.get("content-length") ?? 0)
  if (declared > maxBodyBytes) return undefined
  if (!request.body) return ""
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBodyBytes) {
      await reader.cancel()
      return undefined
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
}

function parseFields(type: string, body: string): Record<string, unknown> | undefined {
  if (type === formType) return Object.fromEntries(new URLSearchParams(body))
  try {
    const parsed: unknown = JSON.parse(body)
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}
