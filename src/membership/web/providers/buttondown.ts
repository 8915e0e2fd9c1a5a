/**
 * Buttondown as the mailing list: one `POST /v1/subscribers` a sign-up
 * (https://docs.buttondown.com/api-subscribers-create), and one `PATCH /v1/subscribers/{email}`
 * to `type: "unsubscribed"` a leave forwarded from an e-mail the embedded store sent
 * (https://docs.buttondown.com/api-subscribers-update). Web-standard APIs only, so the same code
 * runs in Node and in a Cloudflare Pages Function.
 */
import type { MailingList } from "../mailingList"
import { isRecord, parseJson } from "../../../utils/json"
import { providerRequests, safeToken, type RequestOptions } from "./request"

export interface ButtondownOptions extends RequestOptions {
  apiKey: string
  /** https://api.buttondown.com unless a test or the local stub stands in. */
  baseUrl?: string
}

const buttondownDefaultBaseUrl = "https://api.buttondown.com"

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
  const { request, unavailable } = providerRequests("Buttondown", options)
  const headers = {
    Authorization: `Token ${options.apiKey}`,
    "Content-Type": "application/json",
    Accept: "application/json",
    "X-API-Version": buttondownApiVersion,
  }

  return {
    name: "Buttondown",
    async subscribe(address) {
      // No `type`: "regular" would skip the double opt-in, and the API lets a caller set only
      // regular, unsubscribed, gifted or unpaid. Left out, a new subscriber is "unactivated" and
      // Buttondown sends the confirmation e-mail itself.
      const answer = await request("POST", endpoint, headers, { email_address: address })
      if ("failed" in answer) return answer.failed
      const { status, text } = answer

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

    async unsubscribe(address) {
      // By address: Buttondown takes one in place of the subscriber's id.
      const member = `${endpoint}/${encodeURIComponent(address)}`
      const answer = await request("PATCH", member, headers, { type: "unsubscribed" }, "leave")
      if ("failed" in answer) return answer.failed
      // 404: not on Buttondown's list (never imported, or deleted there): off it all the same.
      if ((answer.status >= 200 && answer.status < 300) || answer.status === 404) return "left"
      if (answer.status === 401 || answer.status === 403) {
        return unavailable(`status ${answer.status}: the API key was refused`, "leave")
      }
      return unavailable(`status ${answer.status}`, "leave")
    },
  }
}

function rejectsField(body: unknown, field: string): boolean {
  if (!isRecord(body) || !Array.isArray(body.detail)) return false
  return body.detail.some(
    (entry) => isRecord(entry) && Array.isArray(entry.loc) && entry.loc.includes(field),
  )
}
