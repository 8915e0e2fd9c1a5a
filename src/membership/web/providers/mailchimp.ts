/**
 * Mailchimp as the mailing list, with its "Add or update list member" call (Marketing API 3.0):
 * `PUT /3.0/lists/{audienceId}/members/{subscriber_hash}`, the hash being the MD5 of the lowercased
 * address. A new address is added as `status_if_new: "pending"`, so Mailchimp sends its opt-in
 * confirmation; an existing member is left as she is, and her status comes back in the answer:
 * - "subscribed": already a member, nothing is sent;
 * - "pending": still waiting for her confirmation (or new just now: the answer cannot tell), and
 *   the e-mail already sent stays valid;
 * - a former member ("unsubscribed", "cleaned", "archived") or a contact who never opted in
 *   ("transactional"): a second PUT sets `status: "pending"`, and Mailchimp sends the confirmation
 *   again. A POST (add member) answered such a visitor "Member Exists", and she heard nothing.
 * A leave forwarded from an e-mail the embedded store sent is the same PUT, to "unsubscribed", for
 * a confirmed member (an address Mailchimp never had is added so, and is never e-mailed); for
 * anyone else a `PATCH` of her status, which changes only a member Mailchimp has (a 404 else) and
 * sends her hash, never her address.
 * Errors as https://mailchimp.com/developer/marketing/docs/errors/ describes them. Web-standard
 * APIs only, so the same code runs in Node and in a Cloudflare Pages Function.
 */
import type { MailingList, SubscribeResult } from "../mailingList"
import { isRecord, parseJson } from "../../../utils/json"
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
// "Member In Compliance State" is an address that unsubscribed, bounced or complained and that
// Mailchimp will not take back this way, and "Forgotten Email Not Subscribed" one deleted for
// good; Mailchimp takes them back only through its own hosted form. Logged, without the address,
// for whoever looks after the list.
const refusedTitles = new Set(["Member In Compliance State", "Forgotten Email Not Subscribed"])

// Statuses of a member who is not on the list now, and who asks to be again by signing up.
const formerStatuses = new Set(["unsubscribed", "cleaned", "archived", "transactional"])

/** "Invalid Resource" for the address itself, which Mailchimp finds fake or malformed. */
const fakeOrInvalid = (title: string | undefined, detail: string) =>
  title === "Invalid Resource" && /fake or invalid|valid email address/i.test(detail)

export function mailchimpList(options: MailchimpOptions): MailingList {
  const { request, unavailable } = providerRequests("Mailchimp", options)
  if (options.audienceId === "") throw new Error("The Mailchimp audience ID is empty.")
  let base = options.baseUrl
  if (base === undefined) {
    const dc = mailchimpDataCentre(options.apiKey)
    if (dc === undefined) {
      throw new Error('The Mailchimp API key does not end in its data centre (such as "-us21").')
    }
    base = `https://${dc}.api.mailchimp.com`
  }
  const audience = `${base.replace(/\/+$/, "")}/3.0/lists/${encodeURIComponent(options.audienceId)}`
  const members = `${audience}/members`
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

  /** One PUT: the member's status after it, or the sign-up's result when it failed. */
  async function addOrUpdate(
    address: string,
    body: Record<string, string>,
  ): Promise<{ status: string | undefined } | { result: SubscribeResult }> {
    const answer = await request("PUT", `${members}/${subscriberHash(address)}`, headers, {
      email_address: address,
      ...body,
    })
    if ("failed" in answer) return { result: answer.failed }
    const { status, text } = answer
    const parsed = parseJson(text)
    if (status >= 200 && status < 300) {
      const member = isRecord(parsed) ? parsed.status : undefined
      return { status: typeof member === "string" ? member : undefined }
    }
    return { result: problemResult(status, parsed) }
  }

  /** What an error answer means for the sign-up. */
  function problemResult(status: number, problem: unknown): SubscribeResult {
    const { title, detail } = problemOf(problem)
    if (status === 400 && title !== undefined) {
      if (refusedTitles.has(title)) {
        console.warn(`Mailchimp: refused a sign-up (${title})`)
        return "invalid-address"
      }
      // "Invalid Resource" covers a fake or malformed address, but also one that signed up to
      // many lists lately (Mailchimp's own throttle: try later) and missing required merge
      // fields (the audience's configuration), so the detail tells them apart.
      if (fakeOrInvalid(title, detail)) return "invalid-address"
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
  }

  return {
    name: "Mailchimp",
    async subscribe(address) {
      // Changes nothing for a member already there: only a new address takes `status_if_new`.
      const first = await addOrUpdate(address, { status_if_new: "pending" })
      if ("result" in first) return first.result
      if (first.status === "subscribed") return "already-member"
      if (first.status === undefined || !formerStatuses.has(first.status)) return "joined"

      // She left (or bounced, or was archived) and asks again: pending once more, so that
      // Mailchimp sends the confirmation and she is on the list only once she confirms.
      const again = await addOrUpdate(address, { status_if_new: "pending", status: "pending" })
      if ("result" in again) return again.result
      if (again.status !== undefined && again.status !== "pending") {
        // Taken without an error, yet left as it was: no confirmation will come.
        console.warn(
          `Mailchimp: refused a sign-up (a former member stayed ${safeTitle(again.status) ?? "as she was"})`,
        )
        return "invalid-address"
      }
      return "joined"
    },

    async unsubscribe(address, { suppress = false } = {}) {
      const unsubscribed = suppress
        ? { email_address: address, status_if_new: "unsubscribed", status: "unsubscribed" }
        : { status: "unsubscribed" }
      const answer = await request(
        suppress ? "PUT" : "PATCH",
        `${members}/${subscriberHash(address)}`,
        headers,
        unsubscribed,
        "leave",
      )
      if ("failed" in answer) return answer.failed
      if (answer.status >= 200 && answer.status < 300) return "left"
      // Not in the audience: off it all the same; unless the audience is what is missing (a
      // wrong MAILCHIMP_AUDIENCE_ID answers the same 404), which one more request tells.
      if (!suppress && answer.status === 404) {
        const list = await request("GET", audience, headers, undefined, "leave")
        if ("failed" in list) return list.failed
        if (list.status >= 200 && list.status < 300) return "left"
        return unavailable(
          `status ${list.status}: configuration, check the API key and audience ID`,
          "leave",
        )
      }
      const { title, detail } = problemOf(parseJson(answer.text))
      // Unsubscribed or bounced already, deleted for good, or an address Mailchimp would never
      // have taken: off its list all the same.
      const offAlready =
        (title !== undefined && refusedTitles.has(title)) || fakeOrInvalid(title, detail)
      if (answer.status === 400 && offAlready) return "left"
      return unavailable(
        title === undefined ? `status ${answer.status}` : `status ${answer.status}, ${title}`,
        "leave",
      )
    },
  }
}

/**
 * An error's words: Mailchimp's errors are RFC 7807 problems, whose `title` names the case and
 * whose `detail` quotes the address, so the detail is read here and never logged.
 */
function problemOf(problem: unknown): { title: string | undefined; detail: string } {
  return {
    title: safeTitle(isRecord(problem) ? problem.title : undefined),
    detail: isRecord(problem) && typeof problem.detail === "string" ? problem.detail : "",
  }
}

/** A problem's title, kept only if it cannot carry an address. */
function safeTitle(value: unknown): string | undefined {
  return typeof value === "string" && /^[A-Za-z ]{1,64}$/.test(value) ? value : undefined
}

/** Mailchimp's name for a member in its URLs: the MD5 of her lowercased address, in hex. */
export function subscriberHash(address: string): string {
  return md5Hex(address.toLowerCase())
}

// MD5 (RFC 1321), written here because the endpoint also runs on workerd: Web Crypto has no MD5,
// the linter keeps node:crypto out of every web/ folder, and no small pure-JS MD5 is among the
// dependencies. Only ever used for Mailchimp's member URLs, never for anything secret.
// prettier-ignore
const md5Sines = [
  0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
  0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
  0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
  0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
  0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
  0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
  0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
  0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
]
const md5Shifts = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]

/** The MD5 of a text's UTF-8 bytes, as 32 lowercase hex digits. */
export function md5Hex(text: string): string {
  const bytes = new TextEncoder().encode(text)
  // The message, a 1 bit, zeros, then its length in bits as 64 bits, low word first: a whole
  // number of 64-byte blocks, read as little-endian 32-bit words.
  const padded = new Uint8Array((((bytes.length + 8) >>> 6) + 1) * 64)
  padded.set(bytes)
  padded[bytes.length] = 0x80
  const message = new DataView(padded.buffer)
  message.setUint32(padded.length - 8, (bytes.length * 8) >>> 0, true)
  message.setUint32(padded.length - 4, Math.floor(bytes.length / 0x20000000), true)

  let h0 = 0x67452301
  let h1 = 0xefcdab89
  let h2 = 0x98badcfe
  let h3 = 0x10325476
  for (let block = 0; block < padded.length; block += 64) {
    let [a, b, c, d] = [h0, h1, h2, h3]
    for (let i = 0; i < 64; i += 1) {
      const round = i >>> 4
      let f: number
      let g: number
      if (round === 0) [f, g] = [(b & c) | (~b & d), i]
      else if (round === 1) [f, g] = [(d & b) | (~d & c), (5 * i + 1) % 16]
      else if (round === 2) [f, g] = [b ^ c ^ d, (3 * i + 5) % 16]
      else [f, g] = [c ^ (b | ~d), (7 * i) % 16]
      const sum = (a + f + (md5Sines[i] ?? 0) + message.getUint32(block + g * 4, true)) | 0
      const shift = md5Shifts[round * 4 + (i % 4)] ?? 0
      ;[a, d, c] = [d, c, b]
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0
    }
    h0 = (h0 + a) | 0
    h1 = (h1 + b) | 0
    h2 = (h2 + c) | 0
    h3 = (h3 + d) | 0
  }
  const digest = new DataView(new ArrayBuffer(16))
  ;[h0, h1, h2, h3].forEach((word, i) => digest.setUint32(i * 4, word, true))
  return Array.from(new Uint8Array(digest.buffer), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("")
}
