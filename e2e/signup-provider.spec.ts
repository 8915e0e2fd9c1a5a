import { expect, test, type Page } from "@playwright/test"
import {
  startMailingProviderStub,
  stubMailchimpApiKey,
  stubMailchimpAudienceId,
  type MailingProviderStub,
} from "./support/stubs/mailingProviderStub"
import { contact, escapeRegExp } from "./support/content"
import { waitForHydration } from "./support/hydration"
import { uniqueAddress } from "./support/members"
import { serveBuild, type BuildServer } from "./support/servers"

// The production build served as `npm start` serves it, with a mailing provider configured the
// way docs/signups.md says, pointed at a local stub that answers as Mailchimp's API does. The
// texts are data/contact.json's, with {product} and {email} filled from data/site.json.
const timeoutMs = 1500
const welcome = contact.toast.title
const toasts = (page: Page) =>
  page
    .getByRole("region", { name: new RegExp(escapeRegExp(contact.toast.regionLabel)) })
    .getByRole("listitem")

test.describe.configure({ mode: "serial" })
// The delivery test serves the site with nginx; this one needs its own server.
test.skip(Boolean(process.env.E2E_BASE_URL), "runs against its own site server")

let stub: MailingProviderStub
let server: BuildServer
let baseURL: string

test.beforeAll(async () => {
  stub = await startMailingProviderStub()
  server = await serveBuild({
    SIGNUP_PROVIDER: "mailchimp",
    MAILCHIMP_API_KEY: stubMailchimpApiKey,
    MAILCHIMP_AUDIENCE_ID: stubMailchimpAudienceId,
    MAILCHIMP_API_URL: stub.url,
    SIGNUP_PROVIDER_TIMEOUT_MS: String(timeoutMs),
    SIGNUP_RATE_LIMIT: "1000",
    SIGNUP_SITE_LIMIT: "0",
  })
  baseURL = server.baseURL
})

test.afterAll(async () => {
  server.stop()
  await stub.close()
})

async function joinWith(page: Page, address: string) {
  await page.goto(`${baseURL}${contact.path}`)
  await waitForHydration(page)
  await page.getByLabel(contact.emailLabel, { exact: true }).fill(address)
  await page.getByRole("button", { name: contact.submitLabel, exact: true }).click()
}

test("the provider takes the address, pending its own confirmation e-mail", async ({ page }) => {
  const address = uniqueAddress("provider")
  await joinWith(page, address)
  await expect(toasts(page).getByText(welcome, { exact: true })).toBeVisible()
  const received = stub.received.filter((request) => request.address === address)
  expect(received).toHaveLength(1)
  expect(received[0]?.provider).toBe("mailchimp")
  // Added or updated at her hash: new, she is pending, and Mailchimp sends its confirmation.
  expect(received[0]?.body).toEqual({ email_address: address, status_if_new: "pending" })
  expect(stub.optIns).toContain(address)
})

test("a former member signs up again: welcomed, and the confirmation is sent again", async ({
  page,
}) => {
  const address = uniqueAddress("provider", "unsubscribed")
  await joinWith(page, address)
  await expect(toasts(page).getByText(welcome, { exact: true })).toBeVisible()
  const bodies = stub.received
    .filter((request) => request.address === address)
    .map((request) => request.body)
  expect(bodies).toEqual([
    { email_address: address, status_if_new: "pending" },
    { email_address: address, status_if_new: "pending", status: "pending" },
  ])
  expect(stub.optIns).toContain(address)
})

test("already a member at the provider: welcomed all the same", async ({ page }) => {
  await joinWith(page, uniqueAddress("provider", "exists"))
  await expect(toasts(page).getByText(welcome, { exact: true })).toBeVisible()
})

for (const [name, tag] of [
  ["the provider fails", "down"],
  ["the provider does not answer in time", "slow"],
  ["the provider limits the rate", "ratelimited"],
]) {
  test(`${name}: 'unavailable', the address kept, no welcome`, async ({ page }) => {
    const address = uniqueAddress("provider", tag)
    await joinWith(page, address)
    await expect(page.getByRole("alert")).toHaveText(contact.messages.unavailable, {
      timeout: timeoutMs + 5000,
    })
    await expect(page.getByLabel(contact.emailLabel, { exact: true })).toHaveValue(address)
    await expect(toasts(page)).toHaveCount(0)
  })
}

test("the provider refuses the address: the page says it is not one", async ({ page }) => {
  const address = uniqueAddress("provider", "invalid")
  await joinWith(page, address)
  await expect(page.getByRole("alert")).toHaveText(contact.messages.invalid)
  await expect(page.getByLabel(contact.emailLabel, { exact: true })).toHaveValue(address)
})
