/** @jest-environment node */
import type { Server } from "node:http"
import cors from "cors"
import express from "express"
import multer from "multer"
import { createConfig } from "gatsby/dist/internal-plugins/functions/config"
import api from "../src/gatsby/functionAdapter"
import { membersEndpoint, signupEndpoint } from "../src/shared/endpoints"
import { baseUrl, temporaryStore } from "./setup/servers"

// The splat Gatsby Function (src/gatsby/functionAdapter.ts), as `gatsby develop` and Netlify's adapter call it:
// behind Gatsby's own middleware (multer, then its body parsers with its default settings, which
// read the body before the Function runs) mounted under /api.

let server: Server
let base: string
const store = temporaryStore("function-members")

beforeAll(async () => {
  process.env.MEMBERS_STORE = store.folder
  process.env.SIGNUP_RATE_LIMIT = "0"
  process.env.SIGNUP_SITE_LIMIT = "0"
  const { bodyParser } = createConfig(undefined).config
  const app = express()
  // gatsby develop's first middleware (gatsby/dist/utils/start-server.js).
  app.use(cors())
  app.use(
    "/api",
    multer().any(),
    express.raw(bodyParser.raw),
    express.text(bodyParser.text),
    express.urlencoded(bodyParser.urlencoded),
    express.json(bodyParser.json),
    (req, res) => void api(req as never, res as never),
  )
  server = await new Promise<Server>((resolve) => {
    const listening: Server = app.listen(0, "127.0.0.1", () => resolve(listening))
  })
  base = baseUrl(server)
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await store.remove()
})

const post = (body: string, type: string) =>
  fetch(`${base}${signupEndpoint}`, {
    method: "POST",
    headers: { "Content-Type": type, Accept: "application/json" },
    body,
  })

test("a form sign-up reaches the app as it was sent, after Gatsby's parsers read it", async () => {
  const response = await post("email=form%40example.com", "application/x-www-form-urlencoded")
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({ outcome: "joined" })
})

test("a JSON sign-up too", async () => {
  const response = await post(JSON.stringify({ email: "json@example.com" }), "application/json")
  expect(await response.json()).toEqual({ outcome: "joined" })
})

test("a nested form field is no address", async () => {
  const response = await post("email[x]=a%40example.com", "application/x-www-form-urlencoded")
  expect(response.status).toBe(400)
})

test("JSON nested 5,000 deep (10 KB, within Gatsby's parser's limit): 413, not a thrown error", async () => {
  const body = `${"[".repeat(5000)}${"]".repeat(5000)}`
  const response = await post(body, "application/json")
  // Written again from what Gatsby parsed, it is still over the sign-up's 2 KB.
  expect(response.status).toBe(413)
  // The Function still answers.
  expect((await fetch(`${base}/api/nothing`)).status).toBe(404)
})

test("behind Netlify's TLS (X-Forwarded-Proto: https): an https callback and a __Host- cookie", async () => {
  process.env.GITHUB_OAUTH_CLIENT_ID = "Iv1.client"
  process.env.GITHUB_OAUTH_CLIENT_SECRET = "secret"
  try {
    const start = await fetch(`${base}/api/auth`, {
      redirect: "manual",
      headers: { "X-Forwarded-Proto": "https" },
    })
    expect(start.status).toBe(302)
    const location = new URL(start.headers.get("location") ?? "")
    expect(location.searchParams.get("redirect_uri")).toMatch(
      /^https:\/\/127\.0\.0\.1:\d+\/api\/callback$/,
    )
    expect(start.headers.get("set-cookie")).toMatch(/^__Host-evergrace-cms-state=/)
  } finally {
    delete process.env.GITHUB_OAUTH_CLIENT_ID
    delete process.env.GITHUB_OAUTH_CLIENT_SECRET
  }
})

test("the routes are the app's: the whole address, not Express's mount-relative one", async () => {
  const start = await fetch(`${base}/api/auth`, { redirect: "manual" })
  // No OAuth App set here: the sign-in says so, from the sign-in's own handler.
  expect(start.status).toBe(503)
  expect(start.headers.get("cross-origin-opener-policy")).toBe("unsafe-none")
  // The sign-up's own answer to a method it does not take (its page, whose GET it answers).
  const put = await fetch(`${base}${signupEndpoint}`, { method: "PUT" })
  expect(put.status).toBe(405)
  expect(put.headers.get("allow")).toBe("GET, HEAD, POST")
})

test("the staff's list: no sign-in from this computer under gatsby develop (npm run cms) only", async () => {
  const ask = (headers: Record<string, string> = {}) =>
    fetch(`${base}${membersEndpoint}`, { headers })
  const command = process.env.gatsby_executing_command
  try {
    process.env.gatsby_executing_command = "develop"
    const local = await ask()
    expect(local.status).toBe(200)
    expect(await local.json()).toMatchObject({ local: true, list: "store" })
    // develop's CORS * is taken off: no other site's script may read an endpoint's answer.
    expect(local.headers.get("access-control-allow-origin")).toBeNull()
    // Another site's page she has open may not read it (gatsby develop answers CORS *).
    expect((await ask({ "Sec-Fetch-Site": "cross-site" })).status).not.toBe(200)
    // gatsby serve, and Netlify's Functions (no command): the token is needed from anywhere.
    for (const other of ["serve", undefined]) {
      if (other) process.env.gatsby_executing_command = other
      else delete process.env.gatsby_executing_command
      expect((await ask()).status).not.toBe(200)
    }
  } finally {
    if (command === undefined) delete process.env.gatsby_executing_command
    else process.env.gatsby_executing_command = command
  }
})

test("what must last the process survives Gatsby's reload of the Function's modules (processWide)", async () => {
  // Gatsby clears the Function's modules from require's cache before each request; the wing
  // (its list, its limits, and with a store its sender) must be the one of the process.
  // A store of its own: not the one beside package.json (a developer's), nor the one the
  // Function's requests above opened with other settings (a second wing on it says so).
  const reloaded = temporaryStore("function-reload")
  const env = {
    MEMBERS_STORE: reloaded.folder,
    SIGNUP_PROVIDER: "buttondown",
    BUTTONDOWN_API_KEY: "a-key-of-the-test",
  }
  const load = () => {
    let loaded: typeof import("../src/membership/node/nodeMembership") | undefined
    jest.isolateModules(() => {
      loaded = jest.requireActual<typeof import("../src/membership/node/nodeMembership")>(
        "../src/membership/node/nodeMembership",
      )
    })
    return loaded!
  }
  const [first, second] = [load(), load()]
  expect(first).not.toBe(second)
  const wing = first.nodeMembership(env)
  expect(wing).toBe(second.nodeMembership(env))
  // Its store open before it is removed.
  await wing.own
  await reloaded.remove()
})
