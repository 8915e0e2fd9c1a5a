import { mkdtemp, readFile, rm } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { expect, test, type Page } from "@playwright/test"
import type { ParsedMail } from "mailparser"
import { membershipTexts as texts } from "../src/membership/emails/emailTexts"
import { signToken } from "../src/membership/web/links/signedLinks"
import { closeMemberStores, readJobs } from "../src/membership/node/store/lmdbStore"
import { secretFile } from "../src/membership/node/linksSecret"
import { contact } from "./support/content"
import { waitForHydration } from "./support/hydration"
import { headerOf, startMailbox, type Mailbox } from "./support/mailbox"
import { exportedMembers, uniqueAddress } from "./support/members"
import { serveBuild, type BuildServer } from "./support/servers"

// Double opt-in end to end, against the production build served as `npm start` serves it, its
// e-mail going by SMTP (SMTP_URL) to a real SMTP server in this process: she joins, the
// confirmation arrives, its link confirms her (a plain fetch of it does not), the welcome arrives
// with the gift from data/membership.json, and one click of its List-Unsubscribe takes her off.
// members:export follows each step. The words are data/membership.json's.

// Each step is checked with members:export itself (a process of its own): give them time.
test.describe.configure({ mode: "serial", timeout: 90_000 })

let mailbox: Mailbox
let site: BuildServer
let store: string

test.beforeAll(async () => {
  mailbox = await startMailbox()
  store = await mkdtemp(path.join(os.tmpdir(), "members-e2e-mail-"))
  site = await serveBuild((baseURL) => ({
    MEMBERS_STORE: store,
    SMTP_URL: mailbox.url,
    MAIL_FROM: '"Evergrace" <hello@evergrace.example>',
    SITE_URL: baseURL,
    SIGNUP_RATE_LIMIT: "1000",
    SIGNUP_SITE_LIMIT: "0",
  }))
})

test.afterAll(async () => {
  site?.stop()
  await mailbox?.close()
  await closeMemberStores()
  await rm(store, { recursive: true, force: true })
})

const statusOf = async (address: string) =>
  (await exportedMembers(store)).find((member) => member.address === address)?.status

/** The link in the e-mail's plain-text part that leads to `endpoint`. */
function linkIn(mail: ParsedMail, endpoint: string): string {
  const found = (mail.text ?? "").match(new RegExp(`https?://\\S+${endpoint}\\?token=[\\w.-]+`))
  if (!found) throw new Error(`no ${endpoint} link in the e-mail`)
  return found[0]
}

async function joinFromContactPage(page: Page, address: string, scripted = true) {
  await page.goto(`${site.baseURL}${contact.path}`)
  if (scripted) await waitForHydration(page)
  await page.getByLabel(contact.emailLabel, { exact: true }).fill(address)
  await page.getByRole("button", { name: contact.submitLabel, exact: true }).click()
}

test("she joins with JavaScript on, confirms from her e-mail, gets the gift, and leaves with one click", async ({
  page,
}) => {
  const address = uniqueAddress("society")
  await joinFromContactPage(page, address)
  await expect(page.getByText(contact.toast.title, { exact: true })).toBeVisible()
  expect(await statusOf(address)).toBe("pending")

  const [confirmation] = await mailbox.messagesTo(address)
  expect(confirmation?.subject).toBe(texts.confirmationEmail.subject)
  const confirmLink = linkIn(confirmation!, "/api/confirm")
  expect(confirmLink.startsWith(`${site.baseURL}/api/confirm?token=`)).toBe(true)
  expect(headerOf(confirmation!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click")

  // A mail scanner fetches the link (GET, HEAD) or opens it in a browser: nobody is confirmed.
  const scanned = await fetch(confirmLink)
  expect(scanned.status).toBe(200)
  expect(await scanned.text()).toContain(texts.confirmPage.buttonLabel)
  expect((await fetch(confirmLink, { method: "HEAD" })).status).toBe(200)
  await page.goto(confirmLink)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.confirmPage.heading)
  expect(await statusOf(address)).toBe("pending")

  // She presses the page's button: that is her consent.
  await page.getByRole("button", { name: texts.confirmPage.buttonLabel, exact: true }).click()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    texts.confirmPage.confirmedHeading,
  )
  expect(await statusOf(address)).toBe("confirmed")

  const [, welcome] = await mailbox.messagesTo(address, 2)
  expect(welcome?.subject).toBe(texts.welcomeEmail.subject)
  expect(welcome?.text).toContain(texts.gift.code)
  expect(welcome?.html).toContain(texts.gift.code)
  expect(welcome?.text).toContain(texts.gift.terms)

  // RFC 8058: an https link and a mailto:, and a POST with no cookie takes her off, answered 2xx.
  const listUnsubscribe = headerOf(welcome!, "List-Unsubscribe") ?? ""
  const [https, mailto] = [...listUnsubscribe.matchAll(/<([^>]+)>/g)].map((match) => match[1])
  expect(https?.startsWith(`${site.baseURL}/api/leave?token=`)).toBe(true)
  expect(mailto).toMatch(/^mailto:/)
  expect(headerOf(welcome!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click")
  const oneClick = await fetch(https!, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
    redirect: "manual",
  })
  expect(oneClick.status).toBe(200)
  expect(await statusOf(address)).toBe("left")

  // Nothing more goes to her: a member who left has nothing waiting in the outbox.
  const memberId = new URL(https!).searchParams.get("token")?.split(".")[1]
  expect((await readJobs(store)).filter((job) => job.memberId === memberId)).toEqual([])
  expect(await mailbox.messagesTo(address, 2)).toHaveLength(2)
})

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false })

  test("she joins, confirms with the page's button, and leaves with the e-mail's visible link", async ({
    page,
  }) => {
    const address = uniqueAddress("society-plain")
    await joinFromContactPage(page, address, false)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(contact.toast.title)
    const [confirmation] = await mailbox.messagesTo(address)

    await page.goto(linkIn(confirmation!, "/api/confirm"))
    expect(await statusOf(address)).toBe("pending")
    await page.getByRole("button", { name: texts.confirmPage.buttonLabel, exact: true }).click()
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      texts.confirmPage.confirmedHeading,
    )
    expect(await statusOf(address)).toBe("confirmed")

    const [, welcome] = await mailbox.messagesTo(address, 2)
    await page.goto(linkIn(welcome!, "/api/leave"))
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.leavePage.heading)
    expect(await statusOf(address)).toBe("confirmed")
    await page.getByRole("button", { name: texts.leavePage.buttonLabel, exact: true }).click()
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.leavePage.leftHeading)
    expect(await statusOf(address)).toBe("left")
  })
})

test("tampered, expired and other people's tokens change nothing and say so", async ({ page }) => {
  const [ann, bea] = [uniqueAddress("ann"), uniqueAddress("bea")]
  for (const address of [ann, bea]) await joinFromContactPage(page, address)
  const annLink = linkIn((await mailbox.messagesTo(ann))[0]!, "/api/confirm")
  const beaLink = linkIn((await mailbox.messagesTo(bea))[0]!, "/api/confirm")
  const token = (link: string) => new URL(link).searchParams.get("token") ?? ""
  const [, annId, annExpiry, annSignature] = token(annLink).split(".")
  const [, beaId] = token(beaLink).split(".")
  const confirmUrl = (value: string) => `${site.baseURL}/api/confirm?token=${value}`

  // A character changed in the signature.
  const flipped = annSignature!.replace(/^./, (c) => (c === "A" ? "B" : "A"))
  // Ann's signature on Bea's id: someone trying her own link on another address.
  const borrowed = `confirm.${beaId}.${annExpiry}.${annSignature}`
  for (const forged of [`confirm.${annId}.${annExpiry}.${flipped}`, borrowed]) {
    await page.goto(confirmUrl(forged))
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.invalidPage.heading)
    const posted = await fetch(confirmUrl(forged), { method: "POST" })
    expect(posted.status).toBe(400)
  }

  // A genuine token, signed with the store's own secret, a week and a day old.
  const secret = (await readFile(path.join(store, secretFile), "utf8")).trim()
  const expired = await signToken(secret, "confirm", annId!, new Date(Date.now() - 86_400_000))
  await page.goto(confirmUrl(expired))
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.expiredPage.heading)
  await expect(
    page.getByRole("link", { name: texts.expiredPage.joinAgainLabel, exact: true }),
  ).toHaveAttribute("href", contact.path)
  expect((await fetch(confirmUrl(expired), { method: "POST" })).status).toBe(410)

  // A leave token used to confirm, and a confirm token used to leave: refused.
  expect(
    (await fetch(`${site.baseURL}/api/leave?token=${token(annLink)}`, { method: "POST" })).status,
  ).toBe(400)

  expect(await statusOf(ann)).toBe("pending")
  expect(await statusOf(bea)).toBe("pending")
})
