/** @jest-environment node */
import { createHash } from "node:crypto"
import http from "node:http"
import type { AddressInfo } from "node:net"
import {
  startMailingProviderStub,
  stubButtondownApiKey,
  stubMailchimpApiKey,
  stubMailchimpAudienceId,
  type MailingProviderStub,
  type StubProvider,
} from "../e2e/support/stubs/mailingProviderStub"
import type { MailingList } from "../src/membership/web/mailingList"
import { buttondownApiVersion, buttondownList } from "../src/membership/web/providers/buttondown"
import { mailingListFromEnv, signupEnvVariables } from "../src/membership/web/providers/fromEnv"
import { mailchimpList, md5Hex, subscriberHash } from "../src/membership/web/providers/mailchimp"

// The adapters run over real HTTP against the stub, which answers as each provider documents.
let stub: MailingProviderStub
beforeAll(async () => {
  stub = await startMailingProviderStub()
})
afterAll(() => stub.close())

// Every test's console.error and console.warn lines are checked for the addresses it signed up
// and for every key: none may show up, in any form.
const secrets = [
  stubButtondownApiKey,
  stubMailchimpApiKey,
  Buffer.from(`evergrace:${stubMailchimpApiKey}`).toString("base64"),
  "secret-key-that-must-not-leak",
]
let errorSpy: jest.SpyInstance
let warnSpy: jest.SpyInstance
let stems: string[]
beforeEach(() => {
  errorSpy = jest.spyOn(console, "error").mockImplementation(() => {})
  warnSpy = jest.spyOn(console, "warn").mockImplementation(() => {})
  stems = []
})
afterEach(() => {
  const logged = [...errorSpy.mock.calls, ...warnSpy.mock.calls].map((args) =>
    args.map(String).join(" ").toLowerCase(),
  )
  errorSpy.mockRestore()
  warnSpy.mockRestore()
  for (const line of logged) {
    for (const secret of [...secrets, ...stems]) expect(line).not.toContain(secret.toLowerCase())
  }
})

let counter = 0
/** A fresh address with an optional tag; its unique stem is remembered for the log check. */
function address(tag?: string, domain = "example.com"): string {
  counter += 1
  const stem = `visitor${counter}x${Math.random().toString(36).slice(2, 8)}`
  stems.push(stem)
  return `${stem}${tag === undefined ? "" : `+${tag}`}@${domain}`
}

function receivedFor(provider: StubProvider, sent: string) {
  return stub.received.filter(
    (request) => request.provider === provider && request.address === sent,
  )
}

interface Case {
  provider: StubProvider
  name: string
  list(options?: { apiKey?: string; timeoutMs?: number; audienceId?: string }): MailingList
}

const cases: Case[] = [
  {
    provider: "buttondown",
    name: "Buttondown",
    list: (options = {}) =>
      buttondownList({
        apiKey: options.apiKey ?? stubButtondownApiKey,
        baseUrl: stub.url,
        timeoutMs: options.timeoutMs,
      }),
  },
  {
    provider: "mailchimp",
    name: "Mailchimp",
    list: (options = {}) =>
      mailchimpList({
        apiKey: options.apiKey ?? stubMailchimpApiKey,
        audienceId: options.audienceId ?? stubMailchimpAudienceId,
        baseUrl: stub.url,
        timeoutMs: options.timeoutMs,
      }),
  },
]

describe.each(cases)("$name over HTTP", ({ provider, name, list }) => {
  it("joins a new address, asking the provider for its double opt-in", async () => {
    const sent = address()
    await expect(list().subscribe(sent)).resolves.toBe("joined")
    const [request, ...more] = receivedFor(provider, sent)
    expect(more).toEqual([])
    if (provider === "buttondown") {
      expect(request).toMatchObject({ status: 201 })
      // Nothing but the address: a `type` of "regular" would skip the confirmation e-mail.
      expect(request?.body).toEqual({ email_address: sent })
      expect(request?.headers.authorization).toBe(`Token ${stubButtondownApiKey}`)
      expect(request?.headers["x-api-version"]).toBe(buttondownApiVersion)
    } else {
      // Add or update, at her hash: a new address is pending, and Mailchimp sends its opt-in.
      expect(request).toMatchObject({
        status: 200,
        method: "PUT",
        path: `/3.0/lists/${stubMailchimpAudienceId}/members/${md5(sent.toLowerCase())}`,
      })
      expect(request?.body).toEqual({ email_address: sent, status_if_new: "pending" })
      expect(stub.optIns.filter((to) => to === sent)).toHaveLength(1)
      const [scheme, encoded] = (request?.headers.authorization ?? "").split(" ")
      expect(scheme).toBe("Basic")
      const credentials = Buffer.from(encoded ?? "", "base64").toString("utf8")
      expect(credentials.slice(credentials.indexOf(":") + 1)).toBe(stubMailchimpApiKey)
    }
    expect(request?.headers["content-type"]).toBe("application/json")
    expect(errorSpy).not.toHaveBeenCalled()
  })

  it("names itself for the logs and docs/signups.md", () => {
    expect(list().name).toBe(name)
  })

  it("takes the same address twice, whatever its case, as one member", async () => {
    const sent = address()
    await expect(list().subscribe(sent)).resolves.toBe("joined")
    // Buttondown says she exists; to Mailchimp she is still pending her confirmation, which
    // stands (see "Mailchimp: who signs up again").
    await expect(list().subscribe(sent.toUpperCase())).resolves.toBe(
      provider === "buttondown" ? "already-member" : "joined",
    )
    if (provider === "mailchimp") {
      const hashes = stub.received
        .filter((request) => request.address.toLowerCase() === sent.toLowerCase())
        .map((request) => request.path)
      expect(new Set(hashes).size).toBe(1)
      expect(stub.optIns.filter((to) => to === sent)).toHaveLength(1)
    }
  })

  it("answers already-member when the provider says the address is on the list", async () => {
    await expect(list().subscribe(address("exists"))).resolves.toBe("already-member")
    expect(errorSpy).not.toHaveBeenCalled()
  })

  it("answers invalid-address when the provider finds the address fake or invalid", async () => {
    await expect(list().subscribe(address("invalid"))).resolves.toBe("invalid-address")
    expect(errorSpy).not.toHaveBeenCalled()
  })

  it("answers invalid-address for an address the browser takes but the provider's pattern does not", async () => {
    // Valid for <input type="email"> (and ./address.ts), but no dot in the domain.
    await expect(list().subscribe(address(undefined, "localhost"))).resolves.toBe("invalid-address")
  })

  it("answers invalid-address, and says so in the log, when the provider refuses the address for good", async () => {
    await expect(list().subscribe(address("refused"))).resolves.toBe("invalid-address")
    expect(warnSpy).toHaveBeenCalledTimes(1)
    expect(String(warnSpy.mock.calls[0]?.[0])).toContain(name)
    expect(errorSpy).not.toHaveBeenCalled()
  })

  it.each([
    ["rate limit (429)", "ratelimited", /status 429/],
    ["throttled address or daily limit (400)", "dailylimit", /status 400/],
    ["server error", "down", /status 5\d\d/],
  ])("answers unavailable on a %s, and logs it", async (_, tag, why) => {
    await expect(list().subscribe(address(tag))).resolves.toBe("unavailable")
    expect(errorSpy).toHaveBeenCalledTimes(1)
    const line = String(errorSpy.mock.calls[0]?.[0])
    expect(line).toContain(name)
    expect(line).toMatch(why)
  })

  it("answers unavailable when the provider does not answer in time", async () => {
    const started = Date.now()
    await expect(list({ timeoutMs: 300 }).subscribe(address("slow"))).resolves.toBe("unavailable")
    expect(Date.now() - started).toBeLessThan(5000)
    expect(errorSpy).toHaveBeenCalledTimes(1)
    expect(String(errorSpy.mock.calls[0]?.[0])).toMatch(/timed out after 300 ms/)
  })

  it("answers unavailable on a refused key, and logs it as configuration", async () => {
    const sent = address()
    const badKey =
      provider === "mailchimp"
        ? "secret-key-that-must-not-leak-us21"
        : "secret-key-that-must-not-leak"
    await expect(list({ apiKey: badKey }).subscribe(sent)).resolves.toBe("unavailable")
    expect(receivedFor(provider, sent)).toMatchObject([{ status: 401 }])
    expect(errorSpy).toHaveBeenCalledTimes(1)
    expect(String(errorSpy.mock.calls[0]?.[0])).toMatch(/status 401.*(key|configuration)/)
  })

  it("answers unavailable when the provider cannot be reached", async () => {
    const closed = await closedPort()
    const unreachable =
      provider === "buttondown"
        ? buttondownList({ apiKey: stubButtondownApiKey, baseUrl: closed })
        : mailchimpList({ apiKey: stubMailchimpApiKey, audienceId: "x", baseUrl: closed })
    await expect(unreachable.subscribe(address())).resolves.toBe("unavailable")
    expect(errorSpy).toHaveBeenCalledTimes(1)
    expect(String(errorSpy.mock.calls[0]?.[0])).toMatch(/request failed/)
  })

  it("never throws, nor logs an error's message, even when fetch fails with the key in it", async () => {
    const leaky: typeof fetch = () => {
      throw new TypeError(`Invalid header value "Token secret-key-that-must-not-leak"`)
    }
    const brokenBody: typeof fetch = async () =>
      ({
        status: 200,
        text: () => Promise.reject(new Error("secret-key-that-must-not-leak")),
      }) as Response
    for (const fetch of [leaky, brokenBody]) {
      const failing =
        provider === "buttondown"
          ? buttondownList({ apiKey: "secret-key-that-must-not-leak", fetch })
          : mailchimpList({ apiKey: "secret-key-that-must-not-leak-us21", audienceId: "x", fetch })
      await expect(failing.subscribe(address())).resolves.toBe("unavailable")
    }
    expect(errorSpy).toHaveBeenCalledTimes(2)
  })
})

// Her leave link from an e-mail the embedded store sent before the list moved to the provider.
describe.each(cases)("$name: a leave forwarded to it", ({ provider, list }) => {
  it.each([false, true])(
    "takes one it has off its list, so that it e-mails her no more (suppress: %s)",
    async (suppress) => {
      const member = address()
      await list().subscribe(member)
      const before = stub.received.length
      await expect(list().unsubscribe!(member, { suppress })).resolves.toBe("left")
      expect(stub.statusOf(provider, member)).toBe("unsubscribed")
      const [leave, ...more] = stub.received.slice(before)
      expect(more).toEqual([])
      expect(leave?.method).toBe(provider === "mailchimp" && suppress ? "PUT" : "PATCH")
      expect(errorSpy).not.toHaveBeenCalled()
    },
  )

  it("answers left for an address it never had, and adds it only to keep a member suppressed", async () => {
    const stranger = address()
    const before = stub.received.length
    await expect(list().unsubscribe!(stranger)).resolves.toBe("left")
    expect(stub.statusOf(provider, stranger)).toBeUndefined()
    // Mailchimp is sent her hash alone: her address is in no request.
    if (provider === "mailchimp") {
      expect(
        JSON.stringify(stub.received.slice(before).map((each) => [each.path, each.body])),
      ).not.toContain(stranger)
    }
    // A confirmed member: Mailchimp keeps her as unsubscribed, so that an import cannot add her.
    const member = address()
    await expect(list().unsubscribe!(member, { suppress: true })).resolves.toBe("left")
    expect(stub.statusOf(provider, member)).toBe(
      provider === "mailchimp" ? "unsubscribed" : undefined,
    )
  })

  it.each(["down", "ratelimited"])(
    "answers unavailable when the provider fails (+%s), logged as a leave, without her address",
    async (tag) => {
      const member = address(tag)
      await expect(list().unsubscribe!(member, { suppress: true })).resolves.toBe("unavailable")
      expect(errorSpy).toHaveBeenCalledTimes(1)
      expect(String(errorSpy.mock.calls[0]?.[0])).toMatch(
        /leave unavailable \(status (500|503|429)/,
      )
    },
  )

  it("answers unavailable on a refused key for one it may not have either (no suppress)", async () => {
    const badKey =
      provider === "mailchimp"
        ? "secret-key-that-must-not-leak-us21"
        : "secret-key-that-must-not-leak"
    await expect(list({ apiKey: badKey }).unsubscribe!(address())).resolves.toBe("unavailable")
    expect(String(errorSpy.mock.calls[0]?.[0])).toMatch(/leave unavailable \(status 401/)
  })

  it("answers unavailable on a refused key, or when it does not answer in time", async () => {
    const badKey =
      provider === "mailchimp"
        ? "secret-key-that-must-not-leak-us21"
        : "secret-key-that-must-not-leak"
    const suppress = { suppress: true }
    await expect(list({ apiKey: badKey }).unsubscribe!(address(), suppress)).resolves.toBe(
      "unavailable",
    )
    await expect(list({ timeoutMs: 300 }).unsubscribe!(address("slow"), suppress)).resolves.toBe(
      "unavailable",
    )
    expect(errorSpy).toHaveBeenCalledTimes(2)
  })
})

describe("Mailchimp specifics", () => {
  it("a leave for one not in a wrong audience is not taken for 'not a member': unavailable, logged as configuration", async () => {
    const list = mailchimpList({
      apiKey: stubMailchimpApiKey,
      audienceId: "no-such-audience",
      baseUrl: stub.url,
    })
    await expect(list.unsubscribe!(address())).resolves.toBe("unavailable")
    expect(errorSpy).toHaveBeenCalledTimes(1)
    expect(String(errorSpy.mock.calls[0]?.[0])).toMatch(
      /leave unavailable \(status 404: configuration/,
    )
  })

  it("answers unavailable for an unknown audience (404), logged as configuration", async () => {
    const list = mailchimpList({
      apiKey: stubMailchimpApiKey,
      audienceId: "noSuchAudience",
      baseUrl: stub.url,
    })
    await expect(list.subscribe(address())).resolves.toBe("unavailable")
    expect(String(errorSpy.mock.calls[0]?.[0])).toMatch(/status 404: configuration/)
  })

  it("calls the data centre the key names when no base URL is given", async () => {
    const urls: string[] = []
    const capture: typeof fetch = async (input) => {
      urls.push(String(input))
      return new Response("{}", { status: 200 })
    }
    const list = mailchimpList({ apiKey: "abc123-us21", audienceId: "a1b2c3", fetch: capture })
    const sent = address()
    await expect(list.subscribe(sent)).resolves.toBe("joined")
    expect(urls).toEqual([
      `https://us21.api.mailchimp.com/3.0/lists/a1b2c3/members/${md5(sent.toLowerCase())}`,
    ])
  })

  it("refuses, at creation, a key without its data centre and no base URL", () => {
    expect(() => mailchimpList({ apiKey: "abc123", audienceId: "a1b2c3" })).toThrow(/data centre/)
  })
})

describe("Mailchimp: who signs up again", () => {
  const list = () =>
    mailchimpList({
      apiKey: stubMailchimpApiKey,
      audienceId: stubMailchimpAudienceId,
      baseUrl: stub.url,
    })
  const bodies = (sent: string) => receivedFor("mailchimp", sent).map((request) => request.body)

  it("a new address: pending, and Mailchimp sends the confirmation (joined)", async () => {
    const sent = address()
    await expect(list().subscribe(sent)).resolves.toBe("joined")
    expect(bodies(sent)).toEqual([{ email_address: sent, status_if_new: "pending" }])
    expect(stub.optIns.filter((to) => to === sent)).toHaveLength(1)
  })

  it.each(["unsubscribed", "cleaned", "archived", "transactional"])(
    "a former member (%s): pending again, and the confirmation is sent again (joined)",
    async (status) => {
      const sent = address(status)
      await expect(list().subscribe(sent)).resolves.toBe("joined")
      // First asked as a new member would be, which leaves her status as it is; then, seeing it,
      // set to pending: Mailchimp's own double opt-in, so she is back only once she confirms.
      expect(bodies(sent)).toEqual([
        { email_address: sent, status_if_new: "pending" },
        { email_address: sent, status_if_new: "pending", status: "pending" },
      ])
      expect(receivedFor("mailchimp", sent).map((request) => request.method)).toEqual([
        "PUT",
        "PUT",
      ])
      expect(stub.optIns.filter((to) => to === sent)).toHaveLength(1)
      expect(errorSpy).not.toHaveBeenCalled()
      expect(warnSpy).not.toHaveBeenCalled()
    },
  )

  it("a subscribed member: already-member, her status untouched, nothing sent", async () => {
    const sent = address("exists")
    await expect(list().subscribe(sent)).resolves.toBe("already-member")
    expect(bodies(sent)).toEqual([{ email_address: sent, status_if_new: "pending" }])
    expect(stub.optIns.filter((to) => to === sent)).toEqual([])
  })

  it("a member still pending: joined, left pending; the confirmation she has stands", async () => {
    const sent = address("pending")
    await expect(list().subscribe(sent)).resolves.toBe("joined")
    expect(bodies(sent)).toEqual([{ email_address: sent, status_if_new: "pending" }])
    expect(stub.optIns.filter((to) => to === sent)).toEqual([])
  })

  /** A Mailchimp that answers the first PUT with a former member, the second as given. */
  function formerMember(second: Response) {
    const answers = [Response.json({ status: "unsubscribed" }), second]
    return mailchimpList({
      apiKey: "abc123-us21",
      audienceId: "a1b2c3",
      fetch: async () => answers.shift() ?? new Response("", { status: 500 }),
    })
  }

  it("a former member Mailchimp will not take back this way: invalid-address, logged", async () => {
    const refused = formerMember(
      Response.json(
        { title: "Member In Compliance State", status: 400, detail: "x is in a compliance state" },
        { status: 400 },
      ),
    )
    await expect(refused.subscribe(address())).resolves.toBe("invalid-address")
    expect(String(warnSpy.mock.calls[0]?.[0])).toMatch(/Mailchimp: refused.*Compliance/)
  })

  it("a former member left as she was without an error: not joined, logged", async () => {
    const unchanged = formerMember(Response.json({ status: "cleaned" }))
    await expect(unchanged.subscribe(address())).resolves.toBe("invalid-address")
    expect(String(warnSpy.mock.calls[0]?.[0])).toMatch(/Mailchimp: refused.*stayed cleaned/)
  })

  it("a former member, and Mailchimp fails on the second request: unavailable", async () => {
    const failing = formerMember(new Response("<h1>503</h1>", { status: 503 }))
    await expect(failing.subscribe(address())).resolves.toBe("unavailable")
    expect(String(errorSpy.mock.calls[0]?.[0])).toMatch(/status 503/)
  })

  it("hashes the lowercased address with MD5, as Mailchimp's guide shows", () => {
    // The example of Mailchimp's guide "Manage Subscribers with the Mailchimp API".
    expect(subscriberHash("Urist.McVankab@FreddiesJokes.com")).toBe(
      "62eeb292278cc15f5817cb78f7790b08",
    )
  })

  it("computes MD5 as RFC 1321 and Node do, for any length and any UTF-8", () => {
    expect(md5Hex("")).toBe("d41d8cd98f00b204e9800998ecf8427e")
    expect(md5Hex("abc")).toBe("900150983cd24fb0d6963f7d28e17f72")
    expect(md5Hex("message digest")).toBe("f96b697d7cb7938d525a2f31aaf161d0")
    expect(md5Hex("1234567890".repeat(8))).toBe("57edf4a22be3c955ac49da2e2107b67a")
    // Every padding case (lengths around 56 and 64 bytes), and multi-byte characters.
    for (let length = 0; length < 200; length += 1) {
      const text = "é✓😀".repeat(length % 5) + "a".repeat(length)
      expect(md5Hex(text)).toBe(md5(text))
    }
  })
})

describe("Buttondown specifics", () => {
  it("calls api.buttondown.com when no base URL is given", async () => {
    const urls: string[] = []
    const capture: typeof fetch = async (input) => {
      urls.push(String(input))
      return new Response("{}", { status: 201 })
    }
    const list = buttondownList({ apiKey: "k", fetch: capture })
    await expect(list.subscribe(address())).resolves.toBe("joined")
    expect(urls).toEqual(["https://api.buttondown.com/v1/subscribers"])
  })

  it("answers unavailable on a 403 (a key without permission)", async () => {
    const forbidden: typeof fetch = async () =>
      new Response(JSON.stringify({ code: "forbidden", detail: "No." }), { status: 403 })
    const list = buttondownList({ apiKey: "k", fetch: forbidden })
    await expect(list.subscribe(address())).resolves.toBe("unavailable")
    expect(String(errorSpy.mock.calls[0]?.[0])).toMatch(/status 403: the API key was refused/)
  })
})

describe("mailingListFromEnv", () => {
  const buttondownEnv = {
    SIGNUP_PROVIDER: "buttondown",
    BUTTONDOWN_API_KEY: stubButtondownApiKey,
  }
  const mailchimpEnv = {
    SIGNUP_PROVIDER: "mailchimp",
    MAILCHIMP_API_KEY: stubMailchimpApiKey,
    MAILCHIMP_AUDIENCE_ID: stubMailchimpAudienceId,
  }

  it("leaves the embedded store in place when SIGNUP_PROVIDER is unset or empty", () => {
    expect(mailingListFromEnv({})).toBeUndefined()
    expect(mailingListFromEnv({ SIGNUP_PROVIDER: "" })).toBeUndefined()
    expect(mailingListFromEnv({ SIGNUP_PROVIDER: "  \n" })).toBeUndefined()
  })

  it("builds each provider from its variables, and it works against the stub", async () => {
    const buttondown = mailingListFromEnv({ ...buttondownEnv, BUTTONDOWN_API_URL: stub.url })
    const mailchimp = mailingListFromEnv({ ...mailchimpEnv, MAILCHIMP_API_URL: `${stub.url}/` })
    expect(buttondown?.name).toBe("Buttondown")
    expect(mailchimp?.name).toBe("Mailchimp")
    await expect(buttondown?.subscribe(address())).resolves.toBe("joined")
    await expect(mailchimp?.subscribe(address())).resolves.toBe("joined")
  })

  it("takes the provider's name in any case, and trims pasted values", async () => {
    const list = mailingListFromEnv({
      SIGNUP_PROVIDER: " Buttondown\n",
      BUTTONDOWN_API_KEY: `${stubButtondownApiKey}\n`,
      BUTTONDOWN_API_URL: stub.url,
    })
    await expect(list?.subscribe(address())).resolves.toBe("joined")
  })

  it("passes SIGNUP_PROVIDER_TIMEOUT_MS on", async () => {
    const list = mailingListFromEnv({
      ...buttondownEnv,
      BUTTONDOWN_API_URL: stub.url,
      SIGNUP_PROVIDER_TIMEOUT_MS: "300",
    })
    const started = Date.now()
    await expect(list?.subscribe(address("slow"))).resolves.toBe("unavailable")
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it("uses the fetch it is given", async () => {
    const calls: string[] = []
    const fetchImpl: typeof fetch = async (input) => {
      calls.push(String(input))
      return new Response("{}", { status: 201 })
    }
    await mailingListFromEnv(buttondownEnv, fetchImpl)?.subscribe(address())
    expect(calls).toEqual(["https://api.buttondown.com/v1/subscribers"])
  })

  it.each([
    [{ SIGNUP_PROVIDER: "buttondown" }, "BUTTONDOWN_API_KEY"],
    [{ ...buttondownEnv, BUTTONDOWN_API_KEY: " " }, "BUTTONDOWN_API_KEY"],
    [{ ...mailchimpEnv, MAILCHIMP_API_KEY: undefined }, "MAILCHIMP_API_KEY"],
    [{ ...mailchimpEnv, MAILCHIMP_AUDIENCE_ID: "" }, "MAILCHIMP_AUDIENCE_ID"],
  ])("throws, naming the variable, when one is missing (%#)", (env, variable) => {
    expect(() => mailingListFromEnv(env)).toThrow(variable)
  })

  it("throws for an unknown provider, listing the known ones", () => {
    expect(() => mailingListFromEnv({ SIGNUP_PROVIDER: "sendgrid" })).toThrow(
      /SIGNUP_PROVIDER.*"buttondown" or "mailchimp"/,
    )
  })

  it.each([
    [{ ...buttondownEnv, SIGNUP_PROVIDER_TIMEOUT_MS: "soon" }, "SIGNUP_PROVIDER_TIMEOUT_MS"],
    [{ ...buttondownEnv, SIGNUP_PROVIDER_TIMEOUT_MS: "0" }, "SIGNUP_PROVIDER_TIMEOUT_MS"],
    [{ ...buttondownEnv, BUTTONDOWN_API_URL: "not a url" }, "BUTTONDOWN_API_URL"],
    [{ ...mailchimpEnv, MAILCHIMP_API_URL: "ftp://example.com" }, "MAILCHIMP_API_URL"],
  ])("throws, naming the variable, for a value it cannot use (%#)", (env, variable) => {
    expect(() => mailingListFromEnv(env)).toThrow(variable)
  })

  it("never quotes a secret in its errors", () => {
    const key = "secret-key-that-must-not-leak"
    const message = (env: Record<string, string>) => {
      try {
        mailingListFromEnv(env)
      } catch (error) {
        return String(error)
      }
      throw new Error("no error thrown")
    }
    // A key without its data centre cannot name Mailchimp's host.
    const noDataCentre = message({ ...mailchimpEnv, MAILCHIMP_API_KEY: "secretkeythatmustnotleak" })
    expect(noDataCentre).toMatch(/MAILCHIMP_API_KEY/)
    expect(noDataCentre).not.toMatch(/secretkeythatmustnotleak/)
    expect(
      message({ ...mailchimpEnv, MAILCHIMP_API_KEY: key, MAILCHIMP_AUDIENCE_ID: "" }),
    ).not.toContain(key)
    expect(message({ SIGNUP_PROVIDER: "buttondown", MAILCHIMP_API_KEY: key })).not.toContain(key)
  })

  it("lists every variable it reads, each with a one-line description", () => {
    expect(signupEnvVariables.map(({ name }) => name).sort()).toEqual(
      [
        "BUTTONDOWN_API_KEY",
        "BUTTONDOWN_API_URL",
        "MAILCHIMP_API_KEY",
        "MAILCHIMP_API_URL",
        "MAILCHIMP_AUDIENCE_ID",
        "SIGNUP_PROVIDER",
        "SIGNUP_PROVIDER_TIMEOUT_MS",
      ].sort(),
    )
    for (const { description } of signupEnvVariables) expect(description).toMatch(/^[^\n]{10,}$/)
    // The function reads only listed names.
    const read = new Set<string>()
    const spyEnv = new Proxy(
      { ...mailchimpEnv, MAILCHIMP_API_URL: stub.url, SIGNUP_PROVIDER_TIMEOUT_MS: "1000" },
      {
        get(target, property: string) {
          read.add(property)
          return target[property as keyof typeof target]
        },
      },
    )
    mailingListFromEnv(spyEnv)
    mailingListFromEnv(
      new Proxy(buttondownEnv, {
        get(target, property: string) {
          read.add(property)
          return target[property as keyof typeof target]
        },
      }),
    )
    const listed = new Set<string>(signupEnvVariables.map(({ name }) => name))
    expect([...read].filter((name) => !listed.has(name))).toEqual([])
  })
})

describe("the stub", () => {
  it("answers as each provider does for a body it cannot take", async () => {
    const post = (path: string, body: string, headers: Record<string, string>) =>
      fetch(`${stub.url}${path}`, { method: "POST", body, headers })
    const buttondown = await post("/v1/subscribers", "{}", {
      Authorization: `Token ${stubButtondownApiKey}`,
    })
    expect(buttondown.status).toBe(422)
    const mailchimp = await post(
      `/3.0/lists/${stubMailchimpAudienceId}/members`,
      JSON.stringify({ email_address: address(), status: "confirmed" }),
      { Authorization: `Basic ${Buffer.from(`any:${stubMailchimpApiKey}`).toString("base64")}` },
    )
    expect(mailchimp.status).toBe(400)
    expect(await mailchimp.json()).toMatchObject({
      title: "Invalid Resource",
      status: 400,
      errors: [{ field: "status" }],
    })
  })

  it("answers a Mailchimp PUT only at the address's own hash, and a POST only on the list", async () => {
    const sent = address()
    const auth = {
      Authorization: `Basic ${Buffer.from(`any:${stubMailchimpApiKey}`).toString("base64")}`,
    }
    const members = `${stub.url}/3.0/lists/${stubMailchimpAudienceId}/members`
    const put = (hash: string) =>
      fetch(`${members}/${hash}`, {
        method: "PUT",
        headers: auth,
        body: JSON.stringify({ email_address: sent, status_if_new: "pending" }),
      })
    const wrongHash = await put(md5("someone.else@example.com"))
    expect(wrongHash.status).toBe(400)
    expect(await wrongHash.json()).toMatchObject({ title: "Invalid Resource" })
    expect((await put(md5(sent.toLowerCase()))).status).toBe(200)
    const putOnList = await fetch(members, { method: "PUT", headers: auth, body: "{}" })
    expect(putOnList.status).toBe(405)
    expect(putOnList.headers.get("allow")).toBe("POST")
  })

  it("closes at once even with a +slow request waiting", async () => {
    const own = await startMailingProviderStub()
    const pending = fetch(`${own.url}/v1/subscribers`, {
      method: "POST",
      headers: { Authorization: `Token ${stubButtondownApiKey}` },
      body: JSON.stringify({ email_address: address("slow") }),
    }).catch(() => "aborted")
    await waitFor(() => own.received.length === 1)
    expect(own.received[0]?.status).toBe(0)
    const started = Date.now()
    await own.close()
    expect(Date.now() - started).toBeLessThan(1000)
    await expect(pending).resolves.toBe("aborted")
  })
})

/** Node's own MD5, to check the one the endpoint carries. */
function md5(text: string): string {
  return createHash("md5").update(text).digest("hex")
}

/** The URL of a port that was just free: nothing listens there. */
async function closedPort(): Promise<string> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}`
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries += 1) {
    if (tries > 100) throw new Error("timed out waiting")
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
