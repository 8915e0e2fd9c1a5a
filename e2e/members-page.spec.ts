import { existsSync, readdirSync, readFileSync } from "node:fs"
import { mkdtemp, rm } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { expect, test, type Page } from "@playwright/test"
import { stubRepo, stubUser } from "./support/stubs/githubStub"
import { closeMemberStores, readJobs, readMembers } from "../src/membership/node/store/lmdbStore"
import { membersEndpoint, membersPagePath } from "../src/shared/endpoints"
import { staffPagePolicy } from "../src/shared/policy"
import { pageTexts } from "../src/membership/staffPage/staffPageTexts"
import { cmsUserKey } from "../src/membership/staffPage/session"
import { staffProblems } from "../src/membership/web/staff/staffTexts"
import { axeViolations } from "./support/axe"
import { contact } from "./support/content"
import { facesDrawn, siteFaces } from "./support/fonts"
import { waitForHydration } from "./support/hydration"
import { startMailbox, type Mailbox } from "./support/mailbox"
import { exportedMembers, uniqueAddress } from "./support/members"
import { skipWithoutGithubStub, startGithubSite, type GithubSite } from "./support/githubSite"

// The staff's page of the list (/admin/members/) against the production build, signed in with
// GitHub through the site's own sign-in and a stand-in for GitHub
// (e2e/support/stubs/githubStub.ts): an editor who may push sees the counts and the address that
// just joined, downloads the CSV, and erases her (gone from the store, the CSV and the outbox); a
// reader is refused, saying why; no token is a 401. Served by its own site server (as `npm start`
// serves it), or by nginx under `npm run test:delivery` (E2E_BASE_URL, with the stub and the API
// service's store named).

const authorizeButton = `Authorize ${stubRepo.split("/")[0]}`

test.describe.configure({ mode: "serial", timeout: 90_000 })
skipWithoutGithubStub()

let baseURL: string
let githubUrl: string
let store: string
let site: GithubSite | undefined
let ownStore = false

test.beforeAll(async () => {
  ownStore = !process.env.E2E_BASE_URL
  // nginx's API service keeps its own store (scripts/test-delivery.ts names it).
  store = ownStore
    ? await mkdtemp(path.join(os.tmpdir(), "members-e2e-staff-"))
    : (process.env.MEMBERS_STORE ?? "")
  // No SMTP_URL: each e-mail is written as an .eml file in the store's outbox/ folder.
  site = await startGithubSite({
    MEMBERS_STORE: store,
    SIGNUP_RATE_LIMIT: "1000",
    SIGNUP_SITE_LIMIT: "0",
  })
  ;({ baseURL, githubUrl } = site)
})

test.afterAll(async () => {
  await site?.stop()
  await closeMemberStores()
  if (ownStore) await rm(store, { recursive: true, force: true })
})

/** A token as a sign-in would give it, from the stub (in this process or another). */
async function tokenFor(who: "editor" | "reader", stub = githubUrl): Promise<string> {
  const response = await fetch(`${stub}/_stub/token`, { method: "POST", body: `who=${who}` })
  return ((await response.json()) as { token: string }).token
}

/** Signed in to the CMS already in this browser (Decap keeps its user in localStorage). */
async function asCmsUser(page: Page, token: string) {
  await page.addInitScript((user) => window.localStorage.setItem(user.key, user.value), {
    key: cmsUserKey,
    value: JSON.stringify({ backendName: "github", token }),
  })
}

async function joinFromContactPage(page: Page, address: string, site = baseURL) {
  await page.goto(`${site}${contact.path}`)
  await waitForHydration(page)
  await page.getByLabel(contact.emailLabel, { exact: true }).fill(address)
  await page.getByRole("button", { name: contact.submitLabel, exact: true }).click()
  await expect(page.getByText(contact.toast.title, { exact: true })).toBeVisible()
}

/** The .eml copies addressed to `address` in the store's outbox/ folder. */
function copiesTo(address: string): string[] {
  const outbox = path.join(store, "outbox")
  if (!existsSync(outbox)) return []
  return readdirSync(outbox).filter((name) =>
    readFileSync(path.join(outbox, name), "utf8").includes(`To: ${address}`),
  )
}

test("no token: /api/members answers 401 in plain words, and the page offers the sign-in, in the site's faces", async ({
  page,
}) => {
  const response = await fetch(`${baseURL}${membersEndpoint}`)
  expect(response.status).toBe(401)
  expect(response.headers.get("cache-control")).toBe("no-store")
  expect(await response.json()).toEqual({ problem: "signIn", message: staffProblems.signIn })

  await page.goto(`${baseURL}${membersPagePath}`)
  await expect(page.getByRole("heading", { name: pageTexts.signIn.heading })).toBeVisible()
  await expect(page.getByText(staffProblems.signIn)).toBeVisible()
  await expect(page.getByRole("button", { name: pageTexts.signIn.button })).toBeVisible()
  // Drawn in the site's own faces, as the site is, not in their fallbacks (as Chromium says).
  for (const [selector, face] of [
    ["main h1", siteFaces.display],
    ["main p", siteFaces.body],
  ] as const) {
    await expect
      .poll(() => facesDrawn(page, selector), { message: `${selector} drawn in ${face}` })
      .toEqual([expect.stringMatching(new RegExp(`^${face}`))])
  }
})

test("an editor who may push signs in with GitHub, sees who joined, downloads the CSV and erases her", async ({
  page,
}) => {
  const address = uniqueAddress("staff-erase")
  await joinFromContactPage(page, address)
  // Her confirmation is written as an .eml copy (without SMTP) or sent (nginx's API service).
  if (ownStore) await expect.poll(() => copiesTo(address).length, { timeout: 20_000 }).toBe(1)

  // The CMS's sign-in page links here.
  await page.goto(`${baseURL}${membersPagePath}`)
  // The page has its own strict policy, beside the CMS's headers.
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
    "content",
    staffPagePolicy(),
  )
  // The store's count of those waiting, read before the page asks for the list and after it shows
  // it: other tests sign up (and leave) at the same time, on the same store.
  const pendingNow = async () =>
    (await readMembers(store)).filter((member) => member.status === "pending").length
  const before = await pendingNow()
  const opened = page.waitForEvent("popup")
  await page.getByRole("button", { name: pageTexts.signIn.button }).click()
  const popup = await opened
  await popup.getByRole("button", { name: authorizeButton }).click()
  await expect.poll(() => popup.isClosed(), { timeout: 15_000 }).toBe(true)

  await expect(page.getByText(pageTexts.identity.signedInAs(stubUser.login))).toBeVisible()
  const pendingCount = page.locator(`dl dt:text-is("${pageTexts.counts.pending}") + dd`)
  await expect(pendingCount).toHaveText(/^\d+$/)
  const shown = Number(await pendingCount.textContent())
  const after = await pendingNow()
  expect(shown).toBeGreaterThanOrEqual(Math.min(before, after))
  expect(shown).toBeLessThanOrEqual(Math.max(before, after))
  const row = page.getByRole("row").filter({ hasText: address })
  await expect(row).toBeVisible()
  await expect(row).toContainText(pageTexts.status.pending)

  // Search by address.
  await page.getByLabel(pageTexts.list.searchLabel).fill(address.slice(0, 24))
  await expect(page.getByRole("row").filter({ hasText: "@" })).toHaveCount(1)

  // The CSV of everyone has her, pending; the members' CSV does not (she has not confirmed).
  const everyone = page.waitForEvent("download")
  await page.getByRole("button", { name: pageTexts.downloads.everyone }).click()
  const file = await (await everyone).path()
  const csv = readFileSync(file, "utf8")
  expect(csv.split("\r\n")[0]).toBe(
    "email,asked_at_utc,confirmed_at_utc,status,left_at_utc,email_refused,refused_at_utc,mail_server_answer",
  )
  expect(csv).toMatch(
    new RegExp(`^${address.replace(/[.+]/g, "\\$&")},[^,]+,,pending,,,,\\r$`, "m"),
  )
  const confirmedOnly = page.waitForEvent("download")
  await page.getByRole("button", { name: pageTexts.downloads.members }).click()
  expect(readFileSync(await (await confirmedOnly).path(), "utf8")).not.toContain(address)

  // No axe violation on the page as staff use it, list and all.
  expect(await axeViolations(page)).toEqual([])

  // Erase her, with the confirmation step, by keyboard from her Manage button.
  await page.getByRole("button", { name: `Manage ${address}` }).focus()
  await page.keyboard.press("Enter")
  await expect(page.getByRole("heading", { name: address })).toBeFocused()
  await page.getByRole("button", { name: pageTexts.actions.erase }).click()
  await expect(page.getByText(pageTexts.actions.confirmErase(address))).toBeVisible()
  await page.getByRole("button", { name: pageTexts.actions.yesErase }).click()
  await expect(page.getByRole("status").filter({ hasText: /erased/ })).toBeVisible()
  await expect(page.getByRole("row").filter({ hasText: address })).toHaveCount(0)

  // Gone from the store, the CSV, the outbox and the copies of her e-mail.
  expect((await exportedMembers(store)).map((member) => member.address)).not.toContain(address)
  expect((await readJobs(store)).filter((job) => job.to === address)).toEqual([])
  expect(copiesTo(address)).toEqual([])
  // The audit log names who did it, and not whom.
  const log = page.getByRole("region", { name: pageTexts.audit.heading })
  await expect(log.getByRole("listitem").first()).toContainText(
    `${stubUser.login} ${pageTexts.audit.did.erase}`,
  )
  await expect(log).toContainText(`${stubUser.login} ${pageTexts.audit.did["export-all"]}`)
  await expect(log).not.toContainText(address)
})

test("a user who may read the repository but not push is refused, and the page says why", async ({
  page,
}) => {
  const token = await tokenFor("reader")
  const response = await fetch(`${baseURL}${membersEndpoint}`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(response.status).toBe(403)
  await asCmsUser(page, token)
  await page.goto(`${baseURL}${membersPagePath}`)
  await expect(page.getByRole("alert")).toContainText(staffProblems.noPush)
  await expect(page.getByRole("table")).toHaveCount(0)
})

/** Someone signs up through the site's form endpoint, with an address starting `name`. */
async function signUpLong(name: string) {
  const joined = await fetch(`${baseURL}/api/subscribe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", Origin: baseURL },
    body: JSON.stringify({ email: uniqueAddress(name) }),
  })
  expect(joined.status).toBe(200)
}

test("at 200 % zoom (640 px wide) and on a phone the page keeps to the screen; keyboard reaches every action", async ({
  page,
}) => {
  // Someone on the list, with an address long enough to test the narrow screens.
  await signUpLong("a-rather-long-name-for-a-narrow-screen")
  await asCmsUser(page, await tokenFor("editor"))
  for (const width of [640, 390]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto(`${baseURL}${membersPagePath}`)
    await expect(page.getByRole("table")).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, `horizontal scroll at ${width} px`).toBeLessThanOrEqual(0)
  }
  // From the top, Tab reaches the skip link, the header's links and the first Manage button.
  const reached: string[] = []
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press("Tab")
    reached.push(
      await page.evaluate(() => document.activeElement?.textContent?.trim().slice(0, 40) ?? ""),
    )
  }
  expect(reached).toContain(pageTexts.skipLink)
  expect(reached).toContain(pageTexts.backToEditor)
  expect(reached.some((text) => text.startsWith("Manage"))).toBe(true)

  // Her actions, by keyboard alone: Manage opens them, the erase question is asked, Keep her
  // keeps her, and Close gives the focus back to her row.
  const manage = page.getByRole("button", { name: /^Manage / }).first()
  await manage.focus()
  await page.keyboard.press("Enter")
  for (const label of [
    pageTexts.actions.resend,
    pageTexts.actions.takeOff,
    pageTexts.actions.erase,
  ]) {
    await page.keyboard.press("Tab")
    await expect(page.getByRole("button", { name: label })).toBeFocused()
  }
  await page.keyboard.press("Enter")
  await expect(page.getByText(/This cannot be undone/)).toBeVisible()
  await expect(page.getByRole("button", { name: pageTexts.actions.keep })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(page.getByText(/This cannot be undone/)).toHaveCount(0)
  // Asked again, Escape keeps her too, and the focus is back on the erase button.
  await expect(page.getByRole("button", { name: pageTexts.actions.erase })).toBeFocused()
  await page.keyboard.press("Enter")
  await page.keyboard.press("Escape")
  await expect(page.getByText(/This cannot be undone/)).toHaveCount(0)
  await expect(page.getByRole("button", { name: pageTexts.actions.erase })).toBeFocused()
  await page.getByRole("button", { name: pageTexts.actions.close }).focus()
  await page.keyboard.press("Enter")
  await expect(manage).toBeFocused()
})

test("on a phone with a larger text, her row's Manage is in reach and opens her actions", async ({
  page,
}) => {
  await signUpLong("a-rather-long-name-for-a-larger-text")
  await asCmsUser(page, await tokenFor("editor"))
  const cdp = await page.context().newCDPSession(page)
  for (const textSize of [20, 24]) {
    await cdp.send("Page.setFontSizes", { fontSizes: { standard: textSize } })
    await page.setViewportSize({ width: 390, height: 800 })
    await page.goto(`${baseURL}${membersPagePath}`)
    // A tap where the button is drawn: Playwright's click fails if her pinned address covers it.
    await page
      .getByRole("button", { name: /^Manage / })
      .first()
      .click({ timeout: 5000 })
    await expect(page.getByRole("button", { name: pageTexts.actions.close })).toBeVisible()
  }
})

test.describe("her mail server refuses her address", () => {
  test.skip(
    Boolean(process.env.E2E_BASE_URL),
    "needs a mail server of the spec's own that refuses her: nginx's API service sends to none",
  )

  // The mail server's answer to RCPT TO for an address that does not exist, as Postfix words it.
  const userUnknown = "Recipient address rejected: User unknown"
  let mailbox: Mailbox
  let refusing: GithubSite | undefined
  let refusingStore: string

  test.beforeAll(async () => {
    mailbox = await startMailbox({
      refuseRcpt: (address) =>
        address.startsWith("mistyped-")
          ? Object.assign(new Error(`5.1.1 <${address}>: ${userUnknown}`), { responseCode: 550 })
          : undefined,
    })
    refusingStore = await mkdtemp(path.join(os.tmpdir(), "members-e2e-refused-"))
    refusing = await startGithubSite({
      MEMBERS_STORE: refusingStore,
      SMTP_URL: mailbox.url,
      MAIL_FROM: '"Evergrace" <hello@evergrace.example>',
      SIGNUP_RATE_LIMIT: "1000",
      SIGNUP_SITE_LIMIT: "0",
    })
  })

  test.afterAll(async () => {
    await refusing?.stop()
    await mailbox?.close()
    await closeMemberStores()
    await rm(refusingStore, { recursive: true, force: true })
  })

  test("she signs up with an address her mail server refuses: her row, the figures and the log say so, not that she is waiting", async ({
    page,
  }) => {
    const site = refusing!
    const address = uniqueAddress("mistyped")
    await joinFromContactPage(page, address, site.baseURL)
    // The site's sender offers her confirmation, is refused, and gives up on it.
    await expect.poll(() => mailbox.rcpt.includes(address), { timeout: 20_000 }).toBe(true)
    await expect.poll(async () => (await readJobs(refusingStore)).length).toBe(0)
    expect(mailbox.received).toEqual([])

    await asCmsUser(page, await tokenFor("editor", site.githubUrl))
    await page.goto(`${site.baseURL}${membersPagePath}`)
    const row = page.getByRole("row").filter({ hasText: address })
    await expect(row).toContainText(pageTexts.status.refused)
    await expect(row).not.toContainText(pageTexts.status.pending)
    // Which e-mail, and the mail server's answer, her address in it left out.
    await expect(row).toContainText(pageTexts.list.refusedOn("confirmation"))
    await expect(row).toContainText(`550 5.1.1 <address>: ${userUnknown}`)
    const figure = (label: string) => page.locator(`dl dt:text-is("${label}") + dd`)
    await expect(figure(pageTexts.counts.refused)).toHaveText("1")
    await expect(figure(pageTexts.counts.pending)).toHaveText("0")
    const log = page.getByRole("region", { name: pageTexts.audit.heading })
    await expect(log.getByRole("listitem").first()).toHaveText(
      new RegExp(`${pageTexts.audit.mailServer} ${pageTexts.audit.did.confirmationRefused}$`),
    )
    await expect(log).not.toContainText(address)

    // Her panel says what to do.
    await page.getByRole("button", { name: `Manage ${address}` }).click()
    await expect(page.getByText(pageTexts.actions.intro(pageTexts.status.refused))).toBeVisible()
    await expect(page.getByText(pageTexts.actions.refusedAdvice)).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
})
