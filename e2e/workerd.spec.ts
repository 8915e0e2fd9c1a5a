import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { expect, test } from "@playwright/test"
import {
  startMailingProviderStub,
  stubButtondownApiKey,
  type MailingProviderStub,
} from "./support/stubs/mailingProviderStub"
import {
  startGithubStub,
  stubClientId,
  stubUser,
  type GithubStub,
} from "./support/stubs/githubStub"
import { cmsAuthTexts } from "../src/cmsAuth/signInTexts"
import { membershipTexts as membership } from "../src/membership/emails/emailTexts"
import {
  confirmEndpoint,
  leaveEndpoint,
  membersEndpoint,
  membersPagePath,
  tokenField,
} from "../src/shared/endpoints"
import { pageTexts } from "../src/membership/staffPage/staffPageTexts"
import { cmsUserKey } from "../src/membership/staffPage/session"
import { effectiveHeaders, parseHeadersFile } from "../src/shared/hostRules"
import { hashedBundle } from "../src/shared/policy"
import { contact, escapeRegExp } from "./support/content"
import { uniqueAddress } from "./support/members"
import { startWorkerd, type WorkerdServer } from "./support/workerd"

// The build as Cloudflare Pages runs it: `wrangler pages dev` serves public/ with its _headers and
// _redirects, and the one Pages Function (functions/api/[[route]].ts, Hono's cloudflare-pages
// adapter) in workerd, with the project's variables as bindings (e2e/support/workerd.ts). What Jest
// checks with Node's Request, here in Cloudflare's own runtime: the sign-up through a provider (a
// local stub answering as Buttondown's API does), the CMS sign-in's first step, and the headers the
// build's _headers gives, as src/shared/hostRules.ts predicts them.

test.describe.configure({ mode: "serial" })
// The delivery test serves the site with nginx; this one needs its own server.
test.skip(Boolean(process.env.E2E_BASE_URL), "runs against its own server (wrangler)")

const publicDir = path.resolve(__dirname, "..", "public")
// GitHub: a stand-in on loopback http, a GitHub the sign-in accepts (a test's own).
let githubUrl: string
const welcome = contact.toast.title

test.describe("the build in Cloudflare's runtime (wrangler pages dev, workerd)", () => {
  // Wrangler bundles the Function and starts workerd: a few seconds, longer on a busy machine.
  test.describe.configure({ timeout: 90_000 })

  let stub: MailingProviderStub
  let github: GithubStub
  let server: WorkerdServer

  test.beforeAll(async () => {
    test.setTimeout(90_000)
    stub = await startMailingProviderStub()
    // Its callback is never reached here: the sign-in's first step is all this spec follows.
    github = await startGithubStub({
      callbackUrl: "http://127.0.0.1:9/api/callback",
      dataDir: path.resolve(__dirname, "..", "data"),
    })
    githubUrl = github.url
    server = await startWorkerd({
      SIGNUP_PROVIDER: "buttondown",
      BUTTONDOWN_API_KEY: stubButtondownApiKey,
      BUTTONDOWN_API_URL: stub.url,
      // The stub's OAuth App: the staff's door asks it whether a token is one it made.
      ...github.settings,
    })
    console.log(`wrangler answered after ${server.startupMs} ms`)
  })

  test.afterAll(async () => {
    server?.stop()
    await stub?.close()
    await github?.close()
  })

  const signUp = (address: string, origin: string) =>
    fetch(`${server.baseURL}/api/subscribe`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", Origin: origin },
      body: JSON.stringify({ email: address }),
    })
  const receivedBy = (address: string) =>
    stub.received.filter((request) => request.address === address)

  test("a sign-up from the page's script reaches the provider, and is answered in JSON", async () => {
    const address = uniqueAddress("workerd")
    const response = await signUp(address, server.baseURL)
    expect(response.status, server.log()).toBe(200)
    expect(await response.json()).toEqual({ outcome: "joined" })
    const received = receivedBy(address)
    expect(received).toHaveLength(1)
    expect(received[0]?.provider).toBe("buttondown")
    expect(received[0]?.status).toBe(201)
    expect(received[0]?.headers.authorization).toBe(`Token ${stubButtondownApiKey}`)
  })

  test("a plain form post, JavaScript off: the thank-you page, the address at the provider", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    try {
      const page = await context.newPage()
      const address = uniqueAddress("workerd-no-script")
      const response = await page.goto(`${server.baseURL}${contact.path}`)
      expect(response?.status()).toBe(200)
      await page.getByLabel(contact.emailLabel, { exact: true }).fill(address)
      await page.getByRole("button", { name: contact.submitLabel, exact: true }).click()

      await expect(page).toHaveURL(`${server.baseURL}/api/subscribe`)
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(welcome)
      await expect(page.getByText(contact.toast.description, { exact: true })).toBeVisible()
      expect(receivedBy(address)).toHaveLength(1)
    } finally {
      await context.close()
    }
  })

  test("another site's post is refused with 403 and never reaches the provider", async () => {
    const address = uniqueAddress("workerd-cross-site")
    const response = await signUp(address, "https://evil.example")
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ outcome: "problem", problem: "rejected" })
    expect(receivedBy(address)).toHaveLength(0)
  })

  test("her links from an e-mail the site sent before: pages in her words, no list touched", async ({
    page,
  }) => {
    // No store here, and no secret: any token is from before the list moved.
    const asked = stub.received.length
    const leave = await fetch(`${server.baseURL}${leaveEndpoint}?${tokenField}=old`, {
      method: "POST",
    })
    expect(leave.status).toBe(410)
    await page.goto(`${server.baseURL}${leaveEndpoint}?${tokenField}=old`)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      membership.leavePage.movedHeading,
    )
    await page.goto(`${server.baseURL}${confirmEndpoint}?${tokenField}=old`)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(membership.expiredPage.heading)
    // Nothing asked of the provider: her link names no address.
    expect(stub.received.slice(asked)).toEqual([])
  })

  test("the CMS sign-in starts: 302 to GitHub's authorize page, the state in a cookie", async () => {
    const response = await fetch(`${server.baseURL}/api/auth?provider=github`, {
      redirect: "manual",
    })
    expect(response.status, server.log()).toBe(302)
    const location = new URL(response.headers.get("location") ?? "")
    expect(`${location.origin}${location.pathname}`).toBe(`${githubUrl}/login/oauth/authorize`)
    expect(location.searchParams.get("client_id")).toBe(stubClientId)
    expect(location.searchParams.get("redirect_uri")).toBe(`${server.baseURL}/api/callback`)
    const state = location.searchParams.get("state") ?? ""
    expect(state).toMatch(/^[\w-]{20,}$/)

    const cookies = response.headers.getSetCookie()
    const stateCookie = cookies.find((cookie) => cookie.split(";")[0]?.endsWith(`=${state}`))
    expect(stateCookie, cookies.join("\n")).toBeDefined()
    const attributes = (stateCookie ?? "").split(";").map((part) => part.trim().toLowerCase())
    expect(attributes).toContain("httponly")
    expect(attributes).toContain("samesite=lax")
  })

  test("the callback without the sign-in's cookie: the 'expired' page, status 400", async ({
    page,
  }) => {
    const { title } = cmsAuthTexts.problems.badState
    const response = await page.goto(`${server.baseURL}/api/callback?code=abc&state=xyz`)
    expect(response?.status()).toBe(400)
    await expect(page).toHaveTitle(new RegExp(escapeRegExp(title)))
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title)
  })

  // One hashed bundle of the build, by the site's own rule for them.
  const bundle = readdirSync(publicDir)
    .map((name) => `/${name}`)
    .filter((address) => hashedBundle.test(address))
    .sort()[0]

  for (const address of [
    "/",
    "/admin/",
    membersPagePath,
    bundle ?? "(no hashed bundle in public/)",
  ]) {
    test(`${address}: every header hostRules.ts predicts for Cloudflare, as workerd sends it`, async () => {
      const { rules, problems } = parseHeadersFile(
        readFileSync(path.join(publicDir, "_headers"), "utf8"),
        "cloudflare",
      )
      expect(problems).toEqual([])
      const predicted = effectiveHeaders(rules, address, "cloudflare").headers
      expect(Object.keys(predicted).length).toBeGreaterThan(0)

      const response = await fetch(`${server.baseURL}${address}`, { redirect: "manual" })
      expect(response.status).toBe(200)
      // Header names are case-insensitive (Headers.get); a header sent twice comes joined by ", ".
      const sent = Object.fromEntries(
        Object.keys(predicted).map((name) => [name, response.headers.get(name) ?? undefined]),
      )
      expect(sent).toEqual(predicted)
    })
  }

  test("the staff's page: the list lives at the provider, for an editor who may push; others are refused", async ({
    page,
  }) => {
    const ask = (token?: string) =>
      fetch(`${server.baseURL}${membersEndpoint}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      })
    expect((await ask()).status, server.log()).toBe(401)
    expect((await ask(github.tokenFor("reader"))).status).toBe(403)

    const token = github.tokenFor("editor")
    await page.addInitScript((user) => window.localStorage.setItem(user.key, user.value), {
      key: cmsUserKey,
      value: JSON.stringify({ backendName: "github", token }),
    })
    await page.goto(`${server.baseURL}${membersPagePath}`)
    await expect(page.getByText(pageTexts.identity.signedInAs(stubUser.login))).toBeVisible()
    await expect(page.getByText(pageTexts.elsewhere.provider("Buttondown"))).toBeVisible()
    await expect(
      page.getByRole("link", { name: pageTexts.elsewhere.providerLink("Buttondown") }),
    ).toHaveAttribute("href", "https://buttondown.com/subscribers")
  })

  test.describe("without SIGNUP_PROVIDER", () => {
    let bare: WorkerdServer

    test.beforeAll(async () => {
      test.setTimeout(90_000)
      bare = await startWorkerd({})
      console.log(`wrangler (no bindings) answered after ${bare.startupMs} ms`)
    })

    test.afterAll(() => {
      bare?.stop()
    })

    test("a sign-up is honestly 'unavailable' (503), and the log says why", async () => {
      const address = uniqueAddress("workerd-no-provider")
      const response = await fetch(`${bare.baseURL}/api/subscribe`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          Origin: bare.baseURL,
        },
        body: JSON.stringify({ email: address }),
      })
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({ outcome: "problem", problem: "unavailable" })
      expect(receivedBy(address)).toHaveLength(0)
      await expect
        .poll(bare.log)
        .toContain("no SIGNUP_PROVIDER is set, and Cloudflare Pages has no disk for the store")
    })
  })
})
