/** @jest-environment node */
import { execFile, execFileSync, spawn } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { mkdtemp, rm } from "node:fs/promises"
import { createServer, type AddressInfo, type Socket } from "node:net"
import os from "node:os"
import path from "node:path"
import { promisify } from "node:util"
import { resendLimit } from "../src/membership/membersApi"
import { memberRow } from "../src/membership/web/staff/handleStaff"
import { dayMs } from "../src/utils/dates"
import { auditLength, refusalsKept } from "../src/membership/node/store/auditLog"
import {
  closeMemberStores,
  memberStore,
  readJobs,
  readMembers,
} from "../src/membership/node/store/lmdbStore"
import { eraseEmailCopies } from "../src/membership/node/emailCopies"
import { mailerFromSettings } from "../src/membership/node/mailer"
import { membersSecret } from "../src/membership/node/linksSecret"
import { nodeMembership, stopMemberships } from "../src/membership/node/nodeMembership"
import { eraseThroughServer } from "../src/membership/node/storeControl"
import { memberIdFor } from "../src/membership/web/links/signedLinks"

const tsx = path.resolve("node_modules/.bin/tsx")
let folder: string

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "members-"))
})

afterEach(async () => {
  await closeMemberStores()
  await rm(folder, { recursive: true, force: true })
})

test("the same address twice, in any case, is one pending member with one confirmation e-mail; the first spelling is kept", async () => {
  const store = memberStore(folder)
  expect(await store.subscribe("Ann@Example.com", { page: "/contact", wording: "abc" })).toBe(
    "joined",
  )
  expect(await store.subscribe("ann@example.com")).toBe("already-asked")
  const members = await readMembers(folder)
  expect(members).toEqual([
    expect.objectContaining({
      address: "Ann@Example.com",
      status: "pending",
      page: "/contact",
      wording: "abc",
    }),
  ])
  expect(Date.parse(members[0]?.askedAt ?? "")).not.toBeNaN()
  // Proof of consent and no more: nothing about where she was or who she is.
  expect(Object.keys(members[0] ?? {}).sort()).toEqual(
    ["address", "askedAt", "confirmationsSent", "id", "page", "status", "wording"].sort(),
  )
  const jobs = await readJobs(folder)
  expect(jobs).toEqual([
    expect.objectContaining({
      kind: "confirmation",
      to: "Ann@Example.com",
      memberId: members[0]?.id,
    }),
  ])
})

/** The sender's side: every job due now sent, by kind. */
async function sendDue(store: ReturnType<typeof memberStore>, now: Date, sent: string[] = []) {
  for (const job of await store.outbox.claimDue(now, 100, 60_000)) {
    sent.push(job.kind)
    await store.outbox.complete(job.id)
  }
  return sent
}

test("a pending sign-up again gets the confirmation again, at most once a quarter hour and three times a day", async () => {
  let clock = Date.parse("2026-11-26T09:00:00Z")
  const store = memberStore(folder, { now: () => new Date(clock) })
  const sent: string[] = []
  // Each one sent as soon as it is due: one waiting would be sent instead of another (below).
  const minutes = async (n: number) => {
    await sendDue(store, new Date(clock), sent)
    clock += n * 60_000
  }
  const confirmations = async () =>
    sent.length + (await readJobs(folder)).filter((job) => job.kind === "confirmation").length
  await store.subscribe("ann@example.com")
  expect(await confirmations()).toBe(1)
  await minutes(5)
  await store.subscribe("ann@example.com")
  expect(await confirmations()).toBe(1)
  await minutes(resendLimit.minimumGapMs / 60_000)
  await store.subscribe("ann@example.com")
  expect(await confirmations()).toBe(2)
  await minutes(20)
  await store.subscribe("ann@example.com")
  expect(await confirmations()).toBe(3)
  await minutes(20)
  await store.subscribe("ann@example.com")
  expect(await confirmations()).toBe(3)
  await minutes(24 * 60)
  await store.subscribe("ann@example.com")
  expect(await confirmations()).toBe(4)
})

test("her sign-up again while her confirmation still waits (the mail server down) sends her one, not two", async () => {
  let clock = Date.parse("2026-11-26T09:00:00Z")
  const store = memberStore(folder, { now: () => new Date(clock) })
  await store.subscribe("ann@example.com")
  const [ann] = await readMembers(folder)
  // 09:00: the mail server refuses it for now; the sender tries again later.
  const [job] = await store.outbox.claimDue(new Date(clock), 10, 60_000)
  await store.outbox.retry(job!.id, new Date(clock + 60 * 60_000), "421 try later")
  // 09:20: nothing has come, so she sends the form again; the staff press "Resend" too.
  clock += 20 * 60_000
  expect(await store.subscribe("ann@example.com")).toBe("already-asked")
  expect(await store.resendConfirmation(ann!.id)).toBe("waiting")
  // 10:00: the mail server is back.
  clock += 40 * 60_000
  expect(await sendDue(store, new Date(clock))).toEqual(["confirmation"])
  expect(await readJobs(folder)).toEqual([])
  // Once that one has gone, the limit alone decides: the staff may resend.
  expect(await store.resendConfirmation(ann!.id)).toBe("sent")
})

test("confirming makes her a member and queues the welcome once; a member signing up again is sent nothing", async () => {
  const store = memberStore(folder)
  await store.subscribe("ann@example.com")
  const [pending] = await readMembers(folder)
  expect(await store.confirm(pending?.id ?? "")).toBe("confirmed")
  expect(await store.confirm(pending?.id ?? "")).toBe("already-confirmed")
  expect(await store.confirm("no-such-id")).toBe("unknown")
  const [member] = await readMembers(folder)
  expect(member).toEqual(expect.objectContaining({ status: "confirmed" }))
  expect(Date.parse(member?.confirmedAt ?? "")).not.toBeNaN()
  expect((await readJobs(folder)).map((job) => job.kind)).toEqual(["welcome"])
  expect(await store.subscribe("Ann@example.com")).toBe("already-member")
  expect((await readJobs(folder)).map((job) => job.kind)).toEqual(["welcome"])
})

test("leaving is recorded at once and drops what was waiting for her; she may join again, by double opt-in", async () => {
  let clock = Date.parse("2026-11-26T09:00:00Z")
  const store = memberStore(folder, { now: () => new Date(clock) })
  await store.subscribe("ann@example.com")
  const [pending] = await readMembers(folder)
  const id = pending?.id ?? ""
  await store.confirm(id)
  expect(await store.leave(id)).toBe("left")
  expect(await store.leave(id)).toBe("left")
  expect(await store.leave("no-such-id")).toBe("unknown")
  const [left] = await readMembers(folder)
  expect(left).toEqual(expect.objectContaining({ status: "left", id }))
  expect(Date.parse(left?.leftAt ?? "")).not.toBeNaN()
  expect(await readJobs(folder)).toEqual([])
  expect(await store.confirm(id)).toBe("left")

  // Her address again at once (she left by mistake, say): she is pending again, and her new
  // confirmation goes once the resend limit allows; a bot sending her address again cannot make
  // it go sooner, nor twice.
  const firstSent = clock
  expect(await store.subscribe("ann@example.com")).toBe("joined")
  expect(await store.subscribe("ann@example.com")).toBe("already-asked")
  const jobs = await readJobs(folder)
  expect(jobs.map((job) => [job.kind, job.notBefore])).toEqual([
    ["confirmation", new Date(firstSent + resendLimit.minimumGapMs).toISOString()],
  ])
  const [again] = await readMembers(folder)
  expect(again).toEqual(expect.objectContaining({ status: "pending", id }))
  // Her link from before she left is not her consent to this sign-up; the new one's is.
  expect(await store.confirm(id, new Date(firstSent - 60_000))).toBe("stale")
  clock += resendLimit.minimumGapMs
  expect(await store.confirm(id, new Date(clock))).toBe("confirmed")
})

test("leaving a sign-up she never confirmed does not reset the resend limit: her address typed again waits its turn, and a day later nothing is kept", async () => {
  let clock = Date.parse("2026-11-26T09:00:00Z")
  const store = memberStore(folder, {
    now: () => new Date(clock),
    // As the server makes her id: from her address, under the links' secret.
    memberId: (key) => memberIdFor("the links' secret of this test", key),
  })
  const her = "cleo@example.com"
  const dueTimes = async () => (await readJobs(folder)).map((job) => Date.parse(job.notBefore))
  const signedUpAt = clock
  expect(await store.subscribe(her)).toBe("joined")
  const id = (await readMembers(folder))[0]?.id ?? ""
  // She did not ask: she presses leave in the confirmation, and nothing of her address is kept.
  clock += 60_000
  expect(await store.leave(id)).toBe("forgotten")
  expect(storeFilesHold(her)).toEqual([])
  expect(await readJobs(folder)).toEqual([])

  // Whoever typed it types it again at once: her next confirmation waits for the gap after the
  // first, as if she had not left; and so on, never more than the day's count.
  const due: number[] = []
  for (let round = 0; round < resendLimit.perDay; round++) {
    clock += 60_000
    expect(await store.subscribe(her)).toBe("joined")
    const [next] = await dueTimes()
    due.push(next!)
    clock = Math.max(clock, next!) + 60_000
    expect(await store.leave(id)).toBe("forgotten")
  }
  expect(due[0]).toBe(signedUpAt + resendLimit.minimumGapMs)
  expect(due.at(-1)).toBeGreaterThanOrEqual(signedUpAt + dayMs)

  // A day after her last confirmation, what was kept of her goes, and her address is new again.
  clock = Math.max(...due) + dayMs
  await store.forgetUnconfirmed(new Date(clock - 7 * dayMs))
  expect(await store.subscribe(her)).toBe("joined")
  expect(await dueTimes()).toEqual([clock])
  // Erased, by her address: nothing of her, nor of when she was sent anything, is kept.
  clock += 60_000
  expect(await store.leave(id)).toBe("forgotten")
  expect(await store.erase({ address: her })).toBe(false)
  expect(await store.subscribe(her)).toBe("joined")
  expect(await dueTimes()).toEqual([clock])
})

test("one who left and signs up again keeps the proof of each membership; the new sign-up given up, she is one who left again", async () => {
  let clock = Date.parse("2026-11-01T09:00:00Z")
  const store = memberStore(folder, { now: () => new Date(clock) })
  /** She joins from `page`, confirms, and leaves a day later: that membership, as kept. */
  const aMembership = async (page: string) => {
    await store.subscribe("dora@example.com", { page, wording: page })
    const id = (await readMembers(folder))[0]?.id ?? ""
    clock += resendLimit.minimumGapMs
    await store.confirm(id)
    clock += dayMs
    await store.leave(id)
    const { askedAt, confirmedAt, leftAt } = (await readMembers(folder))[0]!
    return { id, former: { askedAt, page, wording: page, confirmedAt, leftAt } }
  }
  const { id, former: first } = await aMembership("/contact")
  clock += dayMs
  const { former: second } = await aMembership("/journal")

  // Anyone may type her address into the form: pending, and both memberships are kept; the staff
  // see when she last left.
  clock += dayMs
  await store.subscribe("dora@example.com", { page: "/", wording: "w3" })
  const [again] = await readMembers(folder)
  expect(again).toMatchObject({ id, status: "pending", page: "/", earlier: [first, second] })
  expect(memberRow(again!)).toEqual({
    id,
    address: "dora@example.com",
    status: "pending",
    askedAt: again?.askedAt,
    leftBefore: second.leftAt,
  })

  // Not confirmed in time: forgotten, she is one who left, as she was, the first membership kept.
  expect(await store.forgetUnconfirmed(new Date(clock + 1))).toBe(0)
  const [back] = await readMembers(folder)
  expect(back).toMatchObject({ id, status: "left", ...second, earlier: [first] })
  expect(await readJobs(folder)).toEqual([])

  // Taken off before she confirms: the same.
  clock += dayMs
  await store.subscribe("dora@example.com", { page: "/", wording: "w3" })
  expect(await store.leave(id)).toBe("left")
  expect((await readMembers(folder))[0]).toMatchObject({
    status: "left",
    ...second,
    earlier: [first],
  })

  // Erased at her request: nothing of any membership is kept.
  expect(await store.erase({ id })).toBe(true)
  expect(await readMembers(folder)).toEqual([])
})

test("one who leaves from a confirmation she never asked for is not kept at all", async () => {
  const store = memberStore(folder)
  await store.subscribe("never-asked@example.com")
  const [pending] = await readMembers(folder)
  expect(await store.leave(pending?.id ?? "")).toBe("forgotten")
  expect(await readMembers(folder)).toEqual([])
  expect(await readJobs(folder)).toEqual([])
  expect(await store.byId(pending?.id ?? "")).toBeUndefined()
})

test("unconfirmed sign-ups older than the period are forgotten, with their e-mails; members stay", async () => {
  let clock = Date.parse("2026-10-01T09:00:00Z")
  const store = memberStore(folder, { now: () => new Date(clock) })
  await store.subscribe("never@example.com")
  await store.subscribe("member@example.com")
  const member = (await readMembers(folder)).find((m) => m.address === "member@example.com")
  await store.confirm(member?.id ?? "")
  clock += 31 * 24 * 60 * 60_000
  await store.subscribe("recent@example.com")
  expect(await store.forgetUnconfirmed(new Date(clock - 30 * 24 * 60 * 60_000))).toBe(1)
  expect((await readMembers(folder)).map((m) => m.address).sort()).toEqual([
    "member@example.com",
    "recent@example.com",
  ])
  expect((await readJobs(folder)).map((job) => job.to).sort()).toEqual([
    "member@example.com",
    "recent@example.com",
  ])
})

test("the outbox hands each due job to one sender at a time, and retries it later", async () => {
  const store = memberStore(folder)
  await store.subscribe("a@example.com")
  await store.subscribe("b@example.com")
  const now = new Date()
  const claimed = await store.outbox.claimDue(now, 10, 60_000)
  expect(claimed.map((job) => job.to)).toEqual(["a@example.com", "b@example.com"])
  // Claimed: another sender finds nothing due until the lease has passed.
  expect(await store.outbox.claimDue(now, 10, 60_000)).toEqual([])
  await store.outbox.complete(claimed[0]?.id ?? "")
  await store.outbox.retry(claimed[1]?.id ?? "", new Date(now.getTime() + 5000), "421 busy")
  expect(await store.outbox.nextDue()).toEqual(new Date(now.getTime() + 5000))
  const [retried] = await store.outbox.claimDue(new Date(now.getTime() + 5000), 10, 60_000)
  expect(retried).toEqual(
    expect.objectContaining({ to: "b@example.com", attempts: 1, lastError: "421 busy" }),
  )
})

test("concurrent sign-ups lose nothing and store each address once", async () => {
  const store = memberStore(folder)
  const addresses = Array.from({ length: 300 }, (_, n) => `member-${n}@example.com`)
  // Every address twice, all at once.
  const results = await Promise.all([...addresses, ...addresses].map((a) => store.subscribe(a)))
  // Each answered as a success: the first as a sign-up, the second as one already asked for.
  expect(results.filter((result) => result === "joined")).toHaveLength(300)
  expect(results.filter((result) => result === "already-asked")).toHaveLength(300)
  const stored = (await readMembers(folder)).map((member) => member.address)
  expect(stored.sort()).toEqual([...addresses].sort())
  // One confirmation each: the second sign-up came within the quarter hour.
  expect((await readJobs(folder)).map((job) => job.to).sort()).toEqual([...addresses].sort())
})

test("members from before double opt-in (the first store's records) become confirmed members, with links of their own", async () => {
  const { open } = await import("lmdb")
  const first = open({ path: path.join(folder, "members.mdb") })
  await first.put("old@example.com", {
    address: "Old@example.com",
    joinedAt: "2026-01-02T03:04:05.000Z",
  })
  await first.close()

  const store = memberStore(folder)
  const [member] = await readMembers(folder)
  expect(member).toEqual(
    expect.objectContaining({
      address: "Old@example.com",
      status: "confirmed",
      askedAt: "2026-01-02T03:04:05.000Z",
    }),
  )
  expect(member?.id).not.toBe("")
  expect(await store.byId(member?.id ?? "")).toEqual(member)
  expect(await store.subscribe("old@example.com")).toBe("already-member")
})

test("first-store records the first double opt-in store moved as they were become members too", async () => {
  const { open } = await import("lmdb")
  const root = open({ path: path.join(folder, "members.mdb"), maxDbs: 5 })
  await root.openDB({ name: "members" }).put("moved@example.com", {
    address: "Moved@example.com",
    joinedAt: "2026-01-03T00:00:00.000Z",
  })
  await root.close()

  const store = memberStore(folder)
  const [member] = await store.list()
  expect(member).toEqual(
    expect.objectContaining({ address: "Moved@example.com", status: "confirmed" }),
  )
  expect(member?.id).not.toBe("")
  expect(await store.byId(member?.id ?? "")).toEqual(member)
  expect(await store.subscribe("moved@example.com")).toBe("already-member")
  // Made a member once: opened again, she keeps the id her links carry.
  await closeMemberStores()
  expect(await memberStore(folder).byId(member?.id ?? "")).toEqual(member)
  expect(await memberStore(folder).leave(member?.id ?? "")).toBe("left")
})

test("a first-store record of another shape is left as it is, and the list still opens", async () => {
  const { open } = await import("lmdb")
  const first = open({ path: path.join(folder, "members.mdb") })
  await first.put("odd@example.com", { address: "odd@example.com" })
  await first.close()
  const errors = jest.spyOn(console, "error").mockImplementation(() => {})
  try {
    const store = memberStore(folder)
    expect(await store.list()).toEqual([])
    expect(await store.subscribe("odd@example.com")).toBe("joined")
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("left as it is"))
  } finally {
    errors.mockRestore()
  }
})

test("members survive the store being closed and opened again", async () => {
  await memberStore(folder).subscribe("kept@example.com")
  await closeMemberStores()
  expect((await readMembers(folder)).map((member) => member.address)).toEqual(["kept@example.com"])
})

test("a crash mid-write (kill -9) loses no acknowledged sign-up and leaves a readable store", async () => {
  // Node itself, not the tsx launcher, so that the kill reaches the process that writes.
  const writer = spawn(process.execPath, [
    "--import",
    "tsx",
    path.resolve("__tests__/fixtures/memberWriter.ts"),
    folder,
  ])
  const acknowledged: string[] = []
  await new Promise<void>((resolve, reject) => {
    let pending = ""
    writer.stdout.on("data", (chunk: Buffer) => {
      pending += chunk.toString()
      const lines = pending.split("\n")
      pending = lines.pop() ?? ""
      acknowledged.push(...lines)
      // Killed while it is writing: it never stops between sign-ups.
      if (acknowledged.length >= 200) writer.kill("SIGKILL")
    })
    writer.on("exit", () => resolve())
    writer.on("error", reject)
  })
  expect(acknowledged.length).toBeGreaterThanOrEqual(200)
  const stored = new Set((await readMembers(folder)).map((member) => member.address))
  for (const address of acknowledged) expect(stored).toContain(address)
}, 30_000)

const exportCsv = async (...args: string[]) => {
  const { stdout } = await promisify(execFile)(tsx, ["scripts/members-export.ts", ...args], {
    env: { ...process.env, MEMBERS_STORE: folder },
  })
  return stdout.trimEnd().split("\r\n")
}
/**
 * Each export starts the command in a process of its own (tsx, 1–3 s under CI's load; one test
 * timed out at Jest's 5 s once), so its tests have longer.
 */
const exportMs = 30_000
/** As a spreadsheet reads a date and time, in UTC (the columns say so). */
const csvTime = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/

test(
  "members:export prints the confirmed members once as CSV, oldest first; --all adds the pending and the former, with their status",
  async () => {
    // A second between sign-ups, so "oldest first" has one answer.
    let clock = Date.parse("2026-11-26T09:00:00Z")
    const store = memberStore(folder, { now: () => new Date((clock += 1000)) })
    for (const address of ["first@example.com", "second@example.com", "pending@example.com"])
      await store.subscribe(address)
    await store.subscribe("FIRST@example.com")
    const [first, second] = await readMembers(folder)
    await store.confirm(first?.id ?? "")
    await store.confirm(second?.id ?? "")
    await store.leave(second?.id ?? "")

    const [header, ...rows] = await exportCsv()
    expect(header).toBe("email,asked_at_utc,confirmed_at_utc")
    expect(rows.map((row) => row.split(",")[0])).toEqual(["first@example.com"])
    expect(rows[0]?.split(",")[1]).toMatch(csvTime)
    expect(rows[0]?.split(",")[2]).toMatch(csvTime)

    const [allHeader, ...allRows] = await exportCsv("--all")
    expect(allHeader).toBe(
      "email,asked_at_utc,confirmed_at_utc,status,left_at_utc,email_refused,refused_at_utc,mail_server_answer",
    )
    expect(allRows.map((row) => [row.split(",")[0], row.split(",")[3]])).toEqual([
      ["first@example.com", "confirmed"],
      ["second@example.com", "left"],
      ["pending@example.com", "pending"],
    ])
    expect(allRows[1]?.split(",")[4]).toMatch(csvTime)
  },
  exportMs,
)

test(
  "members:export makes addresses that a spreadsheet would run as formulas safe",
  async () => {
    let clock = Date.parse("2026-11-26T09:00:00Z")
    const store = memberStore(folder, { now: () => new Date((clock += 1000)) })
    const addresses = [
      "=cmd@example.com",
      "'=cmd@example.com",
      "+x@example.com",
      "-y@example.com",
      "ok@example.com",
    ]
    for (const address of addresses) await store.subscribe(address)
    const [, ...rows] = await exportCsv("--all")
    expect(rows.map((row) => row.split(",")[0])).toEqual([
      "'=cmd@example.com",
      "''=cmd@example.com",
      "'+x@example.com",
      "'-y@example.com",
      "ok@example.com",
    ])
  },
  exportMs,
)

test(
  "members:export of a store that does not exist yet prints the header only",
  async () => {
    const { stdout } = await promisify(execFile)(tsx, ["scripts/members-export.ts"], {
      env: { ...process.env, MEMBERS_STORE: path.join(folder, "none") },
    })
    expect(stdout).toBe("email,asked_at_utc,confirmed_at_utc\r\n")
  },
  exportMs,
)

test("a person who asks to be erased is, in any spelling, with the e-mails waiting for her; others stay", async () => {
  const store = memberStore(folder)
  await store.subscribe("leaving@example.com")
  await store.subscribe("staying@example.com")
  const [leaving] = await readMembers(folder)
  expect(await memberStore(folder).erase({ address: "Leaving@Example.com" })).toBe(true)
  expect(await memberStore(folder).erase({ address: "leaving@example.com" })).toBe(false)
  expect((await readMembers(folder)).map((member) => member.address)).toEqual([
    "staying@example.com",
  ])
  expect((await readJobs(folder)).map((job) => job.to)).toEqual(["staying@example.com"])
  // Her links no longer find her.
  expect(await store.byId(leaving?.id ?? "")).toBeUndefined()
})

test("the staff's resend keeps the form's limit, for pending sign-ups only; erasing by id takes her jobs too", async () => {
  let clock = Date.parse("2026-11-26T09:00:00Z")
  const store = memberStore(folder, { now: () => new Date(clock) })
  await store.subscribe("ann@example.com")
  const [ann] = await readMembers(folder)
  const id = ann?.id ?? ""
  const sent = await sendDue(store, new Date(clock))
  expect(await store.resendConfirmation(id)).toBe("limited")
  clock += resendLimit.minimumGapMs
  expect(await store.resendConfirmation(id)).toBe("sent")
  await sendDue(store, new Date(clock), sent)
  clock += resendLimit.minimumGapMs
  expect(await store.resendConfirmation(id)).toBe("sent")
  await sendDue(store, new Date(clock), sent)
  clock += resendLimit.minimumGapMs
  // Three in a day, the form's and the staff's together.
  expect(await store.resendConfirmation(id)).toBe("limited")
  expect(sent).toEqual(["confirmation", "confirmation", "confirmation"])
  expect(await store.resendConfirmation("no-such-id")).toBe("unknown")
  await store.confirm(id)
  expect(await store.resendConfirmation(id)).toBe("notPending")

  expect(await store.erase({ id })).toBe(true)
  expect(await readMembers(folder)).toEqual([])
  expect(await readJobs(folder)).toEqual([])
  expect(await store.erase({ id })).toBe(false)
})

test("an e-mail her mail server refused for good: the job goes, her record says which, when and its answer, the audit log notes it; the next e-mail queued for her clears it", async () => {
  let clock = Date.parse("2026-11-26T09:00:00Z")
  const store = memberStore(folder, { now: () => new Date(clock) })
  const answer = "550 5.1.1 <address>: Recipient address rejected: User unknown"
  /** The sender's give-up: every job due for her refused, the others sent. */
  const refuseDue = async (to: string) => {
    for (const job of await store.outbox.claimDue(new Date(clock), 100, 60_000)) {
      if (job.to === to) await store.outbox.refused(job.id, answer)
      else await store.outbox.complete(job.id)
    }
  }
  const her = async (address: string) =>
    (await readMembers(folder)).find((member) => member.address === address)
  await store.subscribe("typo@example.con")
  await store.subscribe("ann@example.com")
  await refuseDue("typo@example.con")
  expect(await readJobs(folder)).toEqual([])
  const refused = { email: "confirmation", at: new Date(clock).toISOString(), answer }
  expect(await her("typo@example.con")).toMatchObject({ status: "pending", refused })
  expect(memberRow((await her("typo@example.con"))!).refused).toEqual(refused)
  expect((await her("ann@example.com"))?.refused).toBeUndefined()
  // The audit log notes it, no one of the staff did it, and whom it was done to is not said.
  expect(await store.audit.recent()).toEqual([
    { at: new Date(clock).toISOString(), action: "confirmationRefused" },
  ])

  // The staff resend her confirmation (a quarter hour later): the mark goes with the new e-mail.
  clock += resendLimit.minimumGapMs
  expect(await store.resendConfirmation((await her("typo@example.con"))?.id ?? "")).toBe("sent")
  expect((await her("typo@example.con"))?.refused).toBeUndefined()
  // Refused again; she signs up again (a quarter hour later): the mark goes again.
  await refuseDue("typo@example.con")
  expect((await her("typo@example.con"))?.refused).toBeDefined()
  clock += resendLimit.minimumGapMs
  expect(await store.subscribe("typo@example.con")).toBe("joined")
  expect((await her("typo@example.con"))?.refused).toBeUndefined()

  // A member's welcome refused: she stays a member, and her record says which e-mail it was.
  const ann = await her("ann@example.com")
  await store.confirm(ann?.id ?? "")
  await refuseDue("ann@example.com")
  expect(await her("ann@example.com")).toMatchObject({
    status: "confirmed",
    refused: { email: "welcome", answer },
  })
  expect((await store.audit.recent(1)).map((entry) => entry.action)).toEqual(["welcomeRefused"])

  // A job no longer waiting (she was erased meanwhile) leaves nothing behind.
  const [waiting] = await store.outbox.claimDue(new Date(clock), 100, 60_000)
  await store.erase({ address: "typo@example.con" })
  await store.outbox.refused(waiting?.id ?? "", answer)
  expect(await her("typo@example.con")).toBeUndefined()
  expect(await store.audit.recent()).toHaveLength(3)
})

test("a run of refused e-mails leaves the staff's own actions in the audit log", async () => {
  const store = memberStore(folder)
  await store.audit.record({ at: "2026-11-01T09:00:00.000Z", login: "eve-editor", action: "erase" })
  for (let i = 0; i < auditLength + 5; i++) {
    const at = new Date(Date.parse("2026-11-02T00:00:00.000Z") + i * 1000).toISOString()
    await store.audit.record({ at, action: "confirmationRefused" })
  }
  const entries = await store.audit.recent()
  expect(entries.filter((entry) => entry.login === undefined)).toHaveLength(refusalsKept)
  expect(entries.filter((entry) => entry.login === "eve-editor")).toHaveLength(1)
})

test("the audit log keeps the latest entries, newest first", async () => {
  const store = memberStore(folder)
  const start = Date.parse("2026-11-26T09:00:00Z")
  for (let i = 0; i < auditLength + 5; i++) {
    const at = new Date(start + i * 1000).toISOString()
    await store.audit.record({ at, login: `editor${i}`, action: "export" })
  }
  const entries = await store.audit.recent()
  expect(entries).toHaveLength(auditLength)
  expect(entries[0]?.login).toBe(`editor${auditLength + 4}`)
  expect((await store.audit.recent(3)).map((entry) => entry.login)).toEqual([
    `editor${auditLength + 4}`,
    `editor${auditLength + 3}`,
    `editor${auditLength + 2}`,
  ])
})

/** Whether any file in the store's folder, or below it, holds `text` (as UTF-8 bytes). */
function storeFilesHold(text: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    if (readFileSync(file).includes(Buffer.from(text))) found.push(file)
  }
  return found
}

describe("an erased address is in none of the store's files afterwards", () => {
  // LMDB does not zero the pages it frees: before the store compacted itself, an erased address
  // stayed in members.mdb until some thirty later writes reused its page.
  const her = "erase.me.please@example.com"
  async function withOthers(store: ReturnType<typeof memberStore>) {
    for (let i = 0; i < 20; i++) await store.subscribe(`other${i}@example.com`)
    await store.subscribe(her)
    for (let i = 20; i < 25; i++) await store.subscribe(`other${i}@example.com`)
    expect(storeFilesHold(her).length).toBeGreaterThan(0)
    return (await readMembers(folder)).find((member) => member.address === her)!
  }

  test("erased by the staff (by her id)", async () => {
    const store = memberStore(folder)
    const member = await withOthers(store)
    expect(await store.erase({ id: member.id })).toBe(true)
    expect(storeFilesHold(her)).toEqual([])
    // The rest is whole, and the store goes on.
    expect(await readMembers(folder)).toHaveLength(25)
    await store.subscribe("after@example.com")
    expect(await readMembers(folder)).toHaveLength(26)
  })

  test("erased by her address (npm run members:remove)", async () => {
    await withOthers(memberStore(folder))
    expect(await memberStore(folder).erase({ address: her })).toBe(true)
    expect(storeFilesHold(her)).toEqual([])
  })

  test("a sign-up she never confirmed, when she leaves from it or it is forgotten", async () => {
    let clock = Date.parse("2026-11-01T09:00:00Z")
    const store = memberStore(folder, { now: () => new Date(clock) })
    const member = await withOthers(store)
    expect(await store.leave(member.id)).toBe("forgotten")
    expect(storeFilesHold(her)).toEqual([])

    clock += 40 * 86_400_000
    await store.subscribe(her)
    expect(storeFilesHold(her).length).toBeGreaterThan(0)
    expect(await store.forgetUnconfirmed(new Date(clock + 1000))).toBe(26)
    expect(storeFilesHold(her)).toEqual([])
  })

  test("uses under way when she is erased finish, and none is lost", async () => {
    const store = memberStore(folder)
    const member = await withOthers(store)
    const during = Array.from({ length: 30 }, (_, i) => store.subscribe(`during${i}@example.com`))
    const erased = store.erase({ id: member.id })
    const after = Array.from({ length: 30 }, (_, i) => store.subscribe(`after${i}@example.com`))
    await Promise.all([...during, erased, ...after])
    expect(await readMembers(folder)).toHaveLength(25 + 60)
    expect(storeFilesHold(her)).toEqual([])
  })

  test("a compaction that fails leaves her erased, her copies deleted, the log told, and the next erasure compacts", async () => {
    const copiesDeleted: string[] = []
    const store = memberStore(folder, {
      onRemoved: async (address) => void copiesDeleted.push(address),
    })
    const member = await withOthers(store)
    // Where the compacting copy is written, a folder with a file in it: the copy cannot be made.
    const blocked = path.join(folder, "members.mdb.compacting")
    mkdirSync(blocked)
    writeFileSync(path.join(blocked, "in-the-way"), "")
    const logged = jest.spyOn(console, "error").mockImplementation(() => {})
    try {
      expect(await store.erase({ id: member.id })).toBe(true)
      expect(copiesDeleted).toEqual([her])
      expect((await readMembers(folder)).map((m) => m.address)).not.toContain(her)
      expect(logged.mock.calls.flat().join("\n")).toMatch(/could not compact the store/)
      // Not compacted: her address is still in a free page.
      expect(storeFilesHold(her).length).toBeGreaterThan(0)
    } finally {
      logged.mockRestore()
    }
    // Once the way is clear, the next erasure compacts: no page keeps her any more.
    await rm(blocked, { recursive: true })
    expect(await store.erase({ address: "other0@example.com" })).toBe(true)
    expect(storeFilesHold(her)).toEqual([])
  })
})

describe("with a mail server that stalls", () => {
  // It greets and then says nothing: each send hangs until nodemailer gives up.
  const sockets = new Set<Socket>()
  const stalled = createServer((socket) => {
    sockets.add(socket)
    socket.write("220 mail.example ESMTP\r\n")
  })
  beforeAll(() => new Promise<void>((resolve) => stalled.listen(0, "127.0.0.1", resolve)))
  afterEach(async () => {
    for (const socket of sockets) socket.destroy()
    sockets.clear()
    await stopMemberships()
  })
  afterAll(() => new Promise((resolve) => stalled.close(resolve)))

  /** The server's wing, with Ann's confirmation being sent (the mail server has her connection). */
  async function sendingToAnn() {
    const env = {
      MEMBERS_STORE: folder,
      MEMBERS_SECRET: "a-secret-of-the-test-that-is-long-enough-0123",
      SMTP_URL: `smtp://127.0.0.1:${(stalled.address() as AddressInfo).port}`,
      MAIL_FROM: "hello@evergrace.example",
    }
    const running = nodeMembership(env)
    const store = (await running.own)?.store
    if (!store) throw new Error("no store")
    await running.list.subscribe("ann@example.com")
    for (let tries = 0; tries < 50 && sockets.size === 0; tries++)
      await new Promise((resolve) => setTimeout(resolve, 100))
    expect(sockets.size).toBeGreaterThan(0)
    return { env, running, store }
  }

  test("leaving or being erased answers at once: only copies kept here wait for the e-mail in flight", async () => {
    const { running, store } = await sendingToAnn()
    await running.list.subscribe("bea@example.com")
    const bea = (await store.list()).find((member) => member.address === "bea@example.com")
    const started = Date.now()
    expect(await store.leave(bea?.id ?? "")).toBe("forgotten")
    expect(Date.now() - started).toBeLessThan(2000)
  }, 30_000)

  test("while the wing stops after the e-mail in flight (a publish), members:remove still goes through the server", async () => {
    const { running } = await sendingToAnn()
    await running.list.subscribe("bea@example.com")
    const stopping = stopMemberships()
    // Through the server's socket (true: found and erased), not by a second process (undefined),
    // whose compacted store would replace the file the server has open.
    expect(await eraseThroughServer(folder, "bea@example.com")).toBe(true)
    for (const socket of sockets) socket.destroy()
    await stopping
  }, 30_000)

  test("a wing started while the one before stops (the next release's) takes the socket once it is let go", async () => {
    const { env } = await sendingToAnn()
    const stopping = stopMemberships()
    await nodeMembership(env).own
    for (const socket of sockets) socket.destroy()
    await stopping
    let answer: boolean | undefined
    for (let tries = 0; tries < 50 && answer === undefined; tries++) {
      answer = await eraseThroughServer(folder, "nobody@example.com").catch(() => undefined)
      if (answer === undefined) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    // The server answers: she is not on its list (undefined: nobody listens).
    expect(answer).toBe(false)
  }, 30_000)
})

test("the copies of her e-mails are erased however the mailer wrote her address, and only hers", async () => {
  const outbox = path.join(folder, "outbox")
  const mailer = mailerFromSettings({}, outbox)
  // The form lets through local parts that mail must quote ("ann..lee"@, ".ann"@).
  const hers = ["ann..lee@example.com", ".ann@example.com", "Ann@Example.com"]
  const others = ["joann@example.com", "lee@example.com"]
  for (const [index, to] of [...hers, ...others].entries()) {
    await mailer.send({
      to,
      subject: "Hello",
      html: "<p>Hi</p>",
      text: "Hi",
      headers: {},
      id: `job-${index}`,
    })
  }
  for (const address of hers) expect(await eraseEmailCopies(folder, address)).toBe(1)
  const left = readdirSync(outbox).map((name) => readFileSync(path.join(outbox, name), "utf8"))
  expect(left.map((text) => /^To: (.*)$/m.exec(text)?.[1]).sort()).toEqual(others)
})

test("a live server that keeps the list but has no mail server says, as it starts, that no e-mail leaves it", async () => {
  const warned = jest.spyOn(console, "warn").mockImplementation(() => {})
  const env = {
    MEMBERS_STORE: folder,
    MEMBERS_SECRET: "a-secret-of-the-test-that-is-long-enough-0123",
  }
  try {
    await nodeMembership(env).own
    // A developer's computer: the files are what she wants.
    expect(warned.mock.calls.flat().join("\n")).not.toContain("no e-mail leaves")
    await stopMemberships()
    await nodeMembership({ ...env, NODE_ENV: "production" }).own
    expect(warned.mock.calls.flat().join("\n")).toContain(
      `members: no e-mail leaves this server: SMTP_URL is not set, so each is written as a file in ${path.join(folder, "outbox")}`,
    )
  } finally {
    await stopMemberships()
    warned.mockRestore()
  }
})

test("members:remove erases her through the running server, which has the store open", async () => {
  const env = {
    MEMBERS_STORE: folder,
    MEMBERS_SECRET: "a-secret-of-the-test-that-is-long-enough-0123",
  }
  const her = "ask.to.go@example.com"
  const running = nodeMembership(env)
  try {
    expect(await running.list.subscribe(her)).toBe("joined")
    expect(await running.list.subscribe("stays@example.com")).toBe("joined")
    // A copy of an e-mail to her, as the sender writes it without SMTP_URL.
    mkdirSync(path.join(folder, "outbox"), { recursive: true })
    writeFileSync(path.join(folder, "outbox", "job.eml"), `To: ${her}\r\nSubject: Hello\r\n\r\nHi`)
    // The server's socket is up once the runtime has started.
    for (let tries = 0; tries < 50 && !existsSync(path.join(folder, "control.sock")); tries++)
      await new Promise((resolve) => setTimeout(resolve, 100))

    const { stdout } = await promisify(execFile)(tsx, ["scripts/members-remove.ts", her], {
      env: { ...process.env, MEMBERS_STORE: folder },
    })
    expect(stdout).toContain("through the running server")
    expect(existsSync(path.join(folder, "outbox", "job.eml"))).toBe(false)
    // The server's own open store no longer has her, nor has any file.
    expect((await readMembers(folder)).map((member) => member.address)).toEqual([
      "stays@example.com",
    ])
    expect(storeFilesHold(her)).toEqual([])
  } finally {
    await stopMemberships()
  }
}, 60_000)

test("a second server started on the same store by mistake takes no sign-up, and says so; the first keeps the list", async () => {
  const env = {
    MEMBERS_STORE: folder,
    MEMBERS_SECRET: "a-secret-of-the-test-that-is-long-enough-0123",
  }
  // Node itself, not the tsx launcher: killed, it ends, and nothing of it is left holding the
  // output it shares with Jest (npm test's runner waits for a step's output to close).
  const first = spawn(
    process.execPath,
    ["--import", "tsx", path.resolve("__tests__/fixtures/storeHolder.ts")],
    {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    },
  )
  const said = jest.spyOn(console, "error").mockImplementation(() => {})
  try {
    await new Promise<void>((resolve, reject) => {
      first.stdout.on("data", (chunk: Buffer) => String(chunk).includes("ready") && resolve())
      first.on("exit", () => reject(new Error("the first server stopped")))
    })
    const second = nodeMembership({ ...env })
    // Her sign-up is refused in plain words (the form's "could not reach"), not taken and lost
    // when the first server compacts the store after an erasure.
    expect(await second.list.subscribe("lost@example.com")).toBe("unavailable")
    expect(await second.own).toBeUndefined()
    expect(said.mock.calls.map(([line]) => String(line))).toContainEqual(
      expect.stringMatching(/another server has the store at .* open/),
    )
    // The first still has it: members:remove goes through it (false: she is not on the list).
    expect(await eraseThroughServer(folder, "nobody@example.com")).toBe(false)
  } finally {
    said.mockRestore()
    first.kill()
    await stopMemberships()
  }
}, 60_000)

test.each([
  ["closes the connection without an answer", (connection: Socket) => connection.resume().end()],
  ["drops the connection", (connection: Socket) => connection.destroy()],
  [
    "answers what no server of ours says",
    (connection: Socket) => connection.resume().end("null\n"),
  ],
])(
  "members:remove is told in words when the server %s (it stopped meanwhile)",
  async (_, hangUp) => {
    const server = createServer(hangUp)
    await new Promise<void>((resolve) => server.listen(path.join(folder, "control.sock"), resolve))
    try {
      await expect(eraseThroughServer(folder, "ann@example.com")).rejects.toThrow(
        /closed the connection without an answer .*run the command again/,
      )
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  },
)

// Only root can give a file to another user: skipped, and said so, elsewhere.
;(process.getuid?.() === 0 ? test : test.skip)(
  "a store file of another user (a command run as root, say) is refused in words before LMDB opens it",
  async () => {
    await memberStore(folder).subscribe("ann@example.com")
    await closeMemberStores()
    const { chownSync } = await import("node:fs")
    chownSync(path.join(folder, "members.mdb"), 65534, 65534)
    await expect(memberStore(folder).list()).rejects.toThrow(
      /members\.mdb belongs to another user than this one \(uid 0\).*chown -R 0/,
    )
  },
)

// A disk that fills: a tmpfs of 300 KB, where root may mount one (skipped, and said so, elsewhere).
const smallDisk = path.join(os.tmpdir(), `members-full-${process.pid}`)
const mounted = (() => {
  try {
    mkdirSync(smallDisk, { recursive: true })
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=300k", "tmpfs", smallDisk], {
      stdio: "ignore",
    })
    return true
  } catch {
    return false
  }
})()
afterAll(() => {
  if (mounted) execFileSync("umount", [smallDisk])
})

;(mounted ? test : test.skip)(
  "on a full disk a sign-up is refused, and the log names the cause, not LMDB's 'see commitError'",
  async () => {
    const said = jest.spyOn(console, "error").mockImplementation(() => {})
    try {
      const store = memberStore(path.join(smallDisk, "store"))
      let result = "joined"
      for (let n = 0; n < 5000 && result === "joined"; n++) {
        result = await store.subscribe(`member-${n}@example.com`)
      }
      expect(result).toBe("unavailable")
      const lines = said.mock.calls.map(([line]) => String(line))
      expect(lines).toContainEqual(
        // ENOSPC, or EIO where the full disk is a tmpfs that LMDB maps: the system's own words.
        expect.stringMatching(
          /^sign-up: .*not saved: (No space left on device|Input\/output error)/,
        ),
      )
      expect(lines.join("\n")).not.toContain("see commitError")
    } finally {
      said.mockRestore()
      await closeMemberStores()
    }
  },
  60_000,
)

test("members:backup copies the store while the server has it open, with the links' secret; the copy opens as it was", async () => {
  const env = { MEMBERS_STORE: folder }
  const running = nodeMembership(env)
  const backup = path.join(folder, "..", `${path.basename(folder)}-backup`)
  try {
    for (const name of ["ann", "bea", "cat"]) {
      expect(await running.list.subscribe(`${name}@example.com`)).toBe("joined")
    }
    const { stdout } = await promisify(execFile)(tsx, ["scripts/members-backup.ts", backup], {
      env: { ...process.env, ...env },
    })
    expect(stdout).toContain("3 people")
    // Once more into the same folder: refused, nothing overwritten.
    await expect(
      promisify(execFile)(tsx, ["scripts/members-backup.ts", backup], {
        env: { ...process.env, ...env },
      }),
    ).rejects.toThrow(/is not empty/)
    // The secret that signs her links came along (none set on the host: the store keeps it).
    expect(readFileSync(path.join(backup, "links.secret"), "utf8")).toBe(
      readFileSync(path.join(folder, "links.secret"), "utf8"),
    )
    expect(statSync(backup).mode & 0o777).toBe(0o700)
    expect((await readMembers(backup)).map((member) => member.address).sort()).toEqual([
      "ann@example.com",
      "bea@example.com",
      "cat@example.com",
    ])
  } finally {
    await stopMemberships()
    await closeMemberStores()
    await rm(backup, { recursive: true, force: true })
  }
}, 60_000)

test("the store's folder is its owner's alone (0700), and every file in it too (0600)", async () => {
  // What the server writes there: the store, the links' secret, and without SMTP_URL the copies
  // of her e-mails in outbox/.
  await memberStore(folder).subscribe("ann@example.com")
  await membersSecret({}, folder)
  await mailerFromSettings({}, path.join(folder, "outbox")).send({
    to: "ann@example.com",
    subject: "Please confirm",
    html: "<p>Please confirm</p>",
    text: "Please confirm",
    headers: {},
    id: "job-1",
  })
  const modes: Record<string, string> = {}
  for (const entry of ["", ...readdirSync(folder, { recursive: true }).map(String)]) {
    const file = path.resolve(folder, entry)
    const kind = statSync(file).isDirectory() ? "folder" : "file"
    modes[`${kind} ${entry || "."}`] = (statSync(file).mode & 0o777).toString(8)
  }
  expect(Object.keys(modes)).toEqual(
    expect.arrayContaining([
      "file members.mdb",
      "file links.secret",
      "folder outbox",
      "file outbox/job-1.eml",
    ]),
  )
  for (const [name, mode] of Object.entries(modes)) {
    expect({ name, mode }).toEqual({ name, mode: name.startsWith("folder") ? "700" : "600" })
  }
})
