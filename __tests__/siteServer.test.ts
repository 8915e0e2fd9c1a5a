/** @jest-environment node */
import { spawn, type ChildProcess } from "node:child_process"
import { readFileSync } from "node:fs"
import { connect } from "node:net"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { signupEndpoint } from "../src/shared/endpoints"
import { miniSite, type MiniSite } from "./setup/miniSite"
import { freePort } from "../e2e/support/servers"
import { spawnSiteServer } from "./setup/servers"

// The site's own server as `npm start` runs it (scripts/serve.ts, a process of its own), on a small
// build: what a stranger can send it must never end it, swell it or slip past its headers.

// A port free when the suite starts (the server must be told it: scripts/serve.ts).
let port = 0
let base = ""
const visitorAddress = "someone.private@example.com"

let site: MiniSite
let store: string
let server: ChildProcess
let log = ""

beforeAll(async () => {
  port = await freePort()
  base = `http://127.0.0.1:${port}`
  site = await miniSite()
  store = mkdtempSync(path.join(tmpdir(), "evergrace-server-members-"))
  server = spawnSiteServer(
    port,
    {
      PUBLIC_DIR: site.publicDir,
      MEMBERS_STORE: store,
      SIGNUP_RATE_LIMIT: "0",
      SIGNUP_SITE_LIMIT: "0",
    },
    (text) => (log += text),
  )
  for (let tries = 0; tries < 100 && !(await isUp(false)); tries++) await sleep(200)
  expect(await isUp()).toBe(true)
}, 30_000)

afterAll(async () => {
  const exited = new Promise((resolve) => server.once("exit", resolve))
  server.kill("SIGTERM")
  await exited
  site.remove()
  rmSync(store, { recursive: true, force: true })
})

afterEach(async () => {
  // Whatever a test sent, the server is still there, and never logged an address.
  expect(server.exitCode).toBeNull()
  expect(await isUp()).toBe(true)
  expect(log).not.toContain(visitorAddress)
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Whether the server answers `/` with 200. Asked once more after a failed fetch, whose cause is
 * logged: once, in a CI run under load, a fetch failed here while the server was running.
 */
async function isUp(again = true): Promise<boolean> {
  try {
    return (await fetch(`${base}/`)).status === 200
  } catch (error) {
    if (!again) return false
    console.warn(
      `site server: a fetch of / failed (${String((error as Error).cause ?? error)}); again`,
    )
    await sleep(500)
    return isUp(false)
  }
}

/**
 * `npm start`'s server with `env`, run to its end. Not spawnSync, which holds this process's event
 * loop for the seconds tsx takes to start: after such a test, in a CI run under load, the check
 * that the suite's server is still up failed once while it was running.
 */
function serveToEnd(env: NodeJS.ProcessEnv): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts"], {
      env: { ...process.env, ...env },
      timeout: 30_000,
    })
    let stderr = ""
    child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text))
    child.on("error", reject)
    child.on("close", (status) => resolve({ status, stderr }))
  })
}

/** Sends `head` (and `body`) as raw bytes; resolves to the answer's status line and headers. */
function raw(head: string, body?: Buffer | string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1")
    let answer = ""
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1")
      if (answer.includes("\r\n\r\n")) {
        socket.destroy()
        resolve(answer.slice(0, answer.indexOf("\r\n\r\n")))
      }
    })
    socket.on("error", (error) => (answer ? resolve(answer) : reject(error)))
    socket.on("close", () => resolve(answer))
    socket.write(head)
    if (body) socket.write(body)
  })
}

function rssKilobytes(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8")
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1])
}

const securityHeaders = [
  "content-security-policy",
  "strict-transport-security",
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
]

function expectSecurityHeaders(head: string) {
  for (const name of securityHeaders) expect(head.toLowerCase()).toContain(`\r\n${name}: `)
  expect(head.toLowerCase()).not.toContain("x-powered-by")
  expect(head.toLowerCase()).not.toContain("access-control-allow-origin")
}

describe("requests that end gatsby serve are answered, and the server goes on", () => {
  test("a JSON body nested 5,000 deep (10 KB)", async () => {
    const body = `${"[".repeat(5000)}${"]".repeat(5000)}`
    const head = await raw(
      `POST ${signupEndpoint} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      body,
    )
    expect(head).toMatch(/^HTTP\/1\.1 413 /)
    expectSecurityHeaders(head)
  })

  test.each(["a b", "[::1", "exa mple.com:99999", undefined])("Host: %s", async (host) => {
    for (const address of ["/", signupEndpoint]) {
      const hostLine = host === undefined ? "" : `Host: ${host}\r\n`
      const head = await raw(`GET ${address} HTTP/1.1\r\n${hostLine}Connection: close\r\n\r\n`)
      expect(head).toMatch(/^HTTP\/1\.1 400 /)
      expectSecurityHeaders(head)
    }
  })

  test.each(["TRACE", "TRACK", "PROPFIND", "DELETE", "PATCH"])("%s", async (method) => {
    for (const address of ["/", "/shop", signupEndpoint, "/api/auth"]) {
      const head = await raw(
        `${method} ${address} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
      )
      expect(head).toMatch(/^HTTP\/1\.1 (405|400) /)
      expectSecurityHeaders(head)
    }
  })

  test("a malformed JSON sign-up with an address in it: 400, and the address is in no log line", async () => {
    const response = await fetch(`${base}${signupEndpoint}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: `{"email": "${visitorAddress}",`,
    })
    expect(response.status).toBe(400)
  })
})

test("a kept-alive connection that has had an answer is closed on a bad request, never answered 400", async () => {
  // The browser would read that 400 as the answer to its next request on the connection; closed,
  // it sends the request again on a new one.
  const bytes = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1")
    let received = ""
    socket.on("data", (chunk) => {
      const first = received === ""
      received += chunk.toString("latin1")
      // Its first answer in, the next "request" is one Node's parser refuses.
      if (first) socket.write("NOT A REQUEST\r\n\r\n")
    })
    socket.on("error", reject)
    socket.on("close", () => resolve(received))
    socket.write(`GET /shop HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`)
  })
  expect(bytes).toMatch(/^HTTP\/1\.1 200 /)
  expect(bytes.match(/HTTP\/1\.1 \d{3}/g)).toEqual(["HTTP/1.1 200"])
  // On a new connection, the same refusal is answered, with the site's headers.
  const head = await raw("NOT A REQUEST\r\n\r\n")
  expect(head).toMatch(/^HTTP\/1\.1 400 /)
  expectSecurityHeaders(head)
})

describe("bodies", () => {
  test("a 20 MB multipart upload is refused before it is read", async () => {
    const size = 20 * 1024 * 1024
    const before = rssKilobytes()
    // Only the head is sent: the answer comes without waiting for a byte of the body.
    const head = await raw(
      `POST ${signupEndpoint} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${size}\r\nConnection: close\r\n\r\n`,
    )
    expect(head).toMatch(/^HTTP\/1\.1 413 /)
    expectSecurityHeaders(head)
    expect(rssKilobytes() - before).toBeLessThan(5 * 1024)
  })

  test("a 20 MB body sent without a length is cut off at the limit", async () => {
    const before = rssKilobytes()
    const chunk = Buffer.alloc(1024 * 1024, "a")
    const response = await fetch(`${base}${signupEndpoint}`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: new ReadableStream({
        start(controller) {
          for (let index = 0; index < 20; index++) controller.enqueue(chunk)
          controller.close()
        },
      }),
      duplex: "half",
    } as RequestInit).catch(() => undefined)
    // Either the answer (413) or the connection cut once the limit was passed.
    if (response) expect(response.status).toBe(413)
    expect(rssKilobytes() - before).toBeLessThan(15 * 1024)
  })
})

test("memory stays flat over 2,000 endpoint requests", async () => {
  const batch = async (count: number) => {
    for (let index = 0; index < count; index += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, offset) => {
          const kind = (index + offset) % 4
          if (kind === 0) return fetch(`${base}${signupEndpoint}`).then((r) => r.arrayBuffer())
          if (kind === 1) return fetch(`${base}/api/auth`).then((r) => r.arrayBuffer())
          if (kind === 2) return fetch(`${base}/api/nothing`).then((r) => r.arrayBuffer())
          return fetch(`${base}${signupEndpoint}`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: `email=load-${index + offset}@example.com`,
          }).then((r) => r.arrayBuffer())
        }),
      )
    }
  }
  await batch(1000) // warm-up: the store opened, the code compiled, the heap at its working size
  const before = rssKilobytes()
  await batch(2000)
  const grownMegabytes = (rssKilobytes() - before) / 1024
  console.info(`site server: RSS grew ${grownMegabytes.toFixed(1)} MB over 2,000 endpoint requests`)
  expect(grownMegabytes).toBeLessThan(50)
}, 120_000)

test("every answer carries the site's security headers, errors included", async () => {
  for (const address of ["/", "/shop", "/nowhere", "/404", "/shop/", "/admin/", "/api/nowhere"]) {
    const head = await raw(
      `GET ${address} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    )
    expectSecurityHeaders(head)
  }
  const notFound = await fetch(`${base}/nowhere`)
  expect(notFound.status).toBe(404)
  expect(await notFound.text()).toContain("Not found")
})

test("an address with an empty segment is not a second way to a file or its headers", async () => {
  for (const address of [
    "//shop",
    "//index.html",
    "//_headers",
    "//404.html",
    "/static//picture.txt",
  ]) {
    const head = await raw(
      `GET ${address} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    )
    expect(head).toMatch(/^HTTP\/1\.1 404 /)
    expectSecurityHeaders(head)
  }
})

/** Status and the headers a policy rests on, of a GET sent as raw bytes. */
async function answerTo(address: string) {
  const head = await raw(
    `GET ${address} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
  )
  const header = (name: string) =>
    new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1]?.trim() ?? null
  return {
    status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]),
    policy: ["Content-Security-Policy", "Cross-Origin-Opener-Policy", "Cache-Control"].map(header),
    location: header("Location"),
  }
}

test("an address with %-escapes gets its decoded address's answer and headers, or a 404", async () => {
  const encoded: Record<string, string> = {
    "/%2Fshop": "//shop",
    "/%2F_headers": "//_headers",
    "/%2f_redirects": "//_redirects",
    "/x%2F..%2F_headers": "/x/../_headers",
    "/%2E%2E%2F_headers": "/../_headers",
    "/shop%2F..%2F_headers": "/shop/../_headers",
    "/%2F404.html": "//404.html",
    "/404%2Ehtml": "/404.html",
    "/%73hop": "/shop",
    "/shop%2F": "/shop/",
    "/static%2Fpicture.txt": "/static/picture.txt",
    "/admin%2F": "/admin/",
    "/static%5Cpicture.txt": "/static\\picture.txt",
  }
  const notFound = await answerTo("/nowhere")
  for (const [address, decoded] of Object.entries(encoded)) {
    const answer = await answerTo(address)
    const expected = await answerTo(decoded)
    // Never a host file, never the 404 page as a page: the decoded address's answer, or a 404.
    if (answer.status === 404) expect({ address, ...answer }).toEqual({ address, ...notFound })
    else expect({ address, ...answer }).toEqual({ address, ...expected })
  }
})

test("text files are sent gzipped from memory, with a tag; big files stream from the disk", async () => {
  const bundle = "/app-0123456789abcdef0123.js"
  const zipped = await fetch(`${base}${bundle}`, { headers: { "Accept-Encoding": "gzip" } })
  expect(zipped.headers.get("content-encoding")).toBe("gzip")
  expect(zipped.headers.get("etag")).toMatch(/^W\//)
  expect(await zipped.text()).toContain("xxxx")
  const plain = await raw(
    `GET ${bundle} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
  )
  expect(plain).toMatch(/^HTTP\/1\.1 200 /)
  expect(plain.toLowerCase()).not.toContain("content-encoding")
  // A page under a kilobyte is not worth gzip, and has its tag all the same.
  expect((await fetch(`${base}/shop`)).headers.get("etag")).toMatch(/^W\//)
  const big = await fetch(`${base}/admin/cms-big.js`)
  expect(big.status).toBe(200)
  expect(big.headers.get("etag")).toBeNull()
  expect((await big.text()).length).toBeGreaterThan(1_000_000)
})

test("without a build, the server says so and exits with an error", async () => {
  const result = await serveToEnd({
    PORT: String(await freePort()),
    PUBLIC_DIR: path.join(store, "no-build"),
  })
  expect(result.status).toBe(1)
  expect(result.stderr).toContain("build the site first")
}, 40_000)

test("TRUST_PROXY=1 on an address others can reach is refused at start, in plain words", async () => {
  const result = await serveToEnd({
    PORT: String(await freePort()),
    HOST: "0.0.0.0",
    TRUST_PROXY: "1",
    PUBLIC_DIR: site.publicDir,
  })
  expect(result.status).toBe(1)
  expect(result.stderr).toContain("TRUST_PROXY=1 trusts X-Real-IP")
}, 40_000)

test("a setting that stops sign-ups is named in the log as the server starts, before any visitor", async () => {
  let output = ""
  const misconfigured = spawnSiteServer(
    await freePort(),
    // A store folder of its own: none there, so none is kept open beside the provider.
    {
      PUBLIC_DIR: site.publicDir,
      MEMBERS_STORE: path.join(store, "none"),
      SIGNUP_PROVIDER: "buttondwn",
    },
    (text) => (output += text),
  )
  try {
    for (let tries = 0; tries < 100 && !output.includes("Evergrace on"); tries++) await sleep(200)
    await sleep(200)
    expect(output).toContain('sign-up: refused: SIGNUP_PROVIDER is "buttondwn"')
  } finally {
    const exited = new Promise((resolve) => misconfigured.once("exit", resolve))
    misconfigured.kill("SIGTERM")
    await exited
  }
}, 40_000)

test("an unchanged page is revalidated with a 304 that keeps its headers", async () => {
  const first = await fetch(`${base}/shop`)
  const tag = first.headers.get("etag") ?? ""
  expect(tag).toMatch(/^W\/"/)
  const again = await fetch(`${base}/shop`, { headers: { "If-None-Match": tag } })
  expect(again.status).toBe(304)
  expect(again.headers.get("content-security-policy")).toBe(
    first.headers.get("content-security-policy"),
  )
  expect(again.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate")
})

test("a port already taken is an error the caller hears, not one that ends the process", async () => {
  const { createServer } = await import("node:net")
  const { listenSite } = await import("../src/siteServer/siteServer")
  const taken = createServer()
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve))
  const { port } = taken.address() as { port: number }
  const answers = {
    fetch: () => new Response("ok"),
    failed: () => new Response("failed", { status: 500 }),
    errorHeaders: () => ({}),
  }
  try {
    await expect(listenSite(() => answers, port, "127.0.0.1")).rejects.toThrow(/EADDRINUSE/)
  } finally {
    taken.close()
  }
})
