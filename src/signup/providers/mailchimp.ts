/**
 * Mailchimp as the mailing list: one `POST /3.0/lists/{audienceId}/members` ("Add member to list",
 * Marketing API 3.0) a sign-up, with status "pending" so that Mailchimp sends the opt-in
 * confirmation; errors as https://mailchimp.com/developer/marketing/docs/errors/ describes them.
 * Web-standard APIs only, so the same code runs in Node and in a Cloudflare Pages Function.
 */
import type { MailingList } from "../mailingList"
import { isRecord, parseJson } from "../../utils/json"
import { providerRequests, type RequestOptions } from "./request"

export interface MailchimpOptions extends RequestOptions {
  /** Ends in its data centre ("…-us21"), which names the API's host. */
  apiKey: string
  audienceId: string
  /** Stands in for https://{dc}.api.mailchimp.com (tests, the local stub). */
  baseUrl?: string
}

/** The data centre at the end of a Mailchimp key ("us21" in "…-us21"), if it has one. */
export function mailchimpDataCentre(apiKey: string): string | undefined {
  const suffix = apiKey.slice(apiKey.lastIndexOf("-") + 1)
  // Checked, since it becomes part of a host name.
  return apiKey.includes("-") && /^[a-z]{2,}[0-9]+$/.test(suffix) ? suffix : undefined
}

// Refused for good, and so not a retry ("unavailable") nor a success (no e-mail would come):
// "Member In Compliance State" is an address that unsubscribed, bounced or complained, and
// "Forgotten Email Not Subscribed" one deleted for good; Mailchimp takes them back only through
// its own hosted form. Logged, without the address, for whoever looks after the list.
const refusedTitles = new Set(["Member In Compliance State", "Forgotten Email Not Subscribed"])

export function mailchimpList(options: MailchimpOptions): MailingList {
  const { post, unavailable } = providerRequests("Mailchimp", options)
  if (options.audienceId === "") throw new Error("The Mailchimp audience ID is empty.")
  let base = options.baseUrl
  if (base === undefined) {
    const dc = mailchimpDataCentre(options.apiKey)
    if (dc === undefined) {
      throw new Error('The Mailchimp API key does not end in its data centre (such as "-us21").')
    }
    base = `https://${dc}.api.mailchimp.com`
  }
  const endpoint = `${base.replace(/\/+$/, "")}/3.0/lists/${encodeURIComponent(options.audienceId)}/members`
  let authorization: string
  try {
    // Basic auth: any user name, the key as the password.
    authorization = `Basic ${btoa(`evergrace:${options.apiKey}`)}`
  } catch {
    throw new Error("The Mailchimp API key has characters no API key has.")
  }
  const headers = {
    Authorization: authorization,
    "Content-Type": "application/json",
    Accept: "application/json",
  }

  return {
    name: "Mailchimp",
    async subscribe(address) {
      const answer = await post(endpoint, headers, { email_address: address, status: "pending" })
      if ("failed" in answer) return answer.failed
      const { status, text } = answer

      if (status >= 200 && status < 300) return "joined"
      // Errors are RFC 7807 problems: `title` names the case; `detail` quotes the address, so it
      // is read here and never logged.
      const problem = parseJson(text)
      const title = safeTitle(isRecord(problem) ? problem.title : undefined)
      const detail = isRecord(problem) && typeof problem.detail === "string" ? problem.detail : ""
      if (status === 400 && title !== undefined) {
        if (title === "Member Exists") return "already-member"
        if (refusedTitles.has(title)) {
          console.warn(`Mailchimp: refused a sign-up (${title})`)
          return "invalid-address"
        }
        // "Invalid Resource" covers a fake or malformed address, but also one that signed up to
        // many lists lately (Mailchimp's own throttle: try later) and missing required merge
        // fields (the audience's configuration), so the detail tells them apart.
        if (title === "Invalid Resource" && /fake or invalid|valid email address/i.test(detail)) {
          return "invalid-address"
        }
        if (title === "Invalid Resource" && /a lot of lists/i.test(detail)) {
          return unavailable("status 400, Invalid Resource: the address signed up too often lately")
        }
      }
      if (status === 401 || status === 403 || status === 404) {
        // Bad or revoked key, wrong data centre, or no such audience.
        return unavailable(`status ${status}: configuration, check the API key and audience ID`)
      }
      // 429 (too many connections), 5xx, or anything unforeseen.
      return unavailable(title === undefined ? `status ${status}` : `status ${status}, ${title}`)
    },
  }
}

/** A problem's title, kept only if it cannot carry an address. */
function safeTitle(value: unknown): string | undefined {
  return typeof value === "string" && /^[A-Za-z ]{1,64}$/.test(value) ? value : undefined
}
