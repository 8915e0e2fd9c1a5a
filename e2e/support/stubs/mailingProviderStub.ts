/**
 * A local stand-in for the two mailing providers' subscribe endpoints, answering with the
 * statuses and bodies their documentation gives:
 * - Buttondown `POST /v1/subscribers` (https://docs.buttondown.com/api-subscribers-create,
 *   /api-error-codes, /api-rate-limits): `Authorization: Token <key>`, 201 with the subscriber,
 *   400 `{ code, detail, metadata }`, 422 `{ detail: [...] }` for a body that fails the schema;
 *   and `PATCH /v1/subscribers/{email}` (/api-subscribers-update) for her `type`, 404 for an
 *   address it does not have;
 * - Mailchimp `POST /3.0/lists/{id}/members` (add), `PUT /3.0/lists/{id}/members/{hash}` (add
 *   or update; the hash is the MD5 of the lowercased address, `status_if_new` applies only to a
 *   new member, `status` changes an existing one), `PATCH` there (update only: 404 for an
 *   address the audience does not have; it knows by hash only the addresses a request named
 *   before, so a tag acts on a PATCH only then) and `GET /3.0/lists/{id}` (the audience): HTTP Basic auth with the key as password, 200
 *   with the member, errors as problem documents `{ type, title, status, detail, instance }`
 *   (https://mailchimp.com/developer/marketing/docs/errors/). A member who becomes "pending"
 *   (new, or from another status) is sent the opt-in confirmation, listed in `optIns`; one who is
 *   pending already is not sent another.
 *
 * What it answers is chosen by the address's tag (the local part's "+tag"), so tests running at
 * the same time can share one stub: +exists (already a member), +invalid (the provider's invalid
 * address), +refused (refused for good: Buttondown's firewall, Mailchimp's compliance state),
 * +dailylimit (Buttondown's daily creation limit, Mailchimp's "signed up to a lot of lists"),
 * +ratelimited (429), +down (5xx), +slow (answers after 30 s); any other address is created, and
 * the same address again is already a member. Mailchimp only: +pending, +unsubscribed, +cleaned,
 * +archived and +transactional are on the list already with that status (+exists: "subscribed").
 *
 * On its own, for manual tries and browser tests:
 *   npx tsx e2e/support/stubs/mailingProviderStub.ts [port]
 */
import { createHash, randomUUID } from "node:crypto"
import http from "node:http"
import type { AddressInfo, Socket } from "node:net"
import { runStub } from "./runStub"
import { isRecord, parseJson } from "../../../src/utils/json"

export const stubButtondownApiKey = "stub-buttondown-key"
export const stubMailchimpApiKey = "stubmailchimpkey0123456789abcdef-us21"
export const stubMailchimpAudienceId = "stubaudience"
export const slowAnswerMs = 30_000

export type StubProvider = "buttondown" | "mailchimp"

export interface StubRequest {
  provider: StubProvider
  method: string
  /** The URL's path, such as /3.0/lists/{id}/members/{hash}. */
  path: string
  /** As sent, or "" when the body had none. */
  address: string
  /** The HTTP status the stub answered; 0 while a +slow request still waits. */
  status: number
  /** The JSON body as received (undefined when it was not JSON). */
  body: unknown
  headers: http.IncomingHttpHeaders
}

export interface MailingProviderStub {
  url: string
  received: StubRequest[]
  /** The addresses Mailchimp's opt-in confirmation was sent to, once each time it was sent. */
  optIns: string[]
  /** Her status (Mailchimp) or type (Buttondown) on the provider's list; undefined if not on it. */
  statusOf(provider: StubProvider, address: string): string | undefined
  close(): Promise<void>
}

export interface MailingProviderStubOptions {
  /** 0 (the default) picks a free port. */
  port?: number
}

// The address patterns each provider documents: Buttondown's OpenAPI schema, and (as an
// approximation of Mailchimp's check) a domain with a dot and a letters-only last label.
const buttondownAddressPattern = /^[a-zA-Z0-9._%+\-!]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/
const mailchimpAddressPattern = /^[^\s@]+@[^\s@]+\.[a-zA-Z]{2,}$/
const mailchimpStatuses = new Set([
  "subscribed",
  "unsubscribed",
  "cleaned",
  "pending",
  "transactional",
  "archived",
])
// The types a caller may set (https://docs.buttondown.com/api-subscribers-type).
const buttondownSettableTypes = new Set(["regular", "unsubscribed", "gifted", "unpaid"])
const mailchimpProblemType = "https://mailchimp.com/developer/marketing/docs/errors/"

export async function startMailingProviderStub(
  options: MailingProviderStubOptions = {},
): Promise<MailingProviderStub> {
  const received: StubRequest[] = []
  // Buttondown's subscribers by lowercased address, with their type.
  const buttondownMembers = new Map<string, string>()
  // Mailchimp's members by lowercased address, with their status.
  const mailchimpMembers = new Map<string, string>()
  const optIns: string[] = []
  const sockets = new Set<Socket>()
  const timers = new Set<NodeJS.Timeout>()
  let secondaryId = 0

  const server = http.createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) send(response, 500, "text/plain", "stub error")
    })
  })
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const path = new URL(request.url ?? "/", "http://stub").pathname
    // Mailchimp's "Get list info": 200 for the audience, the 404 of a missing resource else.
    const audience = /^\/3\.0\/lists\/([^/]+)\/?$/.exec(path)
    if (audience && request.method === "GET") {
      const id = decodeURIComponent(audience[1] ?? "")
      const status = !mailchimpKeyIn(request.headers.authorization)
        ? 401
        : id === stubMailchimpAudienceId
          ? 200
          : 404
      const { headers } = request
      received.push({
        provider: "mailchimp",
        method: "GET",
        path,
        address: "",
        status,
        body: undefined,
        headers,
      })
      const title = status === 401 ? "API Key Invalid" : "Resource Not Found"
      const problem = {
        type: mailchimpProblemType,
        title,
        status,
        detail: "The requested resource could not be found.",
      }
      send(
        response,
        status,
        "application/json",
        status === 200 ? { id, name: "Evergrace Society" } : problem,
      )
      return
    }
    const mailchimpPath = /^\/3\.0\/lists\/([^/]+)\/members(?:\/([^/]+))?\/?$/.exec(path)
    const buttondownPath = /^\/v1\/subscribers(?:\/([^/]+))?\/?$/.exec(path)
    const provider: StubProvider | undefined = buttondownPath
      ? "buttondown"
      : mailchimpPath
        ? "mailchimp"
        : undefined
    if (provider === undefined) {
      send(response, 404, "application/json", { detail: "Not Found" })
      return
    }
    // One member's address takes PUT on Mailchimp (add or update) and PATCH on Buttondown
    // (update); the list's, POST (add).
    const member = mailchimpPath?.[2] ?? buttondownPath?.[1]
    const methods =
      member === undefined ? ["POST"] : provider === "mailchimp" ? ["PUT", "PATCH"] : ["PATCH"]
    if (!methods.includes(request.method ?? "")) {
      response.setHeader("Allow", methods.join(", "))
      send(response, 405, "application/json", { detail: "Method Not Allowed" })
      return
    }
    const raw = await readBody(request)
    const body = parseJson(raw)
    const record: StubRequest = {
      provider,
      method: request.method ?? "",
      path,
      // Buttondown's PATCH names her in its path.
      address:
        isRecord(body) && typeof body.email_address === "string"
          ? body.email_address
          : provider === "buttondown" && member !== undefined
            ? decodeURIComponent(member)
            : "",
      status: 0,
      body,
      headers: request.headers,
    }
    received.push(record)
    const answer: Answer = (status, contentType, payload, headers = {}) => {
      record.status = status
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value)
      send(response, status, contentType, payload)
    }
    const audienceId = decodeURIComponent(mailchimpPath?.[1] ?? "")
    const hash = mailchimpPath?.[2] === undefined ? undefined : decodeURIComponent(mailchimpPath[2])
    const call: Call = { request, response, body, address: record.address, answer }
    if (provider === "mailchimp") mailchimp(call, audienceId, hash)
    else if (member !== undefined) buttondownUpdate(call)
    else buttondown(call)
  }

  /**
   * What both of Buttondown's calls answer before they look at the subscriber: a wrong key, and
   * the tags that stand for its rate limit, a server error and a slow answer. True once answered.
   */
  function buttondownTrouble(
    { request, response, address, answer }: Call,
    slowAnswer: () => unknown,
  ): boolean {
    const json = "application/json"
    if (request.headers.authorization !== `Token ${stubButtondownApiKey}`) {
      answer(401, json, { detail: "Invalid or missing API key." })
      return true
    }
    switch (tagOf(address)) {
      case "ratelimited":
        answer(429, json, { detail: "Request was throttled." }, { "Retry-After": "60" })
        return true
      case "down":
        answer(500, "text/html", "<h1>Server Error (500)</h1>")
        return true
      case "slow":
        later(response, () => answer(request.method === "POST" ? 201 : 200, json, slowAnswer()))
        return true
    }
    return false
  }

  function buttondown(call: Call) {
    const { body, address, answer } = call
    const json = "application/json"
    const created = () => subscriber(address, isRecord(body) ? body : {})
    if (buttondownTrouble(call, created)) return
    if (!isRecord(body) || typeof body.email_address !== "string") {
      answer(422, json, {
        detail: [
          { type: "missing", loc: ["body", "payload", "email_address"], msg: "Field required" },
        ],
      })
      return
    }
    if (address.length > 254 || !buttondownAddressPattern.test(address)) {
      answer(422, json, {
        detail: [
          {
            type: "string_pattern_mismatch",
            loc: ["body", "payload", "email_address"],
            msg: "String should match pattern",
          },
        ],
      })
      return
    }
    const error = (code: string, detail: string, metadata: Record<string, string> = {}) =>
      answer(400, json, { code, detail, metadata })
    switch (tagOf(address)) {
      case "exists":
        error("email_already_exists", "A subscriber with this email address already exists.", {
          subscriber_id: randomUUID(),
        })
        return
      case "invalid":
        error("email_invalid", "The email address provided is not valid.", {
          field: "email_address",
        })
        return
      case "refused":
        error("subscriber_blocked", "This subscriber was blocked by the newsletter's firewall.")
        return
      case "dailylimit":
        error(
          "rate_limited",
          "You have reached the daily limit for creating subscribers; use POST /v1/imports to add subscribers in bulk.",
        )
        return
    }
    const key = address.toLowerCase()
    if (buttondownMembers.has(key)) {
      error("email_already_exists", "A subscriber with this email address already exists.")
      return
    }
    const made = created()
    buttondownMembers.set(key, made.type)
    answer(201, json, made)
  }

  /** PATCH /v1/subscribers/{email}: only the change of `type` a leave sends is modelled. */
  function buttondownUpdate(call: Call) {
    const { body, address, answer } = call
    const json = "application/json"
    const type = isRecord(body) ? body.type : undefined
    if (buttondownTrouble(call, () => ({ email_address: address, type }))) return
    if (type !== undefined && !buttondownSettableTypes.has(String(type))) {
      answer(400, json, {
        code: "subscriber_type_invalid",
        detail: "The subscriber type provided is not valid.",
        metadata: {},
      })
      return
    }
    const key = address.toLowerCase()
    if (!buttondownMembers.has(key)) {
      answer(404, json, { detail: "Not found." })
      return
    }
    if (typeof type === "string") buttondownMembers.set(key, type)
    answer(200, json, { email_address: address, type: buttondownMembers.get(key) })
  }

  function subscriber(address: string, body: Record<string, unknown>) {
    secondaryId += 1
    const utm = { utm_campaign: "", utm_medium: "", utm_source: "" }
    return {
      id: randomUUID(),
      creation_date: new Date().toISOString(),
      email_address: address,
      metadata: {},
      notes: "",
      referral_code: randomUUID().slice(0, 8),
      referrer_url: "",
      secondary_id: secondaryId,
      source: "api",
      tags: [],
      transitions: [],
      // With double opt-in on, a subscriber waits "unactivated" until it is confirmed, unless the
      // caller asked for "regular".
      type: body.type === "regular" ? "regular" : "unactivated",
      ...utm,
    }
  }

  function mailchimp(
    { request, response, body, address, answer }: Call,
    audienceId: string,
    /** The member's hash from a PUT's or a PATCH's path; undefined for a POST. */
    hash: string | undefined,
  ) {
    const problem = (
      status: number,
      title: string,
      detail: string,
      extra: Record<string, unknown> = {},
      headers: Record<string, string> = {},
    ) =>
      answer(
        status,
        "application/problem+json; charset=utf-8",
        { type: mailchimpProblemType, title, status, detail, instance: randomUUID(), ...extra },
        headers,
      )
    const authorization = request.headers.authorization
    if (authorization === undefined) {
      problem(401, "API Key Missing", "Your request did not include an API key.")
      return
    }
    if (!mailchimpKeyIn(authorization)) {
      problem(
        401,
        "API Key Invalid",
        "Your API key may be invalid, or you've attempted to access the wrong datacenter.",
      )
      return
    }
    if (audienceId !== stubMailchimpAudienceId) {
      problem(404, "Resource Not Found", "The requested resource could not be found.")
      return
    }
    if (body === undefined) {
      problem(400, "JSON Parse Error", "We encountered an unspecified JSON parsing error.")
      return
    }
    if (request.method === "PATCH") {
      // Update list member: by her hash alone; an address the audience does not have is a 404.
      const key = [...mailchimpMembers.keys()].find((each) => md5(each) === hash)
      const status = isRecord(body) ? body.status : undefined
      if (status !== undefined && !mailchimpStatuses.has(String(status))) {
        problem(400, "Invalid Resource", "Schema describes enum, but input is not valid.")
      } else if (key === undefined) {
        problem(404, "Resource Not Found", "The requested resource could not be found.")
      } else if (tagOf(key) === "down") {
        problem(503, "Service Unavailable", "The service is temporarily unavailable.")
      } else {
        if (typeof status === "string") mailchimpMembers.set(key, status)
        answer(200, "application/json", member(key, mailchimpMembers.get(key) ?? "", audienceId))
      }
      return
    }
    const errors: { field: string; message: string }[] = []
    if (!isRecord(body) || typeof body.email_address !== "string") {
      errors.push({ field: "email_address", message: "This value should not be blank." })
    }
    // A POST needs `status`; a PUT may leave it out, and `status_if_new` is checked below.
    for (const field of hash === undefined ? ["status"] : ["status", "status_if_new"]) {
      const value = isRecord(body) ? body[field] : undefined
      if (hash !== undefined && value === undefined) continue
      if (typeof value !== "string" || !mailchimpStatuses.has(value)) {
        errors.push({ field, message: "Schema describes enum, but input is not valid." })
      }
    }
    if (!isRecord(body) || errors.length > 0) {
      problem(
        400,
        "Invalid Resource",
        "The resource submitted could not be validated. For field-specific details, see the 'errors' array.",
        { errors },
      )
      return
    }
    if (!mailchimpAddressPattern.test(address)) {
      problem(400, "Invalid Resource", "Please provide a valid email address.")
      return
    }
    const key = address.toLowerCase()
    if (hash !== undefined && hash !== md5(key)) {
      problem(
        400,
        "Invalid Resource",
        "The subscriber hash in the URL does not match the email address.",
      )
      return
    }
    const tag = tagOf(address)
    const seeded = tag === "exists" ? "subscribed" : tag
    // A tag that names a status puts the address on the list with it the first time it is seen.
    if (seeded !== undefined && mailchimpStatuses.has(seeded) && !mailchimpMembers.has(key)) {
      mailchimpMembers.set(key, seeded)
    }
    switch (tag) {
      case "invalid":
        problem(
          400,
          "Invalid Resource",
          `${address} looks fake or invalid, please enter a real email address.`,
        )
        return
      case "refused":
        problem(
          400,
          "Member In Compliance State",
          `${address} is in a compliance state due to unsubscribe, bounce, or compliance review and cannot be subscribed.`,
        )
        return
      case "dailylimit":
        problem(
          400,
          "Invalid Resource",
          `${address} has signed up to a lot of lists very recently; we're not allowing more signups for now`,
        )
        return
      case "ratelimited":
        problem(
          429,
          "Too Many Requests",
          "You have exceeded the limit of 10 simultaneous connections.",
          {},
          {
            "Retry-After": "10",
          },
        )
        return
      case "down":
        problem(503, "Service Unavailable", "The service is temporarily unavailable.")
        return
      case "slow":
        later(response, () =>
          answer(200, "application/json", member(address, "pending", audienceId)),
        )
        return
    }
    const before = mailchimpMembers.get(key)
    let after: string
    if (hash === undefined) {
      // POST: add only.
      if (before !== undefined) {
        problem(400, "Member Exists", memberExists(address))
        return
      }
      after = String(body.status)
    } else if (before === undefined) {
      if (typeof body.status_if_new !== "string") {
        problem(
          400,
          "Invalid Resource",
          "The resource submitted could not be validated. For field-specific details, see the 'errors' array.",
          { errors: [{ field: "status_if_new", message: "This value should not be blank." }] },
        )
        return
      }
      after = body.status_if_new
    } else {
      // PUT on a member: `status` changes hers, if given; nothing else does.
      after = typeof body.status === "string" ? body.status : before
    }
    mailchimpMembers.set(key, after)
    if (after === "pending" && before !== "pending") optIns.push(address)
    answer(200, "application/json", member(address, after, audienceId))
  }

  function later(response: http.ServerResponse, answer: () => void) {
    const timer = setTimeout(() => {
      timers.delete(timer)
      answer()
    }, slowAnswerMs)
    timer.unref()
    timers.add(timer)
    // The caller gave up (its timeout): nothing left to answer.
    response.on("close", () => {
      clearTimeout(timer)
      timers.delete(timer)
    })
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve())
  })
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    optIns,
    statusOf: (provider, address) =>
      (provider === "mailchimp" ? mailchimpMembers : buttondownMembers).get(address.toLowerCase()),
    close() {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      // A +slow request holds its socket open: without this, close() would wait 30 s for it.
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      )
    },
  }
}

/** Whether HTTP Basic credentials carry the stub's Mailchimp key as their password. */
function mailchimpKeyIn(authorization: string | undefined): boolean {
  const encoded = /^Basic (.+)$/.exec(authorization ?? "")?.[1] ?? ""
  const credentials = Buffer.from(encoded, "base64").toString("utf8")
  return credentials.slice(credentials.indexOf(":") + 1) === stubMailchimpApiKey
}

/** One request to a provider, as each of its handlers below reads it and answers it. */
interface Call {
  request: http.IncomingMessage
  response: http.ServerResponse
  body: unknown
  /** Her address: the body's, or Buttondown's path's. */
  address: string
  answer: Answer
}

type Answer = (
  status: number,
  contentType: string,
  payload: unknown,
  headers?: Record<string, string>,
) => void

function memberExists(address: string): string {
  return `${address} is already a list member. Use PUT to insert or update list members.`
}

function md5(text: string): string {
  return createHash("md5").update(text).digest("hex")
}

function member(address: string, status: string, audienceId: string) {
  return {
    id: md5(address.toLowerCase()),
    email_address: address,
    unique_email_id: randomUUID().replace(/-/g, "").slice(0, 10),
    email_type: "html",
    status,
    merge_fields: {},
    ip_signup: "",
    timestamp_signup: "",
    ip_opt: "",
    timestamp_opt: "",
    member_rating: 2,
    last_changed: new Date().toISOString(),
    language: "",
    vip: false,
    source: "API - Generic",
    tags_count: 0,
    tags: [],
    list_id: audienceId,
  }
}

/** "ann+exists@example.com" → "exists". */
function tagOf(address: string): string | undefined {
  return /\+([a-z]+)@[^@]*$/i.exec(address)?.[1]?.toLowerCase()
}

function send(
  response: http.ServerResponse,
  status: number,
  contentType: string,
  payload: unknown,
) {
  const text = typeof payload === "string" ? payload : JSON.stringify(payload)
  response.writeHead(status, {
    "Content-Type": contentType,
    "Content-Length": Buffer.byteLength(text),
  })
  response.end(text)
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > 65_536) throw new Error("body too large")
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString("utf8")
}

// Run on its own (tsx runs this file as CommonJS, as the package has no "type": "module").
if (typeof require !== "undefined" && require.main === module) {
  const port = Number(process.argv[2] ?? 0)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error("Usage: npx tsx e2e/support/stubs/mailingProviderStub.ts [port]")
    process.exit(2)
  }
  runStub(
    () => startMailingProviderStub({ port }),
    (stub) => [
      `Mailing provider stub listening on ${stub.url}`,
      `  Buttondown: BUTTONDOWN_API_URL=${stub.url} BUTTONDOWN_API_KEY=${stubButtondownApiKey}`,
      `  Mailchimp:  MAILCHIMP_API_URL=${stub.url} MAILCHIMP_API_KEY=${stubMailchimpApiKey} ` +
        `MAILCHIMP_AUDIENCE_ID=${stubMailchimpAudienceId}`,
      "  Tags: +exists +invalid +refused +dailylimit +ratelimited +down +slow",
      "  Mailchimp only: +pending +unsubscribed +cleaned +archived +transactional",
    ],
  )
}
