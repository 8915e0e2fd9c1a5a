/** @jest-environment node */
import type { ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { startMailbox, type Mailbox } from "../e2e/support/mailbox"
import { signupEndpoint } from "../src/shared/endpoints"
import { miniSite, type MiniSite } from "./setup/miniSite"
import { freePort } from "../e2e/support/servers"
import { spawnSiteServer } from "./setup/servers"

// Sending that loses nothing, with the site's own server as `npm start` runs it (a process of its
// own) and a real SMTP server in this one: the mail server away for a minute while people join,
// the site's server killed (kill -9) in that minute before it could send a thing, and restarted;
// once the mail server is back, every confirmation arrives, once.

const outageMs = 60_000

// One port for the whole test, free when it starts: the restarted server comes back on it.
let port = 0
let base = ""

let site: MiniSite
let store: string
let server: ChildProcess | undefined
let mailbox: Mailbox | undefined
let log = ""

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function startServer(smtpPort: number) {
  const env = {
    PUBLIC_DIR: site.publicDir,
    MEMBERS_STORE: store,
    SIGNUP_RATE_LIMIT: "0",
    SIGNUP_SITE_LIMIT: "0",
    SIGNUP_PROVIDER: "",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "hello@evergrace.example",
  }
  return spawnSiteServer(port, env, (text) => (log += text))
}

async function untilUp() {
  for (let tries = 0; tries < 150; tries++) {
    try {
      if ((await fetch(`${base}/`)).status === 200) return
    } catch {
      // Not listening yet.
    }
    await sleep(200)
  }
  throw new Error(`the server did not start:\n${log}`)
}

beforeAll(async () => {
  port = await freePort()
  base = `http://127.0.0.1:${port}`
  site = await miniSite()
  store = mkdtempSync(path.join(tmpdir(), "evergrace-mail-members-"))
})

afterAll(async () => {
  server?.kill("SIGKILL")
  await mailbox?.close()
  site.remove()
  rmSync(store, { recursive: true, force: true })
})

test("the mail server away and the process killed: after both return, every e-mail arrives, once", async () => {
  // A port with no mail server on it yet: the sender finds it away.
  const probe = await startMailbox()
  const smtpPort = probe.port
  await probe.close()

  const outageStarted = Date.now()
  server = startServer(smtpPort)
  await untilUp()
  const addresses = Array.from({ length: 20 }, (_, n) => `away-${n}@example.com`)
  for (const address of addresses) {
    await sleep(500)
    const answer = await fetch(`${base}${signupEndpoint}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({ email: address }).toString(),
    })
    expect(answer.status).toBe(200)
  }
  // Answered while the mail server is away: the sender is failing and backing off.
  await sleep(1500)
  expect(log).toMatch(/e-mail: confirmation failed/)
  const killed = new Promise((resolve) => server?.once("exit", resolve))
  server.kill("SIGKILL")
  await killed

  server = startServer(smtpPort)
  await untilUp()
  await sleep(outageMs - (Date.now() - outageStarted))
  mailbox = await startMailbox({ port: smtpPort })
  // The sender's backoff (10 s after the first failure, doubling) brings the next attempt within
  // a minute and a half on an idle machine; on a busy one a job can fail a fourth time before the
  // mail server is back and then waits 80 s, or a fifth, 160 s more. CI runs missed one e-mail by
  // the earlier deadlines of 90 s and 180 s, with the machine's two cores saturated.
  const deadline = Date.now() + 300_000
  while (mailbox.received.length < addresses.length && Date.now() < deadline) await sleep(100)
  // A moment more, in which a second copy would show.
  await sleep(1000)
  const received = mailbox.received.flatMap((message) => message.to).sort()
  // Which are missing, with what the sender said (addresses never appear in its log).
  const missing = addresses.filter((address) => !received.includes(address))
  const said = missing.length > 0 ? log.split("\n").filter((line) => line.includes("e-mail:")) : []
  expect({ missing, said }).toEqual({ missing: [], said: [] })
  expect(received).toEqual([...addresses].sort())
  // The log says what was sent and what failed, never to whom.
  for (const address of addresses) expect(log).not.toContain(address)
}, 450_000)
