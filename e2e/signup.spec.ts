import { expect, test, type Page } from "@playwright/test"
import { contact, escapeRegExp, home, urlOf } from "./support/content"
import { waitForHydration } from "./support/hydration"
import { exportedAddresses, uniqueAddress } from "./support/members"

// Against the production build as `npm start` serves it (and, in the delivery test, through
// nginx to the API service): the endpoint is real and writes to the store members:export reads.
// The texts are data/contact.json's, with {product} and {email} filled from data/site.json.
const welcome = contact.toast.title
const field = (page: Page) => page.getByLabel(contact.emailLabel, { exact: true })
const toasts = (page: Page) =>
  page
    .getByRole("region", { name: new RegExp(escapeRegExp(contact.toast.regionLabel)) })
    .getByRole("listitem")

async function join(page: Page, address: string) {
  await field(page).fill(address)
  await page.getByRole("button", { name: contact.submitLabel, exact: true }).click()
}

/** A valid address over 254 characters: the browser's check lets it through, the endpoint not. */
const tooLong = () =>
  uniqueAddress("long").replace(
    "@",
    `@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.${"e".repeat(63)}.`,
  )

test.describe("sign-up with JavaScript on", () => {
  test("joins: the welcome toast, an empty field, and the address in the store once", async ({
    page,
  }) => {
    const address = uniqueAddress("scripted")
    await page.goto(contact.path)
    await waitForHydration(page)
    const posts: string[] = []
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname)
    })
    await join(page, address)

    const toast = toasts(page)
    await expect(toast).toHaveCount(1)
    // The toast's own texts, word for word around the brand's name.
    await expect(toast.getByText(welcome, { exact: true })).toBeVisible()
    await expect(toast.getByText(contact.toast.description, { exact: true })).toBeVisible()
    await expect(field(page)).toHaveValue("")
    await expect(page).toHaveURL(urlOf(contact.path))
    expect(posts).toEqual(["/api/subscribe"])

    // The same person again, spelled in capitals: welcomed, and still one member.
    await join(page, address.toUpperCase())
    await expect(toast.filter({ hasText: welcome })).toHaveCount(2)
    const members = await exportedAddresses()
    expect(members.filter((member) => member.toLowerCase() === address)).toEqual([address])

    // The toast goes away by itself after five seconds.
    await expect(toast).toHaveCount(0, { timeout: 8000 })
  })

  test("the toast can be dismissed with its close button", async ({ page }) => {
    await page.goto(contact.path)
    await waitForHydration(page)
    await field(page).fill(uniqueAddress("dismiss"))
    await page.keyboard.press("Enter")
    const toast = toasts(page)
    await expect(toast).toHaveCount(1)
    await toast.getByRole("button", { name: contact.toast.closeLabel, exact: true }).click()
    await expect(toast).toHaveCount(0)
  })

  const problems: [string, (page: Page) => Promise<string>, string][] = [
    ["too long", async () => tooLong(), contact.messages.tooLong],
    [
      "not an address (the browser's check bypassed, as a script or an old browser might)",
      async (page) => {
        await page.locator("form").evaluate((form: HTMLFormElement) => (form.noValidate = true))
        return "margaret.example.com"
      },
      contact.messages.invalid,
    ],
    // The browser's own check lets it by; no mail reaches a domain without a dot.
    [
      "a domain without a dot (a .com forgotten)",
      async () => "margaret@example",
      contact.messages.invalid,
    ],
    [
      "the trap field filled in, as a bot does",
      async (page) => {
        await page.locator('input[name="website"]').fill("https://offers.example")
        return uniqueAddress("bot")
      },
      contact.messages.rejected,
    ],
  ]
  for (const [name, prepare, message] of problems) {
    test(`${name}: the message beside the field, read aloud, and the address kept`, async ({
      page,
    }) => {
      await page.goto(contact.path)
      await waitForHydration(page)
      const address = await prepare(page)
      await join(page, address)

      await expect(page.getByRole("alert")).toHaveText(message)
      await expect(field(page)).toHaveValue(address)
      await expect(field(page)).toHaveAttribute("aria-invalid", "true")
      await expect(page.getByText(welcome)).toHaveCount(0)
      expect(await exportedAddresses()).not.toContain(address)
    })
  }

  for (const malformed of ["margaret", "margaret@", "@example.com", "margaret example.com"]) {
    test(`"${malformed}" is stopped by the browser's own check: nothing is sent`, async ({
      page,
    }) => {
      await page.goto(contact.path)
      await waitForHydration(page)
      let posted = false
      page.on("request", (request) => (posted ||= request.method() === "POST"))
      await join(page, malformed)

      expect(await field(page).evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(
        false,
      )
      await expect(page.getByText(welcome)).toHaveCount(0)
      await expect(field(page)).toHaveValue(malformed)
      expect(posted).toBe(false)
    })
  }
})

test.describe("sign-up with JavaScript off", () => {
  test.use({ javaScriptEnabled: false })

  test("the form is there, posts, and lands on the thank-you page; the address is stored once", async ({
    page,
  }) => {
    const address = uniqueAddress("no-script")
    await page.goto(contact.path)
    await join(page, address)

    await expect(page).toHaveURL(/\/api\/subscribe$/)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(welcome)
    await expect(page.getByText(contact.toast.description, { exact: true })).toBeVisible()
    await page.getByRole("link", { name: contact.continueLabel, exact: true }).click()
    await expect(page).toHaveURL(urlOf(home.path))
    expect((await exportedAddresses()).filter((member) => member === address)).toHaveLength(1)
  })

  test("a problem: the page names it and gives the form back with the address in it", async ({
    page,
  }) => {
    const address = tooLong()
    await page.goto(contact.path)
    await join(page, address)

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(contact.messages.heading)
    await expect(page.getByText(contact.messages.tooLong, { exact: true })).toBeVisible()
    await expect(field(page)).toHaveValue(address)
    await expect(field(page)).toBeFocused()
    await expect(page).toHaveTitle(new RegExp(escapeRegExp(contact.messages.heading)))
  })
})

test("a visit to the endpoint's address (a tab restored after a sign-up without JavaScript) shows the form, no problem named; another method gets 405", async ({
  page,
  request,
}) => {
  const response = await page.goto("/api/subscribe")
  expect(response?.status()).toBe(200)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(contact.heading)
  await expect(page.getByText(contact.messages.heading)).toHaveCount(0)
  await expect(field(page)).toBeVisible()
  // Allowed: what it answers, this page among it.
  const put = await request.put("/api/subscribe")
  expect(put.status()).toBe(405)
  expect(put.headers()["allow"]).toBe("GET, HEAD, POST")
})

test("bodies with nothing in them are answered at once, never left hanging", async ({
  request,
}) => {
  const bodies: [type: string, data: string][] = [
    ["application/json", "{}"],
    ["application/x-www-form-urlencoded", "&"],
  ]
  for (const [type, data] of bodies) {
    const response = await request.post("/api/subscribe", {
      headers: { "Content-Type": type, Accept: "application/json" },
      data,
      timeout: 5000,
    })
    expect(response.status()).toBe(400)
    expect(await response.json()).toEqual({ outcome: "problem", problem: "missing" })
  }
})
