import { spawn, type ChildProcess } from "node:child_process"
import { createServer } from "node:net"
import { expect, test, type Page } from "@playwright/test"
import {
  startMailingProviderStub,
  stubMailchimpApiKey,
  stubMailchimpAudienceId,
  type MailingProviderStub,
} from "../scripts/stubs/mailingProviderStub"
import { contact, escapeRegExp } from "./content"
import { waitForHydration } from "./hydration"
import { uniqueAddress } from "./members"

// The production build served as `npm start` serves it, with a mailing provider configured the
// way the README says, pointed at a local stub that answers as Mailchimp's API does. The texts are
// data/contact.json's, with {product} and {email} filled from data/site.json.
const timeoutMs = 1500
const welcome = contact.toast.title
const toasts = (page: Page) =>
  page
    .getByRole("region", { name: new RegExp(escapeRegExp(contact.toast.regionLabel)) })
    .getByRole("listitem")

test.describe.configure({ mode: "serial" })
// The delivery test serves the site with nginx; this one needs its own server.
test.skip(Boolean(process.env.E2E_BASE_URL), "runs against its own gatsby serve")

/** A port nothing listens on. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0))
    })
  })
}

let stub: MailingProviderStub
let server: ChildProcess
let baseURL: string

test.beforeAll(async () => {
  stub = await startMailingProviderStub()
  const port = await freePort()
  baseURL = `http://localhost:${port}`
  server = spawn("npx", ["gatsby", "serve", "--port", String(port), "--host", "localhost"], {
    env: {
      ...process.env,
      SIGNUP_PROVIDER: "mailchimp",
      MAILCHIMP_API_KEY: stubMailchimpApiKey,
      MAILCHIMP_AUDIENCE_ID: stubMailchimpAudienceId,
      MAILCHIMP_API_URL: stub.url,
      SIGNUP_PROVIDER_TIMEOUT_MS: String(timeoutMs),
      SIGNUP_RATE_LIMIT: "1000",
    },
    stdio: "ignore",
    detached: true,
  })
  await expect(async () => {
    expect((await fetch(baseURL)).ok).toBe(true)
  }).toPass({ timeout: 30_000 })
})

test.afterAll(async () => {
  if (server.pid) process.kill(-server.pid, "SIGTERM")
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
  expect(received[0]?.body).toMatchObject({ email_address: address, status: "pending" })
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
