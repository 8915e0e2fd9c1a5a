/** @jest-environment node */
import { generateKeyPairSync } from "node:crypto"
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { simpleParser } from "mailparser"
import { headerOf, startMailbox as startSmtp, type Mailbox } from "../e2e/support/mailbox"
import type { Outbox, OutboxJob } from "../src/membership/web/memberStore"
import {
  mailerFromSettings,
  sendDeadlineMs,
  type Mailer,
  type OutgoingEmail,
} from "../src/membership/node/mailer"
import { defaultLeaseMs, reason, startSender } from "../src/membership/node/sender"
import site from "../data/site.json"

/** The outbox's semantics in memory: claimed jobs are leased, completed ones deleted. */
class MemoryOutbox implements Outbox {
  readonly jobs = new Map<string, OutboxJob>()
  readonly errors: string[] = []
  /** The jobs refused for good, as her record would note them. */
  readonly refusals: { id: string; kind: OutboxJob["kind"]; why: string }[] = []
  private count = 0

  add(to: string, kind: OutboxJob["kind"] = "confirmation") {
    const created = new Date()
    const id = `${created.toISOString()}-${String(++this.count).padStart(4, "0")}`
    const job = { id, kind, to, memberId: `m${this.count}`, attempts: 0 }
    this.jobs.set(id, {
      ...job,
      createdAt: created.toISOString(),
      notBefore: created.toISOString(),
    })
    return id
  }
  async claimDue(now: Date, limit: number, leaseMs: number) {
    const due = [...this.jobs.values()]
      .filter((job) => Date.parse(job.notBefore) <= now.getTime())
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .slice(0, limit)
    for (const job of due) job.notBefore = new Date(now.getTime() + leaseMs).toISOString()
    return due.map((job) => ({ ...job }))
  }
  async complete(id: string) {
    this.jobs.delete(id)
  }
  async refused(id: string, why: string) {
    const job = this.jobs.get(id)
    if (!job) return
    this.jobs.delete(id)
    this.refusals.push({ id, kind: job.kind, why })
  }
  async retry(id: string, notBefore: Date, error: string) {
    const job = this.jobs.get(id)
    if (!job) return
    job.attempts += 1
    job.notBefore = notBefore.toISOString()
    job.lastError = error
    this.errors.push(error)
  }
  async nextDue() {
    const times = [...this.jobs.values()].map((job) => Date.parse(job.notBefore))
    return times.length ? new Date(Math.min(...times)) : undefined
  }
  async delayed() {
    const failed = [...this.jobs.values()].filter((job) => job.attempts > 0)
    const [first] = failed
    return first
      ? { waiting: failed.length, since: first.createdAt, lastAnswer: failed.at(-1)?.lastError }
      : undefined
  }
}

/** MAIL_FROM as whoever deploys the site sets it: a setting of the host, not content. */
const mailFrom = { setting: "Test Sender <mail@sender.example>", domain: "sender.example" }
/** Without MAIL_FROM, the boutique's name and address from data/site.json (as staff set them). */
const contentFrom = `"${site.brandName.replace(/["\\]/g, "")}" <${site.contactEmail}>`

const unsubscribe = (job: OutboxJob) =>
  `<https://www.evergrace.example/api/unsubscribe?token=t-${job.memberId}>, <mailto:leave@evergrace.example?subject=t-${job.memberId}>`

async function compose(job: OutboxJob): Promise<OutgoingEmail> {
  return {
    id: job.id,
    to: job.to,
    subject: `${job.kind === "welcome" ? "Welcome" : "Please confirm"} ${job.id}`,
    html: `<p>Hello, confirm here: ${job.id}</p>`,
    text: `Hello, confirm here: ${job.id}`,
    headers: {
      "List-Unsubscribe": unsubscribe(job),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "X-Job": job.id,
    },
  }
}

type TestSmtp = Mailbox

function smtpError(code: number, message: string) {
  return Object.assign(new Error(message), { responseCode: code })
}

async function until(check: () => boolean, ms = 15_000) {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out")
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const header = headerOf

/** Every line logged in this file, and every address used: none may appear in any (g). */
const logged: string[] = []
const addresses = new Set<string>()
const stored: string[] = []
const cleanups: (() => Promise<void> | void)[] = []

function setUp(smtp: TestSmtp | undefined, options: { batch?: number; env?: object } = {}) {
  const outbox = new MemoryOutbox()
  const add = (to: string, kind?: OutboxJob["kind"]) => {
    addresses.add(to)
    return outbox.add(to, kind)
  }
  const mailer: Mailer = mailerFromSettings(
    smtp
      ? {
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
          MAIL_FROM: mailFrom.setting,
        }
      : {},
    emlFolder,
  )
  const lines: string[] = []
  const sender = startSender({
    outbox,
    mailer,
    compose,
    log: (line) => {
      lines.push(line)
      logged.push(line)
    },
    maxBackoffMs: 200,
    batch: options.batch,
  })
  cleanups.push(async () => {
    await sender.stop()
    mailer.close()
    stored.push(...outbox.errors, ...outbox.refusals.map(({ why }) => why))
  })
  return { outbox, add, sender, lines }
}

let emlFolder: string
beforeEach(async () => {
  emlFolder = await mkdtemp(path.join(os.tmpdir(), "eml-"))
})
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  await rm(emlFolder, { recursive: true, force: true })
})

test("(a) each job arrives once, with its subject, bodies and List-Unsubscribe headers", async () => {
  const smtp = await startSmtp()
  cleanups.push(smtp.close)
  const { outbox, add, sender, lines } = setUp(smtp)
  const ids = [add("ann@example.com"), add("bea@example.org", "welcome"), add("cleo@example.net")]
  sender.wake()
  await until(() => outbox.jobs.size === 0)
  await sender.idle()

  expect(smtp.received).toHaveLength(3)
  for (const [n, id] of ids.entries()) {
    const job = { id, memberId: `m${n + 1}` } as OutboxJob
    const arrived = smtp.received.filter(({ mail }) => header(mail, "X-Job") === id)
    expect(arrived).toHaveLength(1)
    const { to, mail } = arrived[0]!
    expect(to).toEqual([[...addresses].find((a) => a.startsWith(["ann", "bea", "cleo"][n]!))])
    expect(mail.subject).toBe(`${n === 1 ? "Welcome" : "Please confirm"} ${id}`)
    expect(mail.html).toContain(`<p>Hello, confirm here: ${id}</p>`)
    expect(mail.text?.trim()).toBe(`Hello, confirm here: ${id}`)
    expect(header(mail, "List-Unsubscribe")).toBe(unsubscribe(job))
    expect(header(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click")
    expect(mail.from?.text).toBe('"Test Sender" <mail@sender.example>')
    expect(mail.messageId).toBe(`<${id.replace(/:/g, "-")}@${mailFrom.domain}>`)
  }
  expect(
    lines.filter((line) => /^e-mail: (confirmation|welcome) sent \(job /.test(line)),
  ).toHaveLength(3)
})

test("a job composed as null (she left) is completed without sending", async () => {
  const smtp = await startSmtp()
  cleanups.push(smtp.close)
  const outbox = new MemoryOutbox()
  const mailer = mailerFromSettings(
    { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: mailFrom.setting },
    emlFolder,
  )
  const lines: string[] = []
  const sender = startSender({
    outbox,
    mailer,
    compose: async () => null,
    log: (l) => lines.push(l),
  })
  cleanups.push(async () => {
    await sender.stop()
    mailer.close()
  })
  const id = outbox.add("gone-away@example.com")
  addresses.add("gone-away@example.com")
  sender.wake()
  await until(() => outbox.jobs.size === 0)
  expect(smtp.rcpt).toEqual([])
  expect(lines).toEqual([`e-mail: confirmation not needed any more (job ${id})`])
  logged.push(...lines)
})

test("(b) the SMTP server down while 20 jobs wait: once back, each arrives exactly once", async () => {
  let smtp = await startSmtp()
  const { port } = smtp
  const { outbox, add, sender, lines } = setUp(smtp)
  // A first e-mail leaves a pooled connection open, which the shutdown then ends.
  add("first@example.com")
  sender.wake()
  await until(() => smtp.received.length === 1)
  await smtp.close()

  const ids = Array.from({ length: 20 }, (_, n) => add(`member-${n}@example.com`))
  sender.wake()
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  expect(smtp.received).toHaveLength(1)
  expect(lines.some((line) => /failed \(job [^,]+, attempt \d+, next in \d+ ms\)/.test(line))).toBe(
    true,
  )
  expect(outbox.jobs.size).toBe(20)

  smtp = await startSmtp({ port })
  cleanups.push(smtp.close)
  await until(() => outbox.jobs.size === 0)
  await sender.idle()
  await new Promise((resolve) => setTimeout(resolve, 500))
  const arrived = smtp.received.map(({ mail }) => header(mail, "X-Job")).sort()
  expect(arrived).toEqual(ids.sort())
  expect(smtp.rcpt).toHaveLength(20)
})

test("(c) a 4xx for the first attempts, then accepted: delivered once", async () => {
  const smtp = await startSmtp({
    refuseRcpt: (address, tries) =>
      tries <= 2 ? smtpError(451, `4.7.1 <${address}>: greylisted, try again`) : undefined,
  })
  cleanups.push(smtp.close)
  const { outbox, add, sender, lines } = setUp(smtp)
  add("dora@example.com")
  sender.wake()
  await until(() => outbox.jobs.size === 0)
  expect(smtp.rcpt).toEqual(["dora@example.com", "dora@example.com", "dora@example.com"])
  expect(smtp.received).toHaveLength(1)
  expect(lines.filter((line) => line.includes("failed"))).toEqual([
    expect.stringMatching(
      /^e-mail: confirmation failed \(job [^,]+, attempt 1, next in \d+ ms\): 451 4\.7\.1 <address>: greylisted/,
    ),
    expect.stringMatching(
      /^e-mail: confirmation failed \(job [^,]+, attempt 2, next in \d+ ms\): 451 /,
    ),
  ])
  expect(outbox.errors).toEqual([
    expect.stringContaining("451 4.7.1 <address>: greylisted"),
    expect.stringContaining("451 4.7.1 <address>: greylisted"),
  ])
  // "Later" is no refusal: nothing for the staff's list.
  expect(outbox.refusals).toEqual([])
})

test("(d) a 550 for her address is given up at once; a 554 for the message after 3 tries; each recorded as refused", async () => {
  const smtp = await startSmtp({
    refuseRcpt: (address) =>
      address.startsWith("gone")
        ? smtpError(550, `5.1.1 <${address}>: Recipient address rejected: User unknown`)
        : undefined,
    refuseData: ({ envelope }) =>
      envelope.rcptTo[0]?.address.startsWith("spam")
        ? smtpError(
            554,
            `5.7.1 from <${envelope.mailFrom ? envelope.mailFrom.address : ""}> to <${envelope.rcptTo[0].address}>: spam`,
          )
        : undefined,
  })
  cleanups.push(smtp.close)
  const { outbox, add, sender, lines } = setUp(smtp)
  const gone = add("gone@example.com")
  const spam = add("spam-trap@example.com", "welcome")
  add("eve@example.com")
  sender.wake()
  await until(() => outbox.jobs.size === 0)
  await sender.idle()

  expect(smtp.rcpt.filter((a) => a === "gone@example.com")).toHaveLength(1)
  expect(smtp.rcpt.filter((a) => a === "spam-trap@example.com")).toHaveLength(3)
  expect(smtp.received.map(({ to }) => to)).toEqual([["eve@example.com"]])
  expect(lines).toContainEqual(
    expect.stringMatching(
      new RegExp(
        `^e-mail: confirmation refused, given up \\(job ${gone}, attempt 1\\): 550 5\\.1\\.1 <address>: Recipient address rejected`,
      ),
    ),
  )
  expect(lines).toContainEqual(
    expect.stringMatching(
      new RegExp(`^e-mail: welcome refused, given up \\(job ${spam}, attempt 3\\): 554 `),
    ),
  )
  expect(lines.join("\n")).not.toMatch(/gone@|spam-trap@|mail@sender/)
  // Recorded for her record and the staff's list, with the server's answer ((g): no address).
  expect(outbox.refusals).toEqual([
    {
      id: gone,
      kind: "confirmation",
      why: expect.stringMatching(/^550 5\.1\.1 <address>: Recipient address rejected/),
    },
    { id: spam, kind: "welcome", why: expect.stringMatching(/^554 /) },
  ])
})

test("a job claimed by a process killed mid-send is sent once the longest send and a minute have passed", async () => {
  const outbox = new MemoryOutbox()
  outbox.add("claimed@example.com")
  const killedAt = Date.now()
  // A sender with its own settings claims it, and its process dies before it can send, complete
  // or reschedule it (its mailer never answers).
  const leases: number[] = []
  const claim = outbox.claimDue.bind(outbox)
  outbox.claimDue = (now, limit, leaseMs) => {
    leases.push(leaseMs)
    return claim(now, limit, leaseMs)
  }
  startSender({
    outbox,
    mailer: { description: "stuck", send: () => new Promise(() => {}), close: () => {} },
    compose,
    now: () => new Date(killedAt),
    log: () => {},
  })
  await until(() => leases.length > 0)
  expect(leases).toEqual([defaultLeaseMs])
  // Longer than a send may take (no second copy of a slow one), and not much longer.
  expect(defaultLeaseMs).toBeGreaterThan(sendDeadlineMs)
  expect(defaultLeaseMs).toBeLessThanOrEqual(sendDeadlineMs + 60_000)
  const sent: string[] = []
  const mailer: Mailer = {
    description: "memory",
    send: async (email) => void sent.push(email.to),
    close: () => {},
  }
  const at = (ms: number) => () => new Date(killedAt + ms)
  const early = startSender({
    outbox,
    mailer,
    compose,
    now: at(defaultLeaseMs - 1_000),
    log: () => {},
  })
  await early.idle()
  await early.stop()
  expect(sent).toEqual([])
  const later = startSender({ outbox, mailer, compose, now: at(defaultLeaseMs), log: () => {} })
  await later.idle()
  await later.stop()
  expect(sent).toEqual(["claimed@example.com"])
})

test("stop() finishes the e-mail in flight, then stops", async () => {
  const smtp = await startSmtp({ dataDelayMs: 500 })
  cleanups.push(smtp.close)
  const { outbox, add, sender } = setUp(smtp)
  add("fay@example.com")
  sender.wake()
  await until(() => smtp.rcpt.length === 1)
  // Mid-send: the e-mail goes out and its job is completed before stop() resolves.
  await sender.stop()
  expect(smtp.received).toHaveLength(1)
  expect(outbox.jobs.size).toBe(0)
  add("gus@example.com")
  sender.wake()
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(outbox.jobs.size).toBe(1)
  expect(smtp.rcpt).toHaveLength(1)
})

test("(e) without SMTP_URL, each e-mail is an .eml file a mail app opens", async () => {
  const log = jest.spyOn(console, "log").mockImplementation((line: string) => logged.push(line))
  try {
    const { outbox, add, sender } = setUp(undefined)
    const ids = [add("hana@example.com"), add("iris@example.com", "welcome")]
    sender.wake()
    await until(() => outbox.jobs.size === 0)

    const files = (await readdir(emlFolder)).sort()
    expect(files).toEqual(ids.map((id) => `${id.replace(/:/g, "-")}.eml`).sort())
    for (const id of ids) {
      const file = path.join(emlFolder, `${id.replace(/:/g, "-")}.eml`)
      const mail = await simpleParser(await readFile(file))
      expect(header(mail, "X-Job")).toBe(id)
      expect(mail.from?.text).toBe(contentFrom)
      expect(mail.text?.trim()).toBe(`Hello, confirm here: ${id}`)
      expect(header(mail, "List-Unsubscribe")).toMatch(/^<https:\/\/www\.evergrace\.example\//)
      expect(header(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click")
      expect(log).toHaveBeenCalledWith(`e-mail: written to ${file} (no SMTP_URL set)`)
    }
  } finally {
    log.mockRestore()
  }
})

test("(f) SMTP_URL without MAIL_FROM, or half a DKIM setting: a clear error at creation", () => {
  expect(() => mailerFromSettings({ SMTP_URL: "smtp://u:p@127.0.0.1:2525" }, emlFolder)).toThrow(
    /MAIL_FROM is not set/,
  )
  const settings = { SMTP_URL: "smtp://u:p@127.0.0.1:2525", MAIL_FROM: mailFrom.setting }
  expect(() => mailerFromSettings({ ...settings, DKIM_SELECTOR: "s1" }, emlFolder)).toThrow(
    /DKIM_PRIVATE_KEY and DKIM_SELECTOR/,
  )
  expect(() =>
    mailerFromSettings(
      { ...settings, DKIM_SELECTOR: "s1", DKIM_PRIVATE_KEY: "/no/such.pem" },
      emlFolder,
    ),
  ).toThrow(/DKIM_PRIVATE_KEY is neither PEM text nor a readable file/)
  const mailer = mailerFromSettings(settings, emlFolder)
  expect(mailer.description).toBe("SMTP smtp://127.0.0.1:2525 (pooled)")
  mailer.close()
})

test("DKIM signs with the key given as PEM text or as a file, List-Unsubscribe-Post included", async () => {
  const smtp = await startSmtp()
  cleanups.push(smtp.close)
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 })
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString()
  const keyFile = path.join(emlFolder, "dkim.pem")
  await writeFile(keyFile, pem)
  for (const key of [pem.replace(/\n/g, "\\n"), keyFile]) {
    const mailer = mailerFromSettings(
      {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: mailFrom.setting,
        DKIM_PRIVATE_KEY: key,
        DKIM_SELECTOR: "s1",
      },
      emlFolder,
    )
    cleanups.push(() => mailer.close())
    expect(mailer.description).toBe(
      `SMTP smtp://127.0.0.1:${smtp.port} (pooled), DKIM s1._domainkey.${mailFrom.domain}`,
    )
    await mailer.send(
      await compose({
        id: "dkim-1",
        kind: "welcome",
        to: "jo@example.com",
        memberId: "m9",
      } as OutboxJob),
    )
    addresses.add("jo@example.com")
  }
  expect(smtp.received).toHaveLength(2)
  for (const { mail } of smtp.received) {
    const signature = header(mail, "DKIM-Signature") ?? ""
    expect(signature).toContain(`d=${mailFrom.domain};`)
    expect(signature).toMatch(/s=s1;/)
    expect(signature.toLowerCase()).toMatch(/h=[^;]*list-unsubscribe-post/)
  }
})

test("(g) no log line and no stored error holds a recipient's address", () => {
  expect(logged.length).toBeGreaterThan(40)
  expect(stored.length).toBeGreaterThan(10)
  const everything = [...logged, ...stored].join("\n").toLowerCase()
  for (const address of addresses) expect(everything).not.toContain(address.toLowerCase())
  expect(everything).not.toMatch(/[\w.-]+@[\w-]+\.[a-z]+/)
})

test.each(["o'brien@example.com", "ann+list@example.com", "d'arcy.o'neil@example.co.uk"])(
  "a failure's text that names %s keeps none of it",
  (address) => {
    const replies = [
      `550 5.1.1 <${address}>: Recipient address rejected`,
      `550 5.1.1 ${address}: no such user`,
      `452 4.2.2 mailbox of ${address} is full`,
    ]
    // With her address known (a job's failure) or not (the outbox's own): the pattern alone holds.
    for (const reply of replies) {
      const expected = reply.replace(`<${address}>`, "<address>").replace(address, "<address>")
      expect(reason({ response: reply }, address)).toBe(expected)
      expect(reason({ response: reply })).toBe(expected)
    }
  },
)

test("settled() waits for the e-mail being sent this moment (erasing her waits for it)", async () => {
  const outbox = new MemoryOutbox()
  outbox.add("ann@example.com")
  let release = () => {}
  const sent: string[] = []
  const mailer: Mailer = {
    description: "held",
    send: (email: OutgoingEmail) =>
      new Promise<void>((resolve) => {
        release = () => {
          sent.push(email.to)
          resolve()
        }
      }),
    close: () => {},
  }
  const sender = startSender({ outbox, mailer, compose, log: () => {} })
  try {
    await new Promise((resolve) => setTimeout(resolve, 100))
    let settled = false
    const waiting = sender.settled().then(() => (settled = true))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(settled).toBe(false)
    release()
    await waiting
    expect(sent).toEqual(["ann@example.com"])
  } finally {
    await sender.stop()
  }
})
