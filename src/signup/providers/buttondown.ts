/**
 * Buttondown as the mailing list: one `POST /v1/subscribers` a sign-up
 * (https://docs.buttondown.com/api-subscribers-create). Web-standard APIs only, so the same code
 * runs in Node and in a Cloudflare Pages Function.
 */
import { defaultProviderTimeoutMs, type MailingList, type SubscribeResult } from "../mailingList"
import { isRecord, parseJson } from "../../utils/json"
import { requestFailure, safeToken } from "./failures"

export interface ButtondownOptions {
  apiKey: string
  /** https://api.buttondown.com unless a test or the local stub stands in. */
  baseUrl?: string
  timeoutMs?: number
  fetch?: typeof fetch
}

export const buttondownDefaultBaseUrl = "https://api.buttondown.com"

// Without the header Buttondown uses the version pinned in the newsletter's settings, which its
// owner can change; `email_address` in the body needs 2024-08-01 or later.
export const buttondownApiVersion = "2025-06-01"

// Codes of a 400 from POST /v1/subscribers (SubscriberInputValidationErrorCode in the OpenAPI).
const alreadyMemberCodes = new Set(["email_already_exists", "subscriber_already_exists"])
// Refused for good: a retry cannot help, and "joined" would promise an e-mail that never comes.
// Blocked (firewall) and suppressed (unsubscribed or bounced before) are policy, so they are also
// logged, without the address, for whoever looks after the list.
const malformedCodes = new Set(["email_invalid", "email_empty"])
const refusedCodes = new Set(["email_blocked", "subscriber_blocked", "subscriber_suppressed"])

export function buttondownList(options: ButtondownOptions): MailingList {
  const endpoint = `${(options.baseUrl ?? buttondownDefaultBaseUrl).replace(/\/+$/, "")}/v1/subscribers`
  const timeoutMs = checkTimeout(options.timeoutMs ?? defaultProviderTimeoutMs)
  // Called as a plain function: Workers' fetch throws "Illegal invocation" on another `this`.
  const send =
    options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
  const headers = {
    Authorization: `Token ${options.apiKey}`,
    "Content-Type": "application/json",
    Accept: "application/json",
    "X-API-Version": buttondownApiVersion,
  }

  function unavailable(why: string): SubscribeResult {
    console.error(`Buttondown: sign-up unavailable (${why})`)
    return "unavailable"
  }

  return {
    name: "Buttondown",
    async subscribe(address) {
      let status: number
      let text: string
      try {
        const response = await send(endpoint, {
          method: "POST",
          headers,
          // No `type`: "regular" would skip the double opt-in, and the API lets a caller set only
          // regular, unsubscribed, gifted or unpaid. Left out, a new subscriber is "unactivated"
          // and Buttondown sends the confirmation e-mail itself.
          body: JSON.stringify({ email_address: address }),
          signal: AbortSignal.timeout(timeoutMs),
        })
        status = response.status
        text = await response.text()
      } catch (error) {
        return unavailable(requestFailure(error, timeoutMs))
      }

      if (status >= 200 && status < 300) return "joined"
      const body = parseJson(text)
      const code = safeToken(isRecord(body) ? body.code : undefined)
      if (status === 400 && code !== undefined) {
        if (alreadyMemberCodes.has(code)) return "already-member"
        if (malformedCodes.has(code)) return "invalid-address"
        if (refusedCodes.has(code)) {
          console.warn(`Buttondown: refused a sign-up (${code})`)
          return "invalid-address"
        }
      }
      // Schema validation (documented as a 422 whose `detail` lists the fields): the address
      // failed Buttondown's own pattern, which is stricter than the browser's.
      if (status === 422 && rejectsField(body, "email_address")) return "invalid-address"
      if (status === 401 || status === 403) {
        return unavailable(`status ${status}: the API key was refused, check the configuration`)
      }
      // 429, the daily creation limit (400 rate_limited), 5xx, or anything unforeseen.
      return unavailable(code === undefined ? `status ${status}` : `status ${status}, ${code}`)
    },
  }
}

function checkTimeout(timeoutMs: number): number {
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new Error("The Buttondown timeout must be a whole number of milliseconds above 0.")
  }
  return timeoutMs
}

function rejectsField(body: unknown, field: string): boolean {
  if (!isRecord(body) || !Array.isArray(body.detail)) return false
  return body.detail.some(
    (entry) => isRecord(entry) && Array.isArray(entry.loc) && entry.loc.includes(field),
  )
}
