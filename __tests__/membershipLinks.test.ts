/** @jest-environment node */
import membership from "../data/membership.json"
import { confirmationDays, signToken } from "../src/membership/web/links/signedLinks"
import { memberStore } from "../src/membership/node/store/lmdbStore"
import { nodeRuntime } from "../src/siteServer/nodeRuntime"
import { createApp } from "../src/server/app"
import { confirmEndpoint, leaveEndpoint, tokenField } from "../src/shared/endpoints"
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
