/** @jest-environment node */
import contact from "../data/contact.json"
import site from "../data/site.json"
import { fillPlaceholders } from "../src/content/placeholders"
import { createApp } from "../src/server/app"
import { maxBodyBytes, type SignupContext } from "../src/membership/web/signup/handleSignup"
import type { MailingList, SubscribeResult } from "../src/membership/web/mailingList"
import { readJobs, readMembers } from "../src/membership/node/store/lmdbStore"
import { nodeRuntime } from "../src/siteServer/nodeRuntime"
import { rateLimiter } from "../src/membership/web/rateLimit"
import { signupTexts } from "../src/membership/web/signup/signupTexts"
import { temporaryStore } from "./setup/servers"

const origin = "https://www.boutique.example"
const endpoint = `${origin}/api/subscribe`
const filled = (text: string) => fillPlaceholders(text, site)

/** A list that records what it was given and answers as told. */
function fakeList(answer: SubscribeResult | "throw" = "joined") {
  const received: string[] = []
  const list: MailingList = {
    name: "fake list",
    async subscribe(address) {
      received.push(address)
      if (answer === "throw") throw new Error(`broke on ${address}`)
      return answer
    },
  }
  return { list, received }
}

function context(list: MailingList, extra: Partial<SignupContext> = {}): SignupContext {
  return { list, texts: signupTexts, ...extra }
}

/** The endpoint as every host runs it: through the app's route table and the checks there. */
function signUp(request: Request, { list, limits, client }: SignupContext) {
  const app = createApp({
    settings: () => ({}),
    client: () => client,
    membership: () => ({ list, limits }),
  })
  return app.request(request)
}

interface Post {
  body?: string
  type?: string
  json?: boolean
  headers?: Record<string, string>
  method?: string
}

function request({ body, type, json, headers = {}, method = "POST" }: Post): Request {
  return new Request(endpoint, {
    method,
    body: method === "GET" ? undefined : body,
    headers: {
      ...(type === undefined ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      ...(type ? { "Content-Type": type } : {}),
      ...(json ? { Accept: "application/json" } : { Accept: "text/html" }),
      Origin: origin,
      ...headers,
    },
  })
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()

describe("the sign-up endpoint, called by the page's script (JSON)", () => {
  test("a valid address joins the list, trimmed as the browser trims it", async () => {
    const { list, received } = fakeList("joined")
    const response = await signUp(
      request({ body: form({ email: "  ann@example.com " }), json: true }),
      context(list),
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ outcome: "joined" })
    expect(received).toEqual(["ann@example.com"])
  })

  test("an address already on the list is a success for the visitor", async () => {
    const { list } = fakeList("already-member")
    const response = await signUp(
      request({
        body: JSON.stringify({ email: "ann@example.com" }),
        type: "application/json",
        json: true,
      }),
      context(list),
    )
    expect(await response.json()).toEqual({ outcome: "joined" })
  })

  test.each([
    ["missing", {}],
    ["missing", { email: "   " }],
    ["invalid", { email: "ann.example.com" }],
    ["invalid", { email: "ann@exa mple.com" }],
    ["invalid", { email: "ann@-example.com" }],
    // The browser's rule takes it; no mail reaches a domain of one label.
    ["invalid", { email: "ann@example" }],
    [
      "tooLong",
      { email: `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(62)}` },
    ],
    ["rejected", { email: "ann@example.com", website: "https://spam.example" }],
  ])("%s: %j is refused and never reaches the list", async (problem, fields) => {
    const { list, received } = fakeList()
    const response = await signUp(request({ body: form(fields), json: true }), context(list))
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ outcome: "problem", problem })
    expect(received).toEqual([])
  })

  test("254 characters is still an address; 255 is not", async () => {
    const local = "a".repeat(64)
    const domain = (length: number) =>
      `${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(length - 63 - 63 - 2)}`
    const at254 = `${local}@${domain(254 - 65)}`
    expect(at254).toHaveLength(254)
    const { list, received } = fakeList()
    const ok = await signUp(request({ body: form({ email: at254 }), json: true }), context(list))
    expect(ok.status).toBe(200)
    const tooLong = await signUp(
      request({ body: form({ email: `${local}@${domain(255 - 65)}` }), json: true }),
      context(list),
    )
    expect(await tooLong.json()).toEqual({ outcome: "problem", problem: "tooLong" })
    expect(received).toEqual([at254])
  })

  test.each([
    ["the list could not be reached", "unavailable" as const, 503, "unavailable"],
    ["the list refused the address", "invalid-address" as const, 400, "invalid"],
    ["the list threw", "throw" as const, 503, "unavailable"],
  ])("%s: no success is reported", async (_case, answer, status, problem) => {
    const { list } = fakeList(answer)
    const error = jest.spyOn(console, "error").mockImplementation(() => {})
    const response = await signUp(
      request({ body: form({ email: "ann@example.com" }), json: true }),
      context(list),
    )
    expect(response.status).toBe(status)
    expect(await response.json()).toEqual({ outcome: "problem", problem })
    for (const [line] of error.mock.calls) expect(String(line)).not.toContain("ann@example.com")
    error.mockRestore()
  })
})

describe("abuse and bad input", () => {
  test("only POST signs up: other methods get 405 with Allow: POST (a GET too, from a script)", async () => {
    const { list, received } = fakeList()
    const asked = [
      ...["PUT", "DELETE", "OPTIONS"].map((method) => request({ method, json: true })),
      request({ method: "GET", headers: { Accept: "application/json" } }),
    ]
    for (const each of asked) {
      const response = await signUp(each, context(list))
      expect(response.status).toBe(405)
      expect(response.headers.get("allow")).toBe("POST")
    }
    expect(received).toEqual([])
  })

  test("from a browser, whose GET and HEAD get the form's page, a 405 allows those too", async () => {
    const { list, received } = fakeList()
    for (const method of ["GET", "HEAD"]) {
      expect((await signUp(request({ method }), context(list))).status).toBe(200)
    }
    for (const method of ["PUT", "DELETE", "OPTIONS"]) {
      const response = await signUp(request({ method }), context(list))
      expect(response.status).toBe(405)
      expect(response.headers.get("allow")).toBe("GET, HEAD, POST")
    }
    expect(received).toEqual([])
  })

  test("a body that is not a form or JSON gets 415", async () => {
    const { list } = fakeList()
    const response = await signUp(
      request({ body: "email=ann@example.com", type: "text/plain", json: true }),
      context(list),
    )
    expect(response.status).toBe(415)
  })

  test("a body over the limit gets 413, declared or not", async () => {
    const { list, received } = fakeList()
    const big = form({ email: "ann@example.com", padding: "x".repeat(maxBodyBytes) })
    const declared = await signUp(request({ body: big, json: true }), context(list))
    expect(declared.status).toBe(413)
    const streamed = new Request(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big))
          controller.close()
        },
      }),
      duplex: "half",
    } as RequestInit)
    expect((await signUp(streamed, context(list))).status).toBe(413)
    expect(received).toEqual([])
  })

  test("malformed JSON gets 400", async () => {
    const { list } = fakeList()
    const response = await signUp(
      request({ body: "{email:", type: "application/json", json: true }),
      context(list),
    )
    expect(response.status).toBe(400)
  })

  test.each<Record<string, string>>([
    { Origin: "https://evil.example" },
    { Origin: "null" },
    { "Sec-Fetch-Site": "cross-site" },
    { "Sec-Fetch-Site": "same-site" },
  ])("a post from another site is refused: %j", async (headers) => {
    const { list, received } = fakeList()
    const response = await signUp(
      request({ body: form({ email: "ann@example.com" }), json: true, headers }),
      context(list),
    )
    expect(response.status).toBe(403)
    expect(received).toEqual([])
  })

  test("a client over the rate limit gets 429 with Retry-After; others are not held up", async () => {
    const { list, received } = fakeList()
    let now = 0
    const limit = rateLimiter({ limit: 2, windowMs: 60_000, now: () => now })
    const post = (client: string, email: string) =>
      signUp(
        request({ body: form({ email }), json: true }),
        context(list, { limits: { perClient: limit }, client }),
      )
    expect((await post("10.0.0.1", "a@example.com")).status).toBe(200)
    expect((await post("10.0.0.1", "b@example.com")).status).toBe(200)
    const third = await post("10.0.0.1", "c@example.com")
    expect(third.status).toBe(429)
    expect(third.headers.get("retry-after")).toBe("60")
    expect(await third.json()).toEqual({ outcome: "problem", problem: "tooMany" })
    expect((await post("10.0.0.2", "d@example.com")).status).toBe(200)
    now = 60_000
    expect((await post("10.0.0.1", "e@example.com")).status).toBe(200)
    expect(received).toEqual(["a@example.com", "b@example.com", "d@example.com", "e@example.com"])
  })

  test("the 64 addresses of one IPv6 /64 share one limit; the next /64 has its own", async () => {
    const { list, received } = fakeList()
    const limit = rateLimiter({ limit: 10, windowMs: 60_000 })
    const post = (client: string, index: number) =>
      signUp(
        request({ body: form({ email: `n${index}@example.com` }), json: true }),
        context(list, { limits: { perClient: limit }, client }),
      )
    const statuses: number[] = []
    for (let i = 0; i < 64; i++) {
      // Spelled as a host may report them: zeros in full or folded, upper or lower case.
      const client = i % 2 ? `2001:db8:0:2a::${i.toString(16)}` : `2001:DB8:0000:002A:${i}:0:0:1`
      statuses.push((await post(client, i)).status)
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(10)
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true)
    expect((await post("2001:db8:0:2b::1", 99)).status).toBe(200)
    expect(received).toHaveLength(11)
  })

  test("an IPv4 address and its IPv6-mapped spelling share one limit", async () => {
    const { list } = fakeList()
    const limit = rateLimiter({ limit: 1, windowMs: 60_000 })
    const post = (client: string) =>
      signUp(
        request({ body: form({ email: "a@example.com" }), json: true }),
        context(list, { limits: { perClient: limit }, client }),
      )
    expect((await post("192.0.2.7")).status).toBe(200)
    expect((await post("::ffff:192.0.2.7")).status).toBe(429)
  })

  test("a limit forgets the least recently used visitor first, never the one still sending", async () => {
    let now = 0
    const limit = rateLimiter({ limit: 1, windowMs: 60_000, keysHeld: 3, now: () => now })
    expect(limit.take("a").allowed).toBe(true)
    expect(limit.take("b").allowed).toBe(true)
    expect(limit.take("a").allowed).toBe(false)
    // c and d push out b, the least recently used; a, used since, is still held to its limit.
    limit.take("c")
    limit.take("d")
    expect(limit.take("a").allowed).toBe(false)
    expect(limit.take("b").allowed).toBe(true)
    now = 60_000
    expect(limit.take("a").allowed).toBe(true)
  })

  /** The route table on a store of the test's, every request from an address of its own. */
  function siteLimitedApp(folder: string, siteLimit: number) {
    const env = {
      MEMBERS_STORE: folder,
      MEMBERS_SECRET: "a-secret-of-the-test-that-is-long-enough-0123",
      SIGNUP_SITE_LIMIT: String(siteLimit),
    }
    let next = 0
    // No visitor's own limit is near: only the whole site's can refuse.
    return createApp({ ...nodeRuntime(env), client: () => `198.51.100.${next++}` })
  }

  test("the whole site's hourly limit holds under a burst from many addresses: plain words, one log line", async () => {
    const store = temporaryStore("site-limit")
    const warned = jest.spyOn(console, "warn").mockImplementation(() => {})
    try {
      const app = siteLimitedApp(store.folder, 5)
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          app.request(request({ body: form({ email: `stranger${i}@example.com` }) })),
        ),
      )
      const refused = answers.filter((answer) => answer.status === 429)
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5)
      expect(refused).toHaveLength(35)
      expect(Number(refused[0]?.headers.get("retry-after"))).toBeGreaterThan(3500)
      expect(await refused[0]?.text()).toContain(
        filled(contact.messages.busy).replace(/'/g, "&#39;"),
      )
      const confirmations = (await readJobs(store.folder)).filter(
        (job) => job.kind === "confirmation",
      )
      expect(confirmations).toHaveLength(5)
      expect(
        warned.mock.calls.filter(([line]) => String(line).includes("SIGNUP_SITE_LIMIT")),
      ).toHaveLength(1)
    } finally {
      warned.mockRestore()
      await store.remove()
    }
  })

  test("an address sent again and again does not use up the site's limit: another woman still joins", async () => {
    const store = temporaryStore("site-limit-repeats")
    try {
      const app = siteLimitedApp(store.folder, 3)
      const signUpAs = async (email: string) =>
        (await app.request(request({ body: form({ email }), json: true }))).status
      expect(await signUpAs("ann@example.com")).toBe(200)
      // Her address again from twenty addresses: each answered as before, none sends an e-mail.
      for (let i = 0; i < 20; i++) expect(await signUpAs("ann@example.com")).toBe(200)
      expect(await signUpAs("bea@example.com")).toBe(200)
      expect(await signUpAs("cat@example.com")).toBe(200)
      // Three e-mails went: the limit holds for the fourth.
      expect(await signUpAs("dot@example.com")).toBe(429)
      const kept = await readMembers(store.folder)
      expect(kept.map((member) => member.address).sort()).toEqual([
        "ann@example.com",
        "bea@example.com",
        "cat@example.com",
      ])
      expect(kept.map((member) => member.confirmationsSent.length)).toEqual([1, 1, 1])
    } finally {
      await store.remove()
    }
  })

  test("every answer carries a strict policy: no scripts, nothing cached", async () => {
    const { list } = fakeList()
    const response = await signUp(
      request({ body: form({ email: "a@example.com" }) }),
      context(list),
    )
    const policy = response.headers.get("content-security-policy") ?? ""
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain("form-action 'self'")
    expect(policy).not.toContain("script-src")
    expect(response.headers.get("cache-control")).toBe("no-store")
    expect(response.headers.get("x-content-type-options")).toBe("nosniff")
  })
})

describe("a plain form post (JavaScript off) gets a page, never JSON", () => {
  test("success: the thank-you page with the toast's words", async () => {
    const { list } = fakeList()
    const response = await signUp(
      request({ body: form({ email: "ann@example.com" }) }),
      context(list),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8")
    const page = await response.text()
    expect(page).toContain(`<h1>${filled(contact.toast.title)}</h1>`)
    expect(page).toContain(filled(contact.toast.description))
    expect(page).toContain(`<a href="/">${contact.continueLabel}</a>`)
  })

  test.each([
    ["invalid", "ann.example.com", 400],
    ["unavailable", "ann@example.com", 503],
  ] as const)(
    "%s: the message, and the address back in the field",
    async (problem, email, status) => {
      const { list } = fakeList("unavailable")
      const error = jest.spyOn(console, "error").mockImplementation(() => {})
      const response = await signUp(request({ body: form({ email }) }), context(list))
      error.mockRestore()
      expect(response.status).toBe(status)
      const page = await response.text()
      const message = filled(contact.messages[problem]).replace(/'/g, "&#39;")
      expect(page).toContain(message)
      expect(page).toMatch(
        new RegExp(`<input id="signup-email"[^>]* value="${email.replace(/\./g, "\\.")}"`),
      )
      expect(page).toMatch(/<form method="post" action="\/api\/subscribe"/)
      expect(page).not.toContain("<script")
    },
  )

  test("what she typed is escaped, never markup", async () => {
    const { list } = fakeList()
    const response = await signUp(
      request({ body: form({ email: `"><script>alert(1)</script>` }) }),
      context(list),
    )
    const page = await response.text()
    expect(page).not.toContain("<script>")
    expect(page).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"')
  })

  test("a GET (her browser opened the address: a tab restored, her history) gets the form, no problem named", async () => {
    const { list, received } = fakeList()
    const response = await signUp(request({ method: "GET" }), context(list))
    expect(response.status).toBe(200)
    const page = await response.text()
    expect(page).toContain(signupTexts.form.heading)
    expect(page).toMatch(/<input[^>]*type="email"/)
    expect(page).not.toContain(signupTexts.messages.heading)
    expect(received).toEqual([])
  })
})
