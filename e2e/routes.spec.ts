import { expect, test, type Page } from "@playwright/test"
import site from "../data/site.json"
import { pageRoutes } from "../src/content/routes"
import { waitForHydration } from "./hydration"

// Every page of the site, with its link in the menu (a page may have none).
const pages = pageRoutes().map(({ name, path }) => {
  const label = site.navigation.find((item) => item.path === path)?.label
  return { name, path, label }
})

/** Fails the test on any console error or uncaught exception on the page. */
function watchForErrors(page: Page) {
  const problems: string[] = []
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text())
  })
  page.on("pageerror", (error) => problems.push(error.message))
  return problems
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" })

test.describe("every route", () => {
  for (const { label, path } of pages) {
    test(`${path} has one h1, the fixed navigation with ${label ?? "no link"} current, and no errors`, async ({
      page,
    }) => {
      const problems = watchForErrors(page)
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await expect(page.locator("h1")).toHaveCount(1)
      await expect(
        page.getByRole("link", { name: "Evergrace", exact: true }).first(),
      ).toHaveAttribute("href", "/")
      const links = mainNav(page).getByRole("link")
      await expect(links).toHaveText(site.navigation.map((link) => link.label))
      const current = mainNav(page).locator('[aria-current="page"]')
      if (label) {
        await expect(current).toHaveText(label)
        await expect(current).toHaveAttribute("href", path)
      } else await expect(current).toHaveCount(0)

      // The navigation stays at the top of the screen as the page scrolls.
      await page.mouse.wheel(0, 1500)
      await expect.poll(async () => (await page.locator("header").first().boundingBox())?.y).toBe(0)
      expect(problems).toEqual([])
    })
  }

  test("/shop/ with a trailing slash reaches the same page", async ({ page }) => {
    await page.goto("/shop/")
    await expect(page).toHaveURL(/\/shop$/)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shop")
  })
})

test("home: full-screen hero, featured collections and the story", async ({ page }) => {
  await page.goto("/")
  const hero = page.locator("section").first()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Timeless Elegance for the Modern Woman",
  )
  await expect(hero.getByText(/Beautifully made clothes/)).toBeVisible()
  await expect(hero.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/shop")
  const viewport = page.viewportSize()!
  const heroBox = (await hero.boundingBox())!
  const navBox = (await page.locator("header").first().boundingBox())!
  expect(heroBox.height + navBox.height).toBeGreaterThanOrEqual(viewport.height - 1)

  const featured = page.getByRole("region", { name: "Featured Collections" })
  await expect(featured.getByRole("heading", { level: 3 })).toHaveText(["Dresses", "Everyday Wear"])
  const explore = featured.getByRole("link", { name: "Explore" })
  await expect(explore).toHaveCount(2)
  for (const link of await explore.all()) await expect(link).toHaveAttribute("href", "/shop")

  const story = page.getByRole("region", { name: "Style Never Ages" })
  await expect(story.getByRole("link", { name: "Our Story" })).toHaveAttribute("href", "/about")

  // The page's links go through Gatsby's router once it has hydrated: no reload of the page.
  await waitForHydration(page)
  await page.evaluate(() => Object.assign(window, { beforeTheClick: true }))
  await hero.getByRole("link", { name: "Shop Now" }).click()
  await expect(page).toHaveURL(/\/shop$/)
  await expect(mainNav(page).locator('[aria-current="page"]')).toHaveText("Shop")
  expect(await page.evaluate(() => "beforeTheClick" in window)).toBe(true)
})

test("shop: five categories with their counts, none of them a link", async ({ page }) => {
  await page.goto("/shop")
  const grid = page.getByRole("main").getByRole("list")
  const cards = grid.getByRole("listitem")
  await expect(cards).toHaveCount(5)
  await expect(grid.getByRole("heading", { level: 2 })).toHaveText([
    "Dresses",
    "Tops",
    "Bottoms",
    "Outerwear",
    "Accessories",
  ])
  for (const [index, count] of [24, 18, 16, 12, 20].entries()) {
    await expect(cards.nth(index)).toContainText(`${count} items`)
  }
  await expect(grid.getByRole("link")).toHaveCount(0)
  await expect(grid.getByRole("button")).toHaveCount(0)
})

test("about: hero image, the story and the philosophy box", async ({ page }) => {
  await page.goto("/about")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Story")
  const heroImage = page.getByRole("main").getByRole("img").first()
  await expect(heroImage).toHaveAttribute("alt", /boutique/)
  await expect(heroImage).toBeVisible()
  expect(await page.getByRole("main").locator("p").count()).toBeGreaterThanOrEqual(4)
  const philosophy = page.getByRole("complementary", { name: "Our Philosophy" })
  await expect(philosophy).toContainText(/celebrate the woman/)
})

test("journal: six articles with category, title, date and excerpt, newest first", async ({
  page,
}) => {
  await page.goto("/journal")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Style Journal")
  const articles = page.getByRole("article")
  await expect(articles).toHaveCount(6)
  const dates = await articles
    .locator("time")
    .evaluateAll((times) => times.map((time) => time.getAttribute("datetime")))
  expect(dates).toEqual([
    "2024-03-15",
    "2024-03-08",
    "2024-03-01",
    "2024-02-26",
    "2024-02-20",
    "2024-02-15",
  ])
  await expect(articles.first().locator("time")).toHaveText("March 15, 2024")
  const categories = new Set<string>()
  for (const article of await articles.all()) {
    await expect(article.getByRole("heading", { level: 2 })).not.toBeEmpty()
    const text = (await article.innerText()).toUpperCase()
    const category = ["STYLE TIPS", "INSPIRATION", "SEASONAL TRENDS", "FASHION PHILOSOPHY"].find(
      (name) => text.includes(name),
    )
    expect(category).toBeDefined()
    categories.add(category!)
    expect(await article.locator("p").count()).toBeGreaterThanOrEqual(3)
  }
  expect(categories.size).toBe(4)
  await expect(page.getByRole("main").getByRole("link")).toHaveCount(0)
})

// Home, shop, about and the journal keep their server HTML as they hydrate (StaticContent) and
// render it in the browser after a client-side visit: the two must show the same page.
const staticPages = ["home", "shop", "about", "journal"]
for (const { label, path } of pages.filter(
  ({ name, label }) => label && staticPages.includes(name),
)) {
  test(`${path} reads the same loaded directly, hydrated, and reached from another page`, async ({
    page,
  }) => {
    const problems = watchForErrors(page)
    // Every element of the page with its attributes and text: not the markup as written, since the
    // server's HTML separates adjacent texts with comments and a browser render does not.
    const mainContent = () =>
      page.getByRole("main").evaluate((main) =>
        [main, ...main.querySelectorAll("*")].map((element) => {
          // An inline style as the browser reads it (the server writes it more tersely).
          const attributes = [...element.attributes]
            .map(
              (a) =>
                `${a.name}=${a.name === "style" ? (element as HTMLElement).style.cssText : a.value}`,
            )
            .sort()
          const text = [...element.childNodes]
            .filter((node) => node.nodeType === Node.TEXT_NODE)
            .map((node) => node.textContent)
            .join("")
          return `<${element.tagName} ${attributes.join(" ")}>${text}`
        }),
      )
    await page.goto(path)
    const served = await mainContent()
    await waitForHydration(page)
    expect(await mainContent()).toEqual(served)

    await page.goto(path === "/" ? "/about" : "/")
    await waitForHydration(page)
    await mainNav(page).getByRole("link", { name: label }).click()
    await expect(page).toHaveURL(new RegExp(`:\\d+${path}$`))
    await expect(page.getByRole("main").locator("h1")).toHaveCount(1)
    expect(await mainContent()).toEqual(served)
    expect(problems).toEqual([])
  })
}

test("affiliate: partnership, four collections and why shop through us, with honest buttons", async ({
  page,
}) => {
  await page.goto("/affiliate")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Affiliate Boutique")
  await waitForHydration(page)
  const visit = page.getByRole("button", { name: "Visit Willow & Pearl Store" })
  await expect(visit).toHaveAttribute("aria-disabled", "true")
  await expect(visit).toHaveAccessibleDescription(/opens soon/)

  const collections = page.getByRole("article")
  await expect(collections.getByRole("heading", { level: 3 })).toHaveText([
    "Spring Elegance Collection",
    "Timeless Classics",
    "Luxe Outerwear",
    "Refined Accessories",
  ])
  await expect(collections.nth(0)).toContainText("Featured")
  await expect(collections.nth(1)).toContainText("Featured")
  await expect(collections.nth(2)).not.toContainText("Featured")
  await expect(collections.nth(3)).not.toContainText("Featured")
  const explore = page.getByRole("button", { name: "Explore Collection" })
  await expect(explore).toHaveCount(4)

  // Pointing at a button fetches the tooltips' code, and this part of the page hydrates with it;
  // her pointer moves on over the button, which explains itself after the site's 700 ms delay.
  // (Timed from before the move, so that a slow machine can only make it later; Radix marks a
  // tooltip that waited.)
  await visit.hover()
  await page.locator("html[data-tooltips]").waitFor({ state: "attached" })
  const tooltip = page.locator("[data-radix-popper-content-wrapper]")
  const box = (await visit.boundingBox())!
  const hoveredAt = Date.now()
  await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 2, { steps: 3 })
  await expect(tooltip).toContainText("opens soon", { timeout: 3000 })
  expect(Date.now() - hoveredAt).toBeGreaterThanOrEqual(700)
  await expect(visit).toHaveAttribute("data-state", "delayed-open")
  // A mouse sends a stream of moves; Radix closes the tooltip once the pointer is clear of it.
  await page.mouse.move(1, 1, { steps: 10 })
  await expect(tooltip).toHaveCount(0)
  // She scrolls down to a collection (Radix closes a tooltip whose page scrolls, so the scroll is
  // let finish first) and its button explains itself too.
  await explore.nth(2).scrollIntoViewIfNeeded()
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50))),
  )
  await explore.nth(2).hover()
  await expect(tooltip).toContainText("opens soon", { timeout: 1500 })

  // Nothing pretends to be a link, and pressing a button leaves the visitor where she is.
  await expect(page.getByRole("main").locator('a[href="#"], a:not([href])')).toHaveCount(0)
  // Playwright will not click an aria-disabled button unless forced; a visitor can.
  await explore.first().click({ force: true })
  await expect(page).toHaveURL(/\/affiliate$/)

  const why = page.getByRole("region", { name: "Why Shop Through Evergrace" })
  await expect(why.getByRole("heading", { level: 3 })).toHaveText([
    "Curated Selection",
    "Exclusive Offers",
    "Trusted Quality",
  ])
})

test("affiliate: a keyboard visitor tabs to a button and sees its note", async ({ page }) => {
  await page.goto("/affiliate")
  await waitForHydration(page)
  const visit = page.getByRole("button", { name: "Visit Willow & Pearl Store" })
  // Her Tab onto the button fetches the tooltips' code; that part of the page waits for it and
  // then hydrates with the tooltips, the focus staying where she put it.
  for (let presses = 0; presses < 30; presses++) {
    await page.keyboard.press("Tab")
    if (await visit.evaluate((button) => button === document.activeElement)) break
  }
  await expect(visit).toBeFocused()
  await expect(page.locator("[data-radix-popper-content-wrapper]")).toContainText("opens soon")
  await page.keyboard.press("Escape")
  await expect(page.locator("[data-radix-popper-content-wrapper]")).toHaveCount(0)
  await expect(visit).toBeFocused()

  // Focus moved straight to the button (as a screen reader can) fetches the tooltips' code itself:
  // React hands the focus to the tooltip once that part of the page has hydrated.
  await page.reload()
  await waitForHydration(page)
  await visit.focus()
  await expect(page.locator("[data-radix-popper-content-wrapper]")).toContainText("opens soon")
  await expect(visit).toBeFocused()
})

test("contact: benefits, the form, the privacy note and the questions box", async ({ page }) => {
  await page.goto("/contact")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Join the Evergrace Society")
  const benefits = page
    .getByRole("region", { name: "As a member you'll enjoy" })
    .getByRole("listitem")
  await expect(benefits).toHaveText([
    /new collections and early access/i,
    /style tips/i,
    /member-only promotions/i,
    /events/i,
  ])
  const field = page.getByLabel("Your e-mail address")
  await expect(field).toHaveAttribute("type", "email")
  await expect(field).toHaveAttribute("required", "")
  await expect(page.getByRole("button", { name: "Join Now" })).toBeVisible()
  await expect(page.getByText("We respect your privacy. Unsubscribe at any time.")).toBeVisible()
  const questions = page.getByRole("region", { name: "Questions or Feedback?" })
  await expect(questions.getByRole("link", { name: "hello@evergrace.example" })).toHaveAttribute(
    "href",
    "mailto:hello@evergrace.example",
  )
})
