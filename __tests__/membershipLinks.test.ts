/** @jest-environment node */
import membership from "../data/membership.json"
import { confirmationDays } from "../src/membership/membersApi"
import { signToken } from "../src/membership/web/links/signedLinks"
import {
  startMailingProviderStub,
  stubMailchimpApiKey,
  stubMailchimpAudienceId,
  type MailingProviderStub,
} from "../e2e/support/stubs/mailingProviderStub"
import { nodeMembership } from "../src/membership/node/nodeMembership"
import { memberStore, storeExists } from "../src/membership/node/store/lmdbStore"
import { mailchimpList } from "../src/membership/web/providers/mailchimp"
import { nodeRuntime } from "../src/siteServer/nodeRuntime"
import { createApp } from "../src/server/app"
import { confirmEndpoint, leaveEndpoint, tokenField } from "../src/shared/endpoints"
import { dayMs } from "../src/utils/dates"
import { filled } from "./setup/content"
import { temporaryStore } from "./setup/servers"

// Her e-mail's two links through the route table, against a store of the test's own: reading a
// link (GET, HEAD: what link checkers and mail scanners send) changes nothing; her press (a POST)
// does. The words are read from data/membership.json.

const site = "https://www.evergrace.example"
const secret = "a-secret-of-the-test-that-is-long-enough-0123"
const words = filled(membership)
let store: ReturnType<typeof temporaryStore>

beforeEach(() => {
  store = temporaryStore("links")
})
afterEach(() => store.remove())

async function pendingMember(now?: () => Date) {
  const app = createApp(nodeRuntime({ MEMBERS_STORE: store.folder, MEMBERS_SECRET: secret }))
  const members = memberStore(store.folder, { now })
  await members.subscribe("ann@example.com", { page: "/contact", wording: "test" })
  const [member] = await members.list()
  const link = async (purpose: "confirm" | "leave") => {
    const endpoint = purpose === "confirm" ? confirmEndpoint : leaveEndpoint
    // Signed as the sender signs them: the confirmation for its days, the leave link for ever.
    const days = purpose === "confirm" ? confirmationDays : undefined
    const expires = days ? new Date(Date.now() + days * 86_400_000) : undefined
    const token = await signToken(secret, purpose, member!.id, expires)
    return `${site}${endpoint}?${tokenField}=${encodeURIComponent(token)}`
  }
  const status = async () => (await members.list())[0]?.status
  return { app, members, link, status }
}

test.each(["GET", "HEAD"])(
  "a %s of her confirmation link confirms nobody; her press of the page's button does",
  async (method) => {
    const { app, link, status } = await pendingMember()
    const confirm = await link("confirm")
    const read = await app.request(confirm, { method })
    expect(read.status).toBe(200)
    expect(await status()).toBe("pending")

    const pressed = await app.request(confirm, { method: "POST" })
    expect(pressed.status).toBe(200)
    expect(await pressed.text()).toContain(words.confirmPage.confirmedHeading)
    expect(await status()).toBe("confirmed")
  },
)

test.each(["GET", "HEAD"])(
  "a %s of her leave link takes nobody off the list; the page's button (a POST) does",
  async (method) => {
    const { app, members, link, status } = await pendingMember()
    const [member] = await members.list()
    await members.confirm(member!.id)
    const leave = await link("leave")
    const read = await app.request(leave, { method })
    expect(read.status).toBe(200)
    expect(await status()).toBe("confirmed")

    const pressed = await app.request(leave, { method: "POST" })
    expect(await pressed.text()).toContain(words.leavePage.leftHeading)
    expect(await status()).toBe("left")
  },
)

test("the confirmation page runs no script: it waits for her press of its one button", async () => {
  const { app, link, status } = await pendingMember()
  const page = await app.request(await link("confirm"))
  const html = await page.text()
  expect(html).not.toMatch(/<script\b/i)
  expect(page.headers.get("content-security-policy")).not.toMatch(/script-src/)
  expect(html).toContain(words.confirmPage.buttonLabel)
  expect(html).toMatch(new RegExp(`<form[^>]*method="post"[^>]*action="${confirmEndpoint}"`))
  expect(await status()).toBe("pending")
})

test("a leave link from before she left and joined again still takes her off the list (docs/decisions.md)", async () => {
  let clock = Date.now()
  const { app, members, link, status } = await pendingMember(() => new Date(clock))
  const [member] = await members.list()
  await members.confirm(member!.id)
  const oldLeave = await link("leave")
  await app.request(oldLeave, { method: "POST" })
  expect(await status()).toBe("left")

  // A day later she joins again (the same id), confirms, then presses an old e-mail's leave link.
  clock += 86_400_000
  await members.subscribe("ann@example.com", { page: "/contact", wording: "test" })
  await members.confirm(member!.id)
  expect(await status()).toBe("confirmed")
  const pressed = await app.request(oldLeave, { method: "POST" })
  expect(await pressed.text()).toContain(words.leavePage.leftHeading)
  expect(await status()).toBe("left")
})

test("her first confirmation e-mail, expired, once she has confirmed from a later one: she is told she is a member", async () => {
  const { app, members } = await pendingMember()
  const [member] = await members.list()
  await members.confirm(member!.id)
  const expired = await signToken(secret, "confirm", member!.id, new Date(Date.now() - 1000))
  const page = await app.request(`${site}${confirmEndpoint}?${tokenField}=${expired}`)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain(words.confirmPage.alreadyHeading)
})

test("her leave link again, once she has left: she is told she has left, no button", async () => {
  const { app, members, link, status } = await pendingMember()
  const [member] = await members.list()
  await members.confirm(member!.id)
  const leave = await link("leave")
  expect(await (await app.request(leave)).text()).toMatch(/<form/)
  await app.request(leave, { method: "POST" })
  for (const method of ["GET", "POST"]) {
    const page = await app.request(leave, { method })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(words.leavePage.leftHeading)
    expect(html).not.toMatch(/<form/)
  }
  expect(await status()).toBe("left")
})

test("her confirmation link again, once she is a member: she is told so, no button, and no second welcome", async () => {
  const { app, members, link, status } = await pendingMember()
  const confirm = await link("confirm")
  await app.request(confirm, { method: "POST" })
  // Every e-mail queued so far taken (and held for ten days): what is queued later shows apart.
  const queued = () =>
    members.outbox.claimDue(new Date(Date.now() + 86_400_000), 100, 10 * 86_400_000)
  expect((await queued()).map((job) => job.kind)).toEqual(["welcome"])
  const page = await app.request(confirm)
  const html = await page.text()
  expect(html).toContain(words.confirmPage.alreadyHeading)
  expect(html).not.toContain(words.confirmPage.confirmedText)
  expect(html).not.toMatch(/<form/)
  const pressed = await app.request(confirm, { method: "POST" })
  expect(await pressed.text()).toContain(words.confirmPage.alreadyHeading)
  expect(await status()).toBe("confirmed")
  expect(await queued()).toEqual([])
})

test.each(["a member", "one who never confirmed"])(
  "her confirmation link after she left the list, as %s: she is told she left, and led to the sign-up",
  async (who) => {
    const { app, members, link, status } = await pendingMember()
    if (who === "a member") await app.request(await link("confirm"), { method: "POST" })
    await app.request(await link("leave"), { method: "POST" })
    const confirm = await link("confirm")
    for (const method of ["GET", "POST"]) {
      const page = await app.request(confirm, { method })
      expect(page.status).toBe(410)
      const html = await page.text()
      expect(html).toContain(words.confirmPage.leftHeading)
      expect(html).not.toContain(words.expiredPage.heading)
      expect(html).toContain(words.expiredPage.joinAgainLabel)
      expect(html).not.toMatch(/<form/)
    }
    // A member's leave is kept; of one who never confirmed, nothing is.
    expect(await status()).toBe(who === "a member" ? "left" : undefined)
    expect((await members.list()).length).toBe(who === "a member" ? 1 : 0)
  },
)

test("a leave link from a sign-up forgotten since takes her off once she has joined again: her id is her address's", async () => {
  const env = { MEMBERS_STORE: store.folder, MEMBERS_SECRET: secret }
  const app = createApp(nodeRuntime(env))
  const members = memberStore(store.folder)
  // She signs up through the site and never confirms: her e-mail's leave link names her id.
  await nodeMembership(env).list.subscribe("Ann@Example.com", { page: "/contact", wording: "t" })
  const [first] = await members.list()
  const oldLeave = `${site}${leaveEndpoint}?${tokenField}=${await signToken(secret, "leave", first!.id)}`
  // After the period her sign-up is forgotten; later she joins again, and confirms.
  await members.forgetUnconfirmed(new Date(Date.now() + 1000))
  expect(await members.list()).toEqual([])
  await nodeMembership(env).list.subscribe("ann@example.com", { page: "/contact", wording: "t" })
  const [again] = await members.list()
  expect(again!.id).toBe(first!.id)
  await members.confirm(again!.id)

  const pressed = await app.request(oldLeave, { method: "POST" })
  expect(await pressed.text()).toContain(words.leavePage.leftHeading)
  expect((await members.list())[0]?.status).toBe("left")
})

test("a leave link that finds no one (she was erased) does not say she has left: it says how to leave if e-mails still come", async () => {
  const { app, members, link } = await pendingMember()
  const [member] = await members.list()
  await members.confirm(member!.id)
  const leave = await link("leave")
  await members.erase({ id: member!.id })
  // Opened, and pressed (her mail app's one click presses without opening).
  for (const method of ["GET", "POST"]) {
    const answer = await app.request(leave, { method })
    expect(answer.status).toBe(200)
    // What she reads, whatever marks it up ("e-mails" is kept on one line in a span of its own).
    const read = (await answer.text()).replace(/<[^>]*>/g, "")
    expect(read).toContain(words.leavePage.notFoundHeading)
    expect(read).toContain(words.leavePage.notFoundText)
    expect(read).not.toContain(words.leavePage.leftHeading)
  }
})

describe("after the list moved to a provider (docs/signups.md)", () => {
  let stub: MailingProviderStub
  beforeAll(async () => {
    stub = await startMailingProviderStub()
  })
  afterAll(() => stub.close())
  let errorSpy: jest.SpyInstance
  beforeEach(() => {
    errorSpy = jest.spyOn(console, "error").mockImplementation(() => {})
  })
  afterEach(() => errorSpy.mockRestore())

  /**
   * A member the store confirmed, then moved with the list to Mailchimp ("+exists": subscribed
   * there), and the site's settings naming it.
   */
  async function movedMember(address: string) {
    const members = memberStore(store.folder)
    await members.subscribe(address, { page: "/contact", wording: "test" })
    const member = (await members.list()).find((each) => each.address === address)
    await members.confirm(member!.id)
    await mailchimpList({
      apiKey: stubMailchimpApiKey,
      audienceId: stubMailchimpAudienceId,
      baseUrl: stub.url,
    }).subscribe(address)
    const app = createApp(
      nodeRuntime({
        MEMBERS_STORE: store.folder,
        MEMBERS_SECRET: secret,
        SIGNUP_PROVIDER: "mailchimp",
        MAILCHIMP_API_KEY: stubMailchimpApiKey,
        MAILCHIMP_AUDIENCE_ID: stubMailchimpAudienceId,
        MAILCHIMP_API_URL: stub.url,
      }),
    )
    const link = async (purpose: "confirm" | "leave") =>
      `${site}${purpose === "confirm" ? confirmEndpoint : leaveEndpoint}?${tokenField}=${encodeURIComponent(await signToken(secret, purpose, member!.id))}`
    const status = async () =>
      (await members.list()).find((each) => each.address === address)?.status
    return { app, link, status }
  }

  test("her old e-mail's leave link takes her off the provider's list, and the store's", async () => {
    const address = `ann${Date.now()}+exists@example.com`
    const { app, link, status } = await movedMember(address)
    const leave = await link("leave")
    expect((await app.request(leave)).status).toBe(200)
    expect(stub.statusOf("mailchimp", address)).toBe("subscribed")

    const pressed = await app.request(leave, { method: "POST" })
    expect(pressed.status).toBe(200)
    expect(await pressed.text()).toContain(words.leavePage.leftHeading)
    expect(stub.statusOf("mailchimp", address)).toBe("unsubscribed")
    expect(await status()).toBe("left")
  })

  test("when the provider fails she is told so, stays on both lists, and the button tries again", async () => {
    const address = `bea${Date.now()}+down@example.com`
    const { app, link, status } = await movedMember(address)
    const pressed = await app.request(await link("leave"), { method: "POST" })
    expect(pressed.status).toBe(503)
    expect(pressed.headers.get("retry-after")).toBe("300")
    const html = await pressed.text()
    expect(html).toContain(words.leavePage.unreachableHeading)
    expect(html).toContain(words.leavePage.buttonLabel)
    expect(html).toMatch(new RegExp(`<form[^>]*method="post"[^>]*action="${leaveEndpoint}\\?`))
    expect(await status()).toBe("confirmed")
    expect(errorSpy.mock.calls.map(String)).toContainEqual(
      expect.stringMatching(/^Mailchimp: leave unavailable/),
    )
  })

  test("one who left the store before the move and joined the provider's list since: her old link takes her off it", async () => {
    const address = `fay${Date.now()}+exists@example.com`
    const { app, link, status } = await movedMember(address)
    const members = memberStore(store.folder)
    const [her] = await members.list()
    await members.leave(her!.id)
    expect(stub.statusOf("mailchimp", address)).toBe("subscribed")
    const pressed = await app.request(await link("leave"), { method: "POST" })
    expect(await pressed.text()).toContain(words.leavePage.leftHeading)
    expect(stub.statusOf("mailchimp", address)).toBe("unsubscribed")
    expect(await status()).toBe("left")
  })

  test("one still waiting to confirm in the store who joined the provider's list since: her old link takes her off it", async () => {
    const { app } = await movedMember(`jo${Date.now()}+exists@example.com`)
    const address = `ivy${Date.now()}+exists@example.com`
    const members = memberStore(store.folder)
    await members.subscribe(address, { page: "/contact", wording: "test" })
    await mailchimpList({
      apiKey: stubMailchimpApiKey,
      audienceId: stubMailchimpAudienceId,
      baseUrl: stub.url,
    }).subscribe(address)
    const pending = (await members.list()).find((member) => member.address === address)
    const token = await signToken(secret, "leave", pending!.id)
    const pressed = await app.request(`${site}${leaveEndpoint}?${tokenField}=${token}`, {
      method: "POST",
    })
    expect(await pressed.text()).toContain(words.leavePage.leftHeading)
    expect(stub.statusOf("mailchimp", address)).toBe("unsubscribed")
  })

  test("one who never confirmed leaves from her confirmation e-mail: her address is not given to the provider", async () => {
    // Mailchimp is asked to change her only if it has her, by her hash.
    const { app } = await movedMember(`eve${Date.now()}+exists@example.com`)
    const members = memberStore(store.folder)
    const address = `dee${Date.now()}@example.com`
    await members.subscribe(address, { page: "/contact", wording: "test" })
    const pending = (await members.list()).find((member) => member.address === address)
    const token = await signToken(secret, "leave", pending!.id)
    const pressed = await app.request(`${site}${leaveEndpoint}?${tokenField}=${token}`, {
      method: "POST",
    })
    expect(await pressed.text()).toContain(words.leavePage.leftHeading)
    expect(stub.statusOf("mailchimp", address)).toBeUndefined()
    expect(JSON.stringify(stub.received.map((each) => [each.path, each.body]))).not.toContain(
      address,
    )
    expect((await members.list()).map((member) => member.address)).not.toContain(address)
  })

  test("the store kept after the move still forgets unconfirmed sign-ups after the period", async () => {
    const old = Date.now() - (words.pendingDays + 1) * 86_400_000
    const members = memberStore(store.folder, { now: () => new Date(old) })
    await members.subscribe(`gil${Date.now()}@example.com`, { page: "/contact", wording: "test" })
    const { app } = await movedMember(`hal${Date.now()}+exists@example.com`)
    // The wing starts with the first request to an endpoint that keeps the list.
    await app.request(`${site}${leaveEndpoint}`)
    while ((await members.list()).some((member) => member.status === "pending")) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect((await members.list()).map((member) => member.status)).toEqual(["confirmed"])
  })

  test("a confirmation link from the store leads her to join again, where the list is now", async () => {
    const { app, link, status } = await movedMember(`cat${Date.now()}@example.com`)
    const pressed = await app.request(await link("confirm"), { method: "POST" })
    expect(pressed.status).toBe(410)
    expect(await pressed.text()).toContain(words.expiredPage.heading)
    expect(await status()).toBe("confirmed")
  })

  test("the site's own list without its secret: her leave is asked again later (503), not told the list moved", async () => {
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined)
    const app = createApp(nodeRuntime({ MEMBERS_STORE: store.folder, MEMBERS_SECRET: "short" }))
    const token = await signToken(secret, "leave", "someone")
    const pressed = await app.request(`${site}${leaveEndpoint}?${tokenField}=${token}`, {
      method: "POST",
    })
    expect(pressed.status).toBe(503)
    expect(pressed.headers.get("retry-after")).toBe("300")
    expect(await pressed.text()).toContain(words.leavePage.unreachableHeading)
    expect(logged.mock.calls.flat().join(" ")).toMatch(/members: no secret for the links/)
    logged.mockRestore()
  })

  test("with no store ever made on this disk, her links lead her on in her own words", async () => {
    const app = createApp(
      nodeRuntime({
        MEMBERS_STORE: store.folder,
        MEMBERS_SECRET: secret,
        SIGNUP_PROVIDER: "mailchimp",
      }),
    )
    const token = await signToken(secret, "leave", "someone")
    const pressed = await app.request(`${site}${leaveEndpoint}?${tokenField}=${token}`, {
      method: "POST",
    })
    expect(pressed.status).toBe(410)
    expect(pressed.headers.get("content-type")).toContain("text/html")
    expect(await pressed.text()).toContain(words.leavePage.movedHeading)
    const confirmToken = await signToken(secret, "confirm", "someone", new Date(Date.now() + dayMs))
    const opened = await app.request(`${site}${confirmEndpoint}?${tokenField}=${confirmToken}`)
    expect(opened.status).toBe(410)
    expect(await opened.text()).toContain(words.expiredPage.heading)
    // Her links made no store where there was none.
    expect(storeExists(store.folder)).toBe(false)
  })
})
