/** @jest-environment node */
import { createHash } from "node:crypto"
import { request, type IncomingMessage, type Server } from "node:http"
import { onRequest as cloudflarePages } from "../functions/api/[[route]]"
import type { CmsAuthEnv } from "../src/cmsAuth/config"
import type { ExchangeOptions } from "../src/cmsAuth/github"
import { handshakeScript } from "../src/cmsAuth/signInPages"
import { cmsAuthTexts } from "../src/cmsAuth/signInTexts"
import { createApp } from "../src/server/app"
import { unavailableList } from "../src/membership/web/mailingList"
import { startSiteServer } from "../src/siteServer/siteServer"
import { miniSite, type MiniSite } from "./setup/miniSite"
import { baseUrl, temporaryStore } from "./setup/servers"

// The CMS's GitHub sign-in, each branch through the one handler, with GitHub's token endpoint
// played by a fake `fetch`. The whole flow in a browser, against a stub of GitHub, is
// e2e/cms-signin.spec.ts.

const site = "https://www.evergrace.example"
const env: CmsAuthEnv = {
  GITHUB_OAUTH_CLIENT_ID: "Iv1.client",
  GITHUB_OAUTH_CLIENT_SECRET: "secret-of-the-app",
}
const token = "gho_TheEditorsToken0123456789"
const problems = cmsAuthTexts.problems

/** Everything printed while a test ran: nothing secret may be in it. */
let printed: string[] = []
beforeEach(() => {
  printed = []
  for (const method of ["log", "info", "warn", "error"] as const) {
    jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(" "))
    })
  }
})
afterEach(() => {
  for (const secret of [token, env.GITHUB_OAUTH_CLIENT_SECRET, "the-code"]) {
    expect(printed.join("\n")).not.toContain(secret)
  }
  jest.restoreAllMocks()
})

function get(url: string, headers: Record<string, string> = {}): Request {
  return new Request(url, { headers })
}

/** The sign-in as every host runs it: through the app's route table, with these settings. */
function ask(request: Request, settings: CmsAuthEnv, github?: ExchangeOptions) {
  const app = createApp({
    settings: () => settings,
    client: () => undefined,
    membership: () => ({ list: unavailableList("not this test's") }),
    github,
  })
  return app.request(request)
}

/** The sign-in's start: GitHub's address it sends the window to, and the cookie it set. */
async function started(origin = site, environment = env) {
  const response = await ask(
    get(`${origin}/api/auth?provider=github&site_id=x&scope=repo`),
    environment,
  )
  expect(response.status).toBe(302)
  const location = new URL(response.headers.get("location") ?? "")
  const cookie = response.headers.get("set-cookie") ?? ""
  return { response, location, cookie, state: location.searchParams.get("state") ?? "" }
}

/** GitHub's way back to the site, with this browser's cookie. */
async function callback(
  query: Record<string, string>,
  cookie: string,
  fetch?: typeof globalThis.fetch,
) {
  const url = `${site}/api/callback?${new URLSearchParams(query).toString()}`
  const pair = cookie.split(";")[0] ?? ""
  return ask(get(url, pair ? { Cookie: pair } : {}), env, { fetch, timeoutMs: 200 })
}

/** A fake of GitHub's token endpoint: what it was sent, and an answer. */
function github(answer: () => Promise<Response> | Response) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetch = (async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init })
    return answer()
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })

async function expectProblem(response: Response, status: number, title: string) {
  expect(response.status).toBe(status)
  expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8")
  expect(response.headers.get("cache-control")).toBe("no-store")
  expect(response.headers.get("cross-origin-opener-policy")).toBe("unsafe-none")
  // No script may run on a problem page.
  expect(response.headers.get("content-security-policy")).toContain("default-src 'none'")
  expect(response.headers.get("content-security-policy")).not.toContain("script-src")
  const html = await response.text()
  expect(html).toContain(`<h1>${title.replace(/'/g, "&#39;")}</h1>`)
  expect(html).not.toContain("<script")
  return html
}

describe("GET /api/auth: off to GitHub", () => {
  test("redirects to GitHub's authorize page with the app, the callback, the scope and a state", async () => {
    const { response, location, cookie, state } = await started()
    expect(`${location.origin}${location.pathname}`).toBe(
      "https://github.com/login/oauth/authorize",
    )
    expect(Object.fromEntries(location.searchParams)).toEqual({
      client_id: "Iv1.client",
      redirect_uri: `${site}/api/callback`,
      scope: "repo",
      state,
    })
    expect(state).toMatch(/^[\w-]{43}$/)
    expect(cookie).toBe(
      `__Host-evergrace-cms-state=${state}; Max-Age=600; Path=/; HttpOnly; Secure; SameSite=Lax`,
    )
    expect(response.headers.get("cache-control")).toBe("no-store")
    expect(response.headers.get("cross-origin-opener-policy")).toBe("unsafe-none")
  })

  test("a new state every time", async () => {
    const states = new Set<string>()
    for (let index = 0; index < 20; index++) states.add((await started()).state)
    expect(states.size).toBe(20)
  })

  test("plain http (the computer's own server): a cookie without Secure, under a plain name", async () => {
    const { cookie, state, location } = await started("http://localhost:9000")
    expect(cookie).toBe(`evergrace-cms-state=${state}; Max-Age=600; Path=/; HttpOnly; SameSite=Lax`)
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost:9000/api/callback")
  })

  test("GitHub Enterprise: GITHUB_URL names the server", async () => {
    const { location } = await started(site, { ...env, GITHUB_URL: "https://git.example.com/ " })
    expect(`${location.origin}${location.pathname}`).toBe(
      "https://git.example.com/login/oauth/authorize",
    )
  })

  test("without the OAuth App's settings: a page that says sign-in is not set up, naming them", async () => {
    const response = await ask(get(`${site}/api/auth`), {})
    const html = await expectProblem(response, 503, problems.notConfigured.title)
    expect(html).toContain(
      "<code>GITHUB_OAUTH_CLIENT_ID</code> and <code>GITHUB_OAUTH_CLIENT_SECRET</code>",
    )
    expect(response.headers.get("set-cookie")).toBeNull()
  })

  test.each([
    ["no web address", "github.example.com"],
    ["plain http off this machine (the secret would travel in clear)", "http://git.example.com"],
  ])("a GITHUB_URL that is %s is named too", async (_kind, githubUrl) => {
    const response = await ask(get(`${site}/api/auth`), { ...env, GITHUB_URL: githubUrl })
    const html = await expectProblem(response, 503, problems.notConfigured.title)
    expect(html).toContain("<code>GITHUB_URL</code>")
    expect(html).not.toContain("GITHUB_OAUTH_CLIENT_ID")
  })

  test("another provider than GitHub is refused", async () => {
    const response = await ask(get(`${site}/api/auth?provider=gitlab`), env)
    await expectProblem(response, 400, problems.unsupportedProvider.title)
  })

  test("only GET", async () => {
    const response = await ask(new Request(`${site}/api/auth`, { method: "POST" }), env)
    await expectProblem(response, 405, problems.wrongMethod.title)
    expect(response.headers.get("allow")).toBe("GET")
  })
})

describe("GET /api/callback: back from GitHub", () => {
  test("exchanges the code with the app's secret and hands the token to the CMS's window", async () => {
    const { cookie, state } = await started()
    const fake = github(() => json({ access_token: token, token_type: "bearer", scope: "repo" }))
    const response = await callback({ code: "the-code", state }, cookie, fake.fetch)

    expect(fake.calls).toHaveLength(1)
    const [call] = fake.calls
    expect(call?.url).toBe("https://github.com/login/oauth/access_token")
    expect(call?.init.method).toBe("POST")
    expect(new Headers(call?.init.headers).get("accept")).toBe("application/json")
    expect(Object.fromEntries(new URLSearchParams(String(call?.init.body)))).toEqual({
      client_id: "Iv1.client",
      client_secret: "secret-of-the-app",
      code: "the-code",
      redirect_uri: `${site}/api/callback`,
    })

    expect(response.status).toBe(200)
    expect(response.headers.get("cache-control")).toBe("no-store")
    expect(response.headers.get("cross-origin-opener-policy")).toBe("unsafe-none")
    expect(response.headers.get("set-cookie")).toBe(
      "__Host-evergrace-cms-state=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax",
    )
    const html = await response.text()
    // The message Decap takes, in a data block; the script that sends it, allowed by its hash only.
    expect(html).toContain(
      `<script type="application/json" id="cms-auth-result">{"token":"${token}","provider":"github"}</script>`,
    )
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1])
    expect(inline).toEqual([handshakeScript])
    const hash = createHash("sha256").update(handshakeScript).digest("base64")
    const policy = response.headers.get("content-security-policy") ?? ""
    expect(policy).toContain(`script-src 'sha256-${hash}'`)
    expect(policy).not.toMatch(/script-src[^;]*unsafe/)
  })

  test("the handshake talks to the page's own origin only", () => {
    // Both messages are addressed to window.location.origin, never "*"; the echo is checked.
    expect(handshakeScript).not.toContain('"*"')
    expect(handshakeScript.match(/postMessage\([^)]*, origin\)/g)).toHaveLength(2)
    expect(handshakeScript).toContain("event.origin !== origin || event.source !== editor")
  })

  test("a token that could end the data block is written so it cannot", async () => {
    const { cookie, state } = await started()
    const fake = github(() => json({ access_token: "x</script><script>alert(1)//" }))
    const html = await (await callback({ code: "the-code", state }, cookie, fake.fetch)).text()
    expect(html).toContain(
      '{"token":"x\\u003c/script>\\u003cscript>alert(1)//","provider":"github"}',
    )
    expect(html.match(/<script/g)).toHaveLength(2)
  })

  test("the editor cancelled on GitHub's page: a page that says so", async () => {
    const { cookie, state } = await started()
    const fake = github(() => json({}))
    const response = await callback(
      {
        error: "access_denied",
        error_description: "The user has denied your application access.",
        state,
      },
      cookie,
      fake.fetch,
    )
    await expectProblem(response, 403, problems.denied.title)
    expect(fake.calls).toHaveLength(0)
    expect(response.headers.get("set-cookie")).toContain("Max-Age=0")
  })

  for (const [name, query, cookieFrom] of [
    ["no cookie (another browser, or more than 10 minutes)", "good", "none"],
    ["a state that is not this browser's", "other", "good"],
    ["no state at all", "none", "good"],
  ] as const) {
    test(`${name}: the sign-in has expired, and GitHub is not asked`, async () => {
      const { cookie, state } = await started()
      const fake = github(() => json({ access_token: token }))
      const sentState = { good: state, other: (await started()).state, none: undefined }[query]
      const response = await callback(
        { code: "the-code", ...(sentState ? { state: sentState } : {}) },
        cookieFrom === "good" ? cookie : "",
        fake.fetch,
      )
      await expectProblem(response, 400, problems.badState.title)
      expect(fake.calls).toHaveLength(0)
    })
  }

  test("a refusal that does not answer this browser's sign-in is an expired sign-in too", async () => {
    const { cookie } = await started()
    const response = await callback({ error: "access_denied", state: "forged" }, cookie)
    await expectProblem(response, 400, problems.badState.title)
  })

  test("a wrong callback address lands where this browser has no cookie: GitHub's code is shown", async () => {
    // GitHub sends the browser to the registered address (say, without www.), not to this one.
    const response = await callback({ error: "redirect_uri_mismatch", state: "from-www" }, "")
    const html = await expectProblem(response, 400, problems.badState.title)
    expect(html).toContain(`${cmsAuthTexts.githubSaid} <code>redirect_uri_mismatch</code>`)
  })

  test("GitHub refuses the app (a wrong callback URL): its code is shown for the site's manager", async () => {
    const { cookie, state } = await started()
    const response = await callback({ error: "redirect_uri_mismatch", state }, cookie)
    const html = await expectProblem(response, 502, problems.refused.title)
    expect(html).toContain(`${cmsAuthTexts.githubSaid} <code>redirect_uri_mismatch</code>`)
  })

  test("what the address says is shown only when it looks like one of GitHub's codes", async () => {
    const { cookie, state } = await started()
    const response = await callback({ error: "Call <b>0800</b> now", state }, cookie)
    const html = await expectProblem(response, 502, problems.refused.title)
    expect(html).not.toContain("0800")
  })

  test("no code: GitHub's answer is not usable", async () => {
    const { cookie, state } = await started()
    await expectProblem(await callback({ state }, cookie), 400, problems.codeRejected.title)
  })

  for (const [name, answer] of [
    ["cannot be reached", () => Promise.reject(new TypeError("fetch failed"))],
    ["answers 503", () => new Response("<h1>Unicorn!</h1>", { status: 503 })],
    ["answers 200 with a page instead of JSON", () => new Response("<html>maintenance</html>")],
  ] as const) {
    test(`GitHub ${name}: a page that says GitHub did not answer`, async () => {
      const { cookie, state } = await started()
      const response = await callback({ code: "the-code", state }, cookie, github(answer).fetch)
      await expectProblem(response, 502, problems.githubUnavailable.title)
      expect(printed.join("\n")).toMatch(/cms sign-in: GitHub's token endpoint/)
    })
  }

  test("GitHub does not answer in time: the same page, after the timeout", async () => {
    const { cookie, state } = await started()
    const hanging = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener("abort", () => reject(init.signal?.reason))
      })) as typeof globalThis.fetch
    const began = Date.now()
    const response = await callback({ code: "the-code", state }, cookie, hanging)
    await expectProblem(response, 502, problems.githubUnavailable.title)
    expect(Date.now() - began).toBeLessThan(5000)
  })

  for (const [error, problem, status] of [
    ["bad_verification_code", "codeRejected", 400],
    ["unverified_user_email", "unverifiedEmail", 403],
    ["incorrect_client_credentials", "refused", 502],
  ] as const) {
    test(`GitHub answers the exchange with ${error}`, async () => {
      const { cookie, state } = await started()
      const fake = github(() =>
        json({ error, error_description: "…", error_uri: "https://docs.github.com/" }),
      )
      const response = await callback({ code: "the-code", state }, cookie, fake.fetch)
      const html = await expectProblem(response, status, problems[problem].title)
      if (problem === "refused") expect(html).toContain(`<code>${error}</code>`)
    })
  }

  test("without the settings: not set up, and the cookie is cleared all the same", async () => {
    const response = await ask(get(`${site}/api/callback?code=c&state=s`), {})
    await expectProblem(response, 503, problems.notConfigured.title)
    expect(response.headers.get("set-cookie")).toContain("Max-Age=0")
  })
})

describe("the hosts' adapters", () => {
  test("Cloudflare Pages: the project's variables come as `env`", async () => {
    const pages = (request: Request) =>
      cloudflarePages({
        request,
        env,
        functionPath: "/api/[[route]]",
        waitUntil: () => {},
        passThroughOnException: () => {},
        next: () => Promise.resolve(new Response()),
        params: {},
        data: {},
      } as unknown as Parameters<typeof cloudflarePages>[0])
    const start = await pages(get(`${site}/api/auth`))
    expect(start.status).toBe(302)
    expect(start.headers.get("location")).toContain("client_id=Iv1.client")
    const back = await pages(get(`${site}/api/callback`))
    await expectProblem(back, 400, problems.badState.title)
  })

  describe("the site's own server, behind nginx", () => {
    let server: Server
    let base: string
    const store = temporaryStore("api-test")
    let site: MiniSite

    beforeAll(async () => {
      site = await miniSite()
      const environment = { ...env, MEMBERS_STORE: store.folder }
      server = await startSiteServer(
        { publicDir: site.publicDir, env: environment, trustProxy: true },
        0,
        "127.0.0.1",
      )
      base = baseUrl(server)
    })
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve))
      await store.remove()
      site.remove()
    })

    test("routes /api/auth, with the scheme nginx passes on and the site's Host", async () => {
      // As nginx sends it (fetch may not set Host).
      const response = await new Promise<IncomingMessage>((resolve, reject) =>
        request(`${base}/api/auth`, {
          headers: { Host: "www.evergrace.example", "X-Forwarded-Proto": "https" },
        })
          .on("response", resolve)
          .on("error", reject)
          .end(),
      )
      response.resume()
      expect(response.statusCode).toBe(302)
      const location = new URL(response.headers.location ?? "")
      expect(location.searchParams.get("redirect_uri")).toBe(
        `https://www.evergrace.example/api/callback`,
      )
      expect(response.headers["set-cookie"]).toEqual([
        expect.stringMatching(/^__Host-evergrace-cms-state=[\w-]{43}; .*Secure/),
      ])
    })

    test("routes /api/callback", async () => {
      const response = await fetch(`${base}/api/callback?error=access_denied&state=x`)
      await expectProblem(response, 400, problems.badState.title)
    })

    test("anything else under /api/ is not found, with the endpoints' headers", async () => {
      const response = await fetch(`${base}/api/other`)
      expect(response.status).toBe(404)
      expect(response.headers.get("cache-control")).toBe("no-store")
    })
  })
})
