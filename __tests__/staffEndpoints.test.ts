/** @jest-environment node */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { stubReader, stubUser } from "../e2e/support/stubs/githubStub"
import { readJobs, memberStore } from "../src/membership/node/store/lmdbStore"
import { nodeRuntime } from "../src/siteServer/nodeRuntime"
import { createApp } from "../src/server/app"
import type { Settings } from "../src/server/app"
import { memberActionEndpoints, membersCsvEndpoint, membersEndpoint } from "../src/shared/endpoints"
import type { ActionAnswer, MembersAnswer, StaffProblem } from "../src/membership/membersApi"
import { failedSignIns } from "../src/membership/web/staff/staffAccess"
import { staffProblems } from "../src/membership/web/staff/staffTexts"
import { githubForStaff } from "./setup/githubForStaff"
import { temporaryStore } from "./setup/servers"

// The staff's endpoints of the list (src/membership/web/staff/), through the route table, against the GitHub
// stub's API and a store of the test's own: who may see the list, what it shows, and what the
// three actions do to the store, its outbox and the copies of her e-mails.

const site = "https://www.evergrace.example"
const github = githubForStaff(site)
let store: ReturnType<typeof temporaryStore>
let settings: Settings

beforeEach(() => {
  store = temporaryStore("staff")
  settings = {
    MEMBERS_STORE: store.folder,
    MEMBERS_SECRET: "a-secret-of-the-test-that-is-long-enough-0123",
    ...github().settings,
    SITE_URL: site,
  }
})
afterEach(() => store.remove())

const appWith = (env: Settings, local = false) =>
  createApp({ ...nodeRuntime(env), localEditing: () => local })

function get(app: ReturnType<typeof createApp>, address: string, token?: string) {
  return app.request(`${site}${address}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  })
}

function act(
  app: ReturnType<typeof createApp>,
  address: string,
  token: string,
  member: string,
  origin = site,
) {
  return app.request(`${site}${address}`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      Origin: origin,
    },
    body: JSON.stringify({ member }),
  })
}

/** The .eml copies in the store's outbox/ folder addressed to `to`. */
function copiesTo(to: string): string[] {
  const outbox = path.join(store.folder, "outbox")
  if (!existsSync(outbox)) return []
  return readdirSync(outbox).filter((name) =>
    readFileSync(path.join(outbox, name), "utf8").includes(`To: ${to}`),
  )
}

/** How many copies each has once the sender has none left to send (within 10 s). */
async function copiesOnceSent(addresses: string[]): Promise<number[]> {
  for (let tries = 0; tries < 100; tries++) {
    if ((await readJobs(store.folder)).length === 0) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return addresses.map((to) => copiesTo(to).length)
}

/** Two sign-ups through the runtime's own list; Ann confirms. */
async function twoSignups() {
  // A second apart, as people sign up: "oldest first" has one answer.
  let clock = Date.now() - 60_000
  const members = memberStore(store.folder, { now: () => new Date((clock += 1000)) })
  await members.subscribe("ann@example.com", { page: "/", wording: "w1" })
  await members.subscribe("=bea@example.com", { page: "/contact/", wording: "w1" })
  const ann = (await members.list()).find((member) => member.address === "ann@example.com")
  await members.confirm(ann?.id ?? "")
  return members
}

test("without a token: 401, in plain words, with no-store and a Bearer challenge", async () => {
  const response = await get(appWith(settings), membersEndpoint)
  expect(response.status).toBe(401)
  expect(response.headers.get("cache-control")).toBe("no-store")
  expect(response.headers.get("www-authenticate")).toContain("Bearer")
  expect((await response.json()) as StaffProblem).toEqual({
    problem: "signIn",
    message: staffProblems.signIn,
  })
})

test("a token GitHub refuses: 401; too many of them from one place: 429 with Retry-After", async () => {
  const app = appWith(settings)
  const editor = github().tokenFor("editor")
  expect((await get(app, membersEndpoint, editor)).status).toBe(200)
  const response = await get(app, membersEndpoint, "gho_not-a-real-token")
  expect(response.status).toBe(401)
  expect(((await response.json()) as StaffProblem).problem).toBe("refused")
  for (let i = 1; i < failedSignIns.limit; i++) await get(app, membersEndpoint, `gho_wrong${i}`)
  const limited = await get(app, membersEndpoint, "gho_one-more")
  expect(limited.status).toBe(429)
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0)
  expect(((await limited.json()) as StaffProblem).problem).toBe("tooMany")
  // An editor already checked is not locked out by someone else's guesses.
  expect((await get(app, membersEndpoint, editor)).status).toBe(200)
})

test("a user who may read the repository but not push to it: 403, saying why", async () => {
  const response = await get(appWith(settings), membersEndpoint, github().tokenFor("reader"))
  expect(response.status).toBe(403)
  const body = (await response.json()) as StaffProblem
  expect(body.problem).toBe("noPush")
  expect(body.message).toMatch(/can’t publish/)
  expect(JSON.stringify(body)).not.toContain(stubReader.email)
})

test.each([
  ["a personal token", { app: "personal" }],
  ["another OAuth App's token", { app: "Iv1.anotherapp00000" }],
  ["this app's token without the scope the CMS asks for", { scope: "read:user" }],
])("an editor who may push, with %s: 403, saying why", async (_, grant) => {
  const response = await get(appWith(settings), membersEndpoint, github().tokenFor("editor", grant))
  expect(response.status).toBe(403)
  expect((await response.json()) as StaffProblem).toEqual({
    problem: "otherApp",
    message: staffProblems.otherApp,
  })
})

test("an editor who may push sees the counts and everyone, newest first, and nothing more of them", async () => {
  await twoSignups()
  const response = await get(appWith(settings), membersEndpoint, github().tokenFor("editor"))
  expect(response.status).toBe(200)
  expect(response.headers.get("cache-control")).toBe("no-store")
  const body = (await response.json()) as MembersAnswer
  if (body.list !== "store") throw new Error(`expected the store, got ${body.list}`)
  expect(body.login).toBe(stubUser.login)
  expect(body.local).toBe(false)
  expect(body.counts).toEqual({
    members: 1,
    pending: 1,
    refused: 0,
    left: 0,
    joinedThisWeek: 1,
    joinedThisMonth: 1,
  })
  expect(body.members.map((member) => [member.address, member.status])).toEqual([
    ["=bea@example.com", "pending"],
    ["ann@example.com", "confirmed"],
  ])
  expect(Object.keys(body.members[1] ?? {}).sort()).toEqual([
    "address",
    "askedAt",
    "confirmedAt",
    "id",
    "status",
  ])
})

test("while the mail server refuses, the list says how many e-mails wait, since when, and its last answer", async () => {
  const members = await twoSignups()
  const app = appWith(settings)
  const read = async () => {
    const body = (await (
      await get(app, membersEndpoint, github().tokenFor("editor"))
    ).json()) as MembersAnswer
    if (body.list !== "store") throw new Error(`expected the store, got ${body.list}`)
    return body
  }
  // The sender's tries, as it makes them: each claimed, refused for now, and put back for later.
  const jobs = await members.outbox.claimDue(new Date(), 10, 60_000)
  expect(jobs.length).toBeGreaterThan(0)
  const later = new Date(Date.now() + 60 * 60_000)
  for (const job of jobs) await members.outbox.retry(job.id, later, "421 4.3.0 Try again later")
  expect((await read()).mailDelay).toEqual({
    waiting: jobs.length,
    since: jobs[0]?.createdAt,
    lastAnswer: "421 4.3.0 Try again later",
  })
  // Once they go, the page says nothing more of it.
  for (const job of jobs) await members.outbox.complete(job.id)
  expect((await read()).mailDelay).toBeUndefined()
})

test("a live server with no mail server tells the staff, with the list, that its e-mails go to no one", async () => {
  const warned = jest.spyOn(console, "warn").mockImplementation(() => {})
  try {
    const read = async (env: Settings) => {
      const body = (await (
        await get(appWith(env), membersEndpoint, github().tokenFor("editor"))
      ).json()) as MembersAnswer
      if (body.list !== "store") throw new Error(`expected the store, got ${body.list}`)
      return body
    }
    expect((await read({ ...settings, NODE_ENV: "production" })).mailOff).toBe(true)
    // With a mail server, or on a developer's computer (the files are what she wants), nothing.
    const smtp = {
      SMTP_URL: "smtp://127.0.0.1:9",
      MAIL_FROM: "Evergrace <hello@evergrace.example>",
    }
    expect((await read({ ...settings, ...smtp, NODE_ENV: "production" })).mailOff).toBeUndefined()
    expect((await read(settings)).mailOff).toBeUndefined()
  } finally {
    warned.mockRestore()
  }
})

test("her mail server refused her e-mail for good: her row says which, when and its answer, counted apart, in the audit log and the CSV; a resend clears it", async () => {
  // Signed up an hour ago: a resend now is within the form's limit.
  let clock = Date.now() - 60 * 60_000
  const members = memberStore(store.folder, { now: () => new Date((clock += 1000)) })
  await members.subscribe("typo@example.con", { page: "/contact/", wording: "w1" })
  await members.subscribe("ann@example.com", { page: "/", wording: "w1" })
  const ann = (await members.list()).find((member) => member.address === "ann@example.com")
  await members.confirm(ann?.id ?? "")
  // The sender's give-up, as it makes it: each job claimed, then refused for good.
  const answer = "550 5.1.1 <address>: Recipient address rejected: User unknown"
  for (const job of await members.outbox.claimDue(new Date(), 10, 60_000)) {
    await members.outbox.refused(job.id, answer)
  }
  const app = appWith(settings)
  const token = github().tokenFor("editor")
  const read = async () => {
    const body = (await (await get(app, membersEndpoint, token)).json()) as MembersAnswer
    if (body.list !== "store") throw new Error(`expected the store, got ${body.list}`)
    return body
  }
  const body = await read()
  expect(body.counts).toMatchObject({ members: 1, pending: 0, refused: 1, left: 0 })
  const rowOf = (address: string) => body.members.find((row) => row.address === address)
  const typo = rowOf("typo@example.con")
  expect(typo).toMatchObject({
    status: "pending",
    refused: { email: "confirmation", at: expect.any(String), answer },
  })
  expect(rowOf("ann@example.com")).toMatchObject({
    status: "confirmed",
    refused: { email: "welcome", answer },
  })
  expect(body.audit.map((entry) => [entry.login, entry.action])).toEqual([
    [undefined, "welcomeRefused"],
    [undefined, "confirmationRefused"],
  ])
  expect(JSON.stringify(body.audit)).not.toContain("@")

  const everyone = (await (await get(app, `${membersCsvEndpoint}?all=1`, token)).text()).split(
    "\r\n",
  )
  const typoLine = everyone.find((line) => line.startsWith("typo@example.con,"))
  // A refused welcome leaves a member a member.
  expect(everyone.find((line) => line.startsWith("ann@example.com,"))?.split(",")[3]).toBe(
    "confirmed",
  )
  // Her status as her row says it, not "pending": no one should wait for her to confirm.
  expect(typoLine?.split(",").slice(3)).toEqual([
    "refused",
    "",
    "confirmation",
    expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    answer,
  ])

  // A resend queues a new confirmation: her row no longer says it was refused.
  const resent = await act(app, memberActionEndpoints.resend, token, typo?.id ?? "")
  expect(((await resent.json()) as ActionAnswer).result).toBe("sent")
  const after = await read()
  expect(after.members.find((row) => row.id === typo?.id)?.refused).toBeUndefined()
  expect(after.counts).toMatchObject({ pending: 1, refused: 0 })
})

test("the CSV: the confirmed members, or everyone; spreadsheet-safe; each download in the audit log, without addresses", async () => {
  await twoSignups()
  const app = appWith(settings)
  const token = github().tokenFor("editor")
  const members = await get(app, membersCsvEndpoint, token)
  expect(members.headers.get("content-type")).toBe("text/csv; charset=utf-8")
  expect(members.headers.get("content-disposition")).toMatch(
    /^attachment; filename="evergrace-members-\d{4}-\d\d-\d\d\.csv"$/,
  )
  const rows = (await members.text()).trim().split("\r\n")
  expect(rows[0]).toBe("email,asked_at_utc,confirmed_at_utc")
  expect(rows.slice(1).map((line) => line.split(",")[0])).toEqual(["ann@example.com"])
  const everyone = (await (await get(app, `${membersCsvEndpoint}?all=1`, token)).text())
    .trim()
    .split("\r\n")
  expect(everyone[0]).toBe(
    "email,asked_at_utc,confirmed_at_utc,status,left_at_utc,email_refused,refused_at_utc,mail_server_answer",
  )
  expect(everyone.slice(1).map((line) => line.split(",")[0])).toEqual([
    "ann@example.com",
    "'=bea@example.com",
  ])

  const body = (await (await get(app, membersEndpoint, token)).json()) as MembersAnswer
  if (body.list !== "store") throw new Error("expected the store")
  expect(body.audit.map((entry) => [entry.login, entry.action])).toEqual([
    [stubUser.login, "export-all"],
    [stubUser.login, "export"],
  ])
  expect(JSON.stringify(body.audit)).not.toContain("@")
})

test("erase: gone from the list, the outbox and the copies of her e-mails; only from this site; twice is 'unknown'", async () => {
  const members = await twoSignups()
  const app = appWith(settings)
  const token = github().tokenFor("editor")
  const bea = (await members.list()).find((member) => member.status === "pending")
  if (!bea) throw new Error("no pending member")
  // The list opened by the server starts its sender, which writes Bea's confirmation and Ann's
  // welcome.
  expect((await get(app, membersEndpoint, token)).status).toBe(200)
  await expect(copiesOnceSent(["=bea@example.com", "ann@example.com"])).resolves.toEqual([1, 1])
  // Someone else whose address ends in Ann's has a copy too, as the mailer writes them without
  // SMTP_URL.
  const outbox = path.join(store.folder, "outbox")
  mkdirSync(outbox, { recursive: true })
  writeFileSync(
    path.join(outbox, "joann.eml"),
    "From: a@b\r\nTo: joann@example.com\r\nSubject: s\r\n\r\nHello",
  )
  const forged = await act(
    app,
    memberActionEndpoints.erase,
    token,
    bea.id,
    "https://elsewhere.example",
  )
  expect(forged.status).toBe(403)
  expect(((await forged.json()) as StaffProblem).problem).toBe("otherSite")

  const erased = await act(app, memberActionEndpoints.erase, token, bea.id)
  expect(erased.status).toBe(200)
  expect(((await erased.json()) as ActionAnswer).result).toBe("erased")
  expect((await members.list()).map((member) => member.address)).toEqual(["ann@example.com"])
  expect((await readJobs(store.folder)).filter((job) => job.memberId === bea.id)).toEqual([])
  expect(copiesTo("=bea@example.com")).toEqual([])
  expect(copiesTo("ann@example.com")).toHaveLength(1)
  expect(copiesTo("joann@example.com")).toHaveLength(1)
  const body = (await (await get(app, membersEndpoint, token)).json()) as MembersAnswer
  if (body.list !== "store") throw new Error("expected the store")
  expect(body.audit.map((entry) => [entry.login, entry.action])).toEqual([
    [stubUser.login, "erase"],
  ])
  const again = await act(app, memberActionEndpoints.erase, token, bea.id)
  expect(((await again.json()) as ActionAnswer).result).toBe("unknown")
})

test("resend and take off: the form's limit holds for a resend; a confirmed member has none to resend", async () => {
  const members = await twoSignups()
  const app = appWith(settings)
  const token = github().tokenFor("editor")
  const [bea, ann] = [...(await members.list())].sort((a) => (a.status === "pending" ? -1 : 1))
  const resend = async (id: string) =>
    ((await (await act(app, memberActionEndpoints.resend, token, id)).json()) as ActionAnswer)
      .result
  // Once the site's sender (started by the first request) has sent Bea's first confirmation, a
  // moment ago, the next may go in 15 minutes. (While it waits, ./memberStore.test.ts: "waiting".)
  await get(app, membersEndpoint, token)
  while ((await readJobs(store.folder)).some((job) => job.memberId === bea?.id)) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  expect(await resend(bea?.id ?? "")).toBe("limited")
  expect(await resend(ann?.id ?? "")).toBe("notPending")
  const off = await act(app, memberActionEndpoints.takeOff, token, ann?.id ?? "")
  expect(((await off.json()) as ActionAnswer).result).toBe("left")
  expect((await members.byId(ann?.id ?? ""))?.status).toBe("left")
  const body = (await (await get(app, membersEndpoint, token)).json()) as MembersAnswer
  if (body.list !== "store") throw new Error("expected the store")
  expect(body.counts).toMatchObject({ members: 0, left: 1 })
  expect(body.audit.map((entry) => entry.action)).toEqual(["takeOff"])
  // Bea never confirmed: taken off, nothing of her is kept, and the answer says so.
  const forgotten = (await (
    await act(app, memberActionEndpoints.takeOff, token, bea?.id ?? "")
  ).json()) as ActionAnswer
  expect(forgotten.result).toBe("forgotten")
  expect(forgotten.message).toMatch(/nothing of her is kept/)
  expect(await members.byId(bea?.id ?? "")).toBeUndefined()
  // The staff's log keeps it as a take-off too.
  const after = (await (await get(app, membersEndpoint, token)).json()) as MembersAnswer
  if (after.list !== "store") throw new Error("expected the store")
  expect(after.audit.map((entry) => entry.action)).toEqual(["takeOff", "takeOff"])
  const junk = await app.request(`${site}${memberActionEndpoints.takeOff}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Origin: site },
    body: "{not json",
  })
  expect(junk.status).toBe(400)
})

test("a provider keeps the list: the answer names it and links to it", async () => {
  const app = appWith({ ...settings, SIGNUP_PROVIDER: "buttondown", BUTTONDOWN_API_KEY: "k" })
  const body = (await (
    await get(app, membersEndpoint, github().tokenFor("editor"))
  ).json()) as MembersAnswer
  expect(body).toMatchObject({ list: "provider", provider: { name: "Buttondown" } })
})

test("not set up (no GATSBY_CMS_REPO at run time): 503 naming the variable; GitHub down: 502", async () => {
  const unset = await get(appWith({ ...settings, GATSBY_CMS_REPO: "" }), membersEndpoint, "gho_x")
  expect(unset.status).toBe(503)
  expect(((await unset.json()) as StaffProblem).message).toContain("GATSBY_CMS_REPO")
  const down = await get(
    appWith({ ...settings, GITHUB_URL: "http://127.0.0.1:9" }),
    membersEndpoint,
    "gho_x",
  )
  expect(down.status).toBe(502)
  expect(((await down.json()) as StaffProblem).problem).toBe("githubDown")
})

test("on the editor's own computer under npm run cms: no sign-in; anywhere else the token is needed", async () => {
  const local = (await (
    await get(appWith(settings, true), membersEndpoint)
  ).json()) as MembersAnswer
  expect(local).toMatchObject({ list: "store", local: true })
  expect((await get(appWith(settings, false), membersEndpoint)).status).toBe(401)
})
