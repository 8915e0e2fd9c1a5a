import type { Context } from "hono"
import { endpointPageAnswer } from "../../../endpointPages/endpointPage"
import { isRecord, jsonAnswer, parseJson } from "../../../utils/json"
import { checkAddress } from "./address"
import { addressField, honeypotField } from "../../../shared/endpoints"
import type { MailingList } from "../mailingList"
import type { MembershipEnv } from "../memberStore"
import { clientKey, type SignupLimits } from "../rateLimit"
import { confirmationPage, formPage, notAFormPage, problemPage } from "./signupPages"
import { signupTexts, wordingVersion, type SignupProblem, type SignupTexts } from "./signupTexts"

/**
 * The sign-up endpoint, written once: a web-standard Request in, a Response out. The route table
 * (src/server/app.ts) runs it on every host, after the checks every post gets there: that it comes
 * from this site (403) and that its body is within maxBodyBytes (413), answered by
 * `signupRefusal` in the caller's own terms.
 *
 * Two kinds of caller: the page's script (`Accept: application/json`) gets JSON
 * (`{ "outcome": "joined" }` or `{ "outcome": "problem", "problem": "invalid" }`) and shows the
 * toast or the message itself; a plain form post gets an HTML page.
 */

export interface SignupContext {
  /** Where sign-ups go: the embedded store or a provider. */
  list: MailingList
  texts: SignupTexts
  /** Absent where the runtime cannot hold them (docs/signups.md). */
  limits?: SignupLimits
  /** Who is asking, for her limit: the client's IP address as the host reports it. */
  client?: string
}

/** The biggest body taken: an address of 254 characters and the form's names fit many times. */
export const maxBodyBytes = 2048

export type SignupAnswer = { outcome: "joined" } | { outcome: "problem"; problem: SignupProblem }

const formType = "application/x-www-form-urlencoded"
const jsonType = "application/json"

const wantsJson = (request: Request) => (request.headers.get("accept") ?? "").includes(jsonType)

/**
 * A refusal before the handler runs (src/server/app.ts: another site's post, a body too big, a
 * preview of a draft, which keeps no list).
 */
export function signupRefusal(
  status: 403 | 413,
  problem: SignupProblem = "rejected",
  texts: SignupTexts = signupTexts,
) {
  return (c: Context) =>
    respond(texts, wantsJson(c.req.raw), status, { outcome: "problem", problem }, "", {})
}

/** /api/subscribe in the route table: the wing's list and limits for this request (`c.var`). */
export const signUp = (c: Context<MembershipEnv>) =>
  handleSignup(c.req.raw, { ...c.var.membership, texts: signupTexts, client: c.var.client })

export async function handleSignup(request: Request, context: SignupContext): Promise<Response> {
  const json = wantsJson(request)
  const answer = (status: number, result: SignupAnswer, address = "", headers = {}) =>
    respond(context.texts, json, status, result, address, headers)
  const refuse = (status: number, headers = {}) =>
    answer(status, { outcome: "problem", problem: "rejected" }, "", headers)

  // Her browser opening the form's address: the form, as nothing was sent.
  if (!json && (request.method === "GET" || request.method === "HEAD")) {
    return endpointPageAnswer(200, formPage(context.texts))
  }
  if (request.method !== "POST") {
    return json
      ? refuse(405, { Allow: "POST" })
      : endpointPageAnswer(405, notAFormPage(context.texts), { Allow: "GET, HEAD, POST" })
  }
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase()
  if (type !== formType && type !== jsonType) return refuse(415)
  const fields = parseFields(type, await request.text())
  if (!fields) return refuse(400)

  const typed = fields[addressField]
  const kept = typeof typed === "string" ? typed.slice(0, 1000) : ""
  const ownLimit = context.limits?.perClient?.take(clientKey(context.client))
  if (ownLimit && !ownLimit.allowed) {
    return answer(429, { outcome: "problem", problem: "tooMany" }, kept, {
      "Retry-After": String(ownLimit.retryAfterSeconds),
    })
  }

  if (typeof fields[honeypotField] === "string" && fields[honeypotField] !== "") {
    return answer(400, { outcome: "problem", problem: "rejected" }, kept)
  }
  const checked = checkAddress(typed)
  if (!checked.ok) return answer(400, { outcome: "problem", problem: checked.problem }, kept)

  // Each sign-up the list takes sends a stranger an e-mail: the whole site's limit comes last, so
  // that what is refused anyway does not use it up.
  const siteLimit = context.limits?.site?.take("site")
  if (siteLimit && !siteLimit.allowed) {
    if (siteLimit.first) {
      console.warn(
        `sign-up: the site's hourly limit of sign-ups is reached (SIGNUP_SITE_LIMIT); refused for ${siteLimit.retryAfterSeconds} s`,
      )
    }
    return answer(429, { outcome: "problem", problem: "busy" }, kept, {
      "Retry-After": String(siteLimit.retryAfterSeconds),
    })
  }

  let result
  try {
    result = await context.list.subscribe(checked.address, {
      page: pageOfForm(request, context.texts),
      wording: wordingVersion,
    })
  } catch (error) {
    // A list reports its failures as "unavailable"; this is a bug, and still not a success.
    console.error(`sign-up: ${context.list.name} threw ${error instanceof Error ? error.name : ""}`)
    result = "unavailable" as const
  }
  // The site's limit counts the e-mails sign-ups send: one that sent none (her address again, or
  // one refused) gives its count back, so repeating an address cannot lock everyone else out.
  if (siteLimit && result !== "joined") context.limits?.site?.giveBack("site")
  switch (result) {
    case "joined":
    case "already-member":
    case "already-asked":
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
    return jsonAnswer(status, result, headers)
  }
  const body =
    result.outcome === "joined"
      ? confirmationPage(texts)
      : problemPage(texts, result.problem, address)
  return endpointPageAnswer(status, body, headers)
}

/** The page whose form she used: this site's page that sent her (the form is on the contact page). */
function pageOfForm(request: Request, texts: SignupTexts): string {
  try {
    const from = new URL(request.headers.get("referer") ?? "")
    if (from.host === new URL(request.url).host) return from.pathname
  } catch {
    // No Referer, or not an address: the page the form is on.
  }
  return texts.contactPath
}

function parseFields(type: string, body: string): Record<string, unknown> | undefined {
  if (type === formType) return Object.fromEntries(new URLSearchParams(body))
  const parsed = parseJson(body)
  return isRecord(parsed) ? parsed : undefined
}
