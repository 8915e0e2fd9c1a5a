// The sign-up endpoint under load: nginx with the shipped config passing POST /api/subscribe to the
// site's API service (src/siteServer/siteServer.ts) with a fresh store, `count` sign-ups with distinct
// addresses sent concurrently by autocannon, then the store read back: every address must be there
// exactly once, and the SMTP server in this process (e2e/support/mailbox.ts, which the service's
// sender reaches by SMTP_URL) must receive one confirmation e-mail for each, once. Used by `npm run
// loadtest:signup` (in npm test) and `npm run loadtest`.
import autocannon from "autocannon"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { startMailbox } from "../../e2e/support/mailbox"
import { signupEndpoint } from "../../src/shared/endpoints"
import { closeMemberStores, readMembers } from "../../src/membership/node/store/lmdbStore"
import { stopMemberships } from "../../src/membership/node/nodeMembership"
import { startSiteServer } from "../../src/siteServer/siteServer"
import { startNginx } from "../../e2e/support/nginx"

export interface SignupLoadFigures {
  sent: number
  seconds: number
  requestsPerSecond: number
  p50: number
  p99: number
  max: number
  errors: number
  timeouts: number
  non2xx: number
  storedOnce: number
  missing: number
  duplicated: number
  /** Confirmation e-mails received, one to each address exactly. */
  emailedOnce: number
  emailsPerSecond: number
  /** From the first sign-up sent to the last e-mail received. */
  secondsToLastEmail: number
}

/** How long the e-mails may take to arrive after the last sign-up was answered. */
const emailDeadlineMs = 180_000

export async function loadSignups({ count = 1000, connections = 50 } = {}) {
  const folder = await mkdtemp(path.join(tmpdir(), "evergrace-load-members-"))
  const mailbox = await startMailbox()
  // All requests come from one address: the per-client limit is off, as its description says.
  const signup = await startSiteServer(
    {
      publicDir: path.resolve("public"),
      env: {
        ...process.env,
        MEMBERS_STORE: folder,
        SIGNUP_RATE_LIMIT: "0",
        SIGNUP_SITE_LIMIT: "0",
        SIGNUP_PROVIDER: "",
        SMTP_URL: mailbox.url,
        MAIL_FROM: "hello@evergrace.example",
      },
      trustProxy: true,
    },
    // Port 0: the kernel's choice, bound at once (see e2e/support/servers.ts).
    0,
    "127.0.0.1",
  )
  const signupAddress = signup.address()
  const nginx = await startNginx({
    apiPort: typeof signupAddress === "object" && signupAddress ? signupAddress.port : 0,
  })
  try {
    const addresses: string[] = []
    const run = Date.now().toString(36)
    const started = Date.now()
    const result = await autocannon({
      url: `${nginx.baseUrl}${signupEndpoint}`,
      connections,
      amount: count,
      requests: [
        {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
          },
          setupRequest: (request) => {
            const address = `load-${run}-${addresses.length}@example.com`
            addresses.push(address)
            return { ...request, body: new URLSearchParams({ email: address }).toString() }
          },
        },
      ],
    })
    // The e-mails go out after the answers: wait for one per sign-up (or the deadline).
    const deadline = Date.now() + emailDeadlineMs
    while (mailbox.received.length < addresses.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const lastEmail = Date.now()
    const emailed = new Map<string, number>()
    for (const { to } of mailbox.received) {
      for (const address of to) emailed.set(address, (emailed.get(address) ?? 0) + 1)
    }
    const stored = new Map<string, number>()
    for (const member of await readMembers(folder)) {
      stored.set(member.address, (stored.get(member.address) ?? 0) + 1)
    }
    const figures: SignupLoadFigures = {
      sent: addresses.length,
      // The whole batch takes about a second: autocannon's per-second average would be one sample.
      seconds: result.duration,
      requestsPerSecond: Math.round(addresses.length / result.duration),
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      storedOnce: addresses.filter((address) => stored.get(address) === 1).length,
      missing: addresses.filter((address) => !stored.has(address)).length,
      duplicated: [...stored.values()].filter((times) => times > 1).length,
      emailedOnce: addresses.filter((address) => emailed.get(address) === 1).length,
      emailsPerSecond: Math.round(mailbox.received.length / ((lastEmail - started) / 1000)),
      secondsToLastEmail: Math.round((lastEmail - started) / 100) / 10,
    }
    return figures
  } finally {
    await nginx.stop()
    await new Promise((resolve) => signup.close(resolve))
    await stopMemberships()
    await mailbox.close()
    await closeMemberStores()
    await rm(folder, { recursive: true, force: true })
  }
}

/** What must hold: every sign-up answered 200 and stored exactly once. */
export function signupLoadProblems(figures: SignupLoadFigures, count: number): string[] {
  const problems: string[] = []
  if (figures.sent < count) problems.push(`only ${figures.sent} of ${count} sign-ups were sent`)
  if (figures.errors || figures.timeouts || figures.non2xx) {
    problems.push(
      `${figures.errors} errors, ${figures.timeouts} timeouts, ${figures.non2xx} non-2xx answers`,
    )
  }
  if (figures.storedOnce !== figures.sent) {
    problems.push(
      `${figures.storedOnce} of ${figures.sent} stored once (${figures.missing} missing, ${figures.duplicated} duplicated)`,
    )
  }
  if (figures.emailedOnce !== figures.sent) {
    problems.push(`${figures.emailedOnce} of ${figures.sent} confirmation e-mails received once`)
  }
  return problems
}
