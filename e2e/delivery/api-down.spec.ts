// A sign-up while the API service is down: nginx, with the shipped config, answers for the
// endpoint as the endpoint answers when its mailing list cannot be reached (503, its page or its
// JSON, its headers), and never hides an answer of the service itself. Run by
// scripts/test-delivery.ts (playwright.delivery.config.ts) after the build; starts its own nginx
// instances on loopback ports:
// - "down": the API service's port closed, as when the service has stopped (nginx's own 502);
// - "up": the service running, its mailing list (a provider) unreachable: the service's own 503.
import { existsSync } from "node:fs"
import { mkdtemp, readFile, rm } from "node:fs/promises"
import http from "node:http"
import { tmpdir } from "node:os"
import path from "node:path"
import { expect, test } from "@playwright/test"
import { signupUnavailableJson, signupUnavailablePage } from "../../src/build/signupUnavailable"
import { closeMemberStores } from "../../src/membership/node/store/lmdbStore"
import { startSiteServer } from "../../src/siteServer/siteServer"
import { addressField, authPath, signupEndpoint } from "../../src/shared/endpoints"
import { signupTexts } from "../../src/membership/web/signup/signupTexts"
import { startNginx, type NginxServer } from "../support/nginx"
import { freePort } from "../support/servers"
import { readResponse } from "../support/readResponse"

const root = path.resolve(__dirname, "../..")
const publicDir = path.join(root, "public")
const html = "text/html; charset=utf-8"
const json = "application/json; charset=utf-8"
const address = "her.address@example.com"

// Set in beforeAll, so before any test reads them.
let down: NginxServer
let up: NginxServer
let api: http.Server
let store: string

test.beforeAll(async () => {
  if (!existsSync(path.join(publicDir, signupUnavailablePage))) {
    throw new Error(
      `public${signupUnavailablePage} is missing: build the site again (npm run build)`,
    )
  }
  const closed = await freePort()
  down = await startNginx({ apiPort: closed })
  // The service as the systemd unit runs it, with a provider it cannot reach: it answers 503.
  store = await mkdtemp(path.join(tmpdir(), "evergrace-members-"))
  api = await startSiteServer(
    {
      publicDir,
      env: {
        ...process.env,
        MEMBERS_STORE: store,
        SIGNUP_PROVIDER: "mailchimp",
        MAILCHIMP_API_KEY: "delivery-test-key-us21",
        MAILCHIMP_AUDIENCE_ID: "delivery",
        MAILCHIMP_API_URL: `http://127.0.0.1:${closed}`,
        SIGNUP_RATE_LIMIT: "0",
        SIGNUP_SITE_LIMIT: "0",
      },
      trustProxy: true,
    },
    0,
    "127.0.0.1",
  )
  const apiAddress = api.address()
  up = await startNginx({
    apiPort: typeof apiAddress === "object" && apiAddress ? apiAddress.port : 0,
  })
})

test.afterAll(async () => {
  await Promise.all([down?.stop(), up?.stop()])
  if (api) await new Promise((resolve) => api.close(resolve))
  await closeMemberStores()
  if (store) await rm(store, { recursive: true, force: true })
})

interface Answer {
  status: number | undefined
  headers: http.IncomingHttpHeaders
  body: string
}

/**
 * A sign-up as a browser sends it: the form's fields, from a page of the same site; with
 * `Accept: application/json` as the page's script sends it (src/components/contact/SignupFormView.ts).
 */
function signUp(
  server: { baseUrl: string; port: number },
  {
    script = false,
    pathname = signupEndpoint,
    method = "POST",
  }: { script?: boolean; pathname?: string; method?: string } = {},
): Promise<Answer> {
  const body = new URLSearchParams({ [addressField]: address, website: "" }).toString()
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: server.port,
        path: pathname,
        method,
        headers: {
          Host: `127.0.0.1:${server.port}`,
          Origin: server.baseUrl,
          Accept: script ? "application/json" : "text/html,application/xhtml+xml,*/*;q=0.8",
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
        },
      },
      (response) =>
        readResponse(response).then(({ status, headers, body }) =>
          resolve({ status, headers, body: body.toString("utf8") }),
        ),
    )
    request.on("error", reject)
    request.end(body)
  })
}

/** The headers an answer carries for the visitor: not the connection's, nor nginx's own. */
const connectionHeaders = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
  "server",
  "etag",
])
const ownHeaders = (answer: Answer) =>
  Object.fromEntries(
    Object.entries(answer.headers).filter(([name]) => !connectionHeaders.has(name)),
  )

/** React's escaping of a text (src/endpointPages/ render with it). */
const escaped = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;")

test.describe("a sign-up while the API service is down: nginx answers for it", () => {
  test("without JavaScript: 503 and the endpoint's page, with the message, the form and the site's header and footer", async () => {
    const answer = await signUp(down)
    expect(answer.status).toBe(503)
    expect(answer.headers["content-type"]).toBe(html)
    expect(answer.body).toBe(await readFile(path.join(publicDir, signupUnavailablePage), "utf8"))
    expect(answer.body, "the message").toContain(escaped(signupTexts.messages.unavailable))
    expect(answer.body).toMatch(new RegExp(`<form method="post" action="${signupEndpoint}"`))
    expect(answer.body).toMatch(new RegExp(`<input [^>]*name="${addressField}"[^>]*value=""`))
    expect(answer.body).toMatch(/<header data-site-header="true"/)
    expect(answer.body).toMatch(/<footer[\s>]/)
    expect(answer.body, "the boutique's name").toContain(escaped(signupTexts.brandName))
    // nginx does not read the form: her address is not in the page.
    expect(answer.body).not.toContain(address)
  })

  test("the page's script (Accept: application/json): 503 and the endpoint's JSON, so the toast's problem shows", async () => {
    const answer = await signUp(down, { script: true })
    expect(answer.status).toBe(503)
    expect(answer.headers["content-type"]).toBe(json)
    expect(JSON.parse(answer.body)).toStrictEqual({ outcome: "problem", problem: "unavailable" })
  })

  test("the same status, headers and words as the service's own answer when its list is unreachable", async () => {
    for (const script of [false, true]) {
      const [standIn, own] = [await signUp(down, { script }), await signUp(up, { script })]
      expect(own.status, "the service's own answer").toBe(503)
      expect(standIn.status).toBe(own.status)
      expect(ownHeaders(standIn), script ? "JSON" : "page").toStrictEqual(ownHeaders(own))
      // The service's page keeps her address in the field; nginx's cannot.
      const kept = own.body.replace(`value="${escaped(address)}"`, 'value=""')
      expect(standIn.body, script ? "JSON" : "page").toBe(kept)
    }
  })

  test("the service's own answers pass unchanged: its 503 keeps her address", async () => {
    const answer = await signUp(up)
    expect(answer.status).toBe(503)
    expect(answer.body).toContain(`value="${escaped(address)}"`)
  })

  test("only the sign-up: another endpoint gets nginx's own 502", async () => {
    const answer = await signUp(down, { pathname: authPath, method: "GET" })
    expect(answer.status).toBe(502)
    expect(answer.body).not.toContain(escaped(signupTexts.messages.unavailable))
  })

  test("the stand-ins have no address of their own", async () => {
    for (const pathname of [signupUnavailablePage, signupUnavailableJson]) {
      const answer = await signUp(down, { pathname, method: "GET" })
      expect(answer.status, pathname).toBe(404)
    }
  })
})
