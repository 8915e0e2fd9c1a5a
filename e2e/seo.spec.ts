import { expect, test } from "@playwright/test"
import { pageRoutes, unknownPath } from "../src/content/routes"
import { articlesNewestFirst, home, journal, publishedUrl, site } from "./support/content"

const routes = pageRoutes().map((route) => route.path)

test("every page has its own title and description, a canonical address and a share card", async ({
  page,
  request,
}) => {
  const titles = new Set<string>()
  const descriptions = new Set<string>()
  for (const route of routes) {
    await page.goto(route)
    const title = await page.title()
    expect(title).toContain(site.brandName)
    titles.add(title)
    const description = await page.locator('meta[name="description"]').getAttribute("content")
    expect(description?.length).toBeGreaterThan(50)
    descriptions.add(description!)
    await expect(page.locator("html")).toHaveAttribute("lang", "en")
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", publishedUrl(route))
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
      "content",
      "summary_large_image",
    )
    const shareImage = await page.locator('meta[property="og:image"]').getAttribute("content")
    const localImage = new URL(new URL(shareImage!).pathname, page.url()).href
    expect((await request.get(localImage)).headers()["content-type"]).toBe("image/jpeg")
    for (const script of await page.locator('script[type="application/ld+json"]').all()) {
      const json = (await script.textContent())!
      expect(() => JSON.parse(json)).not.toThrow()
    }
  }
  expect(titles.size).toBe(routes.length)
  expect(descriptions.size).toBe(routes.length)
})

test("the home page describes the boutique and the journal lists its posts", async ({ page }) => {
  const structuredData = async () =>
    Promise.all(
      (await page.locator('script[type="application/ld+json"]').all()).map(async (script) =>
        JSON.parse((await script.textContent())!),
      ),
    )
  await page.goto(home.path)
  expect(await structuredData()).toContainEqual(
    expect.objectContaining({
      "@type": "ClothingStore",
      name: site.brandName,
      slogan: site.tagline,
      url: publishedUrl("/"),
      email: site.contactEmail,
    }),
  )
  await page.goto(journal.path)
  const list = (await structuredData()).find((data) => data["@type"] === "ItemList")
  expect(list).toMatchObject({ name: journal.title })
  // Every article, in the page's order: newest first.
  expect(list.itemListElement).toEqual(
    articlesNewestFirst.map((article, index) =>
      expect.objectContaining({
        position: index + 1,
        item: expect.objectContaining({
          "@type": "BlogPosting",
          headline: article.title,
          datePublished: article.date,
          articleSection: article.category,
          publisher: expect.objectContaining({ name: site.brandName }),
        }),
      }),
    ),
  )
})

test("the 404 page is not indexed", async ({ page }) => {
  await page.goto(unknownPath)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex")
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0)
})

test("robots.txt, the sitemap, the manifest and the favicon are there", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text()
  expect(robots).toContain(`Sitemap: ${publishedUrl("/sitemap-index.xml")}`)
  const sitemap = await (await request.get("/sitemap-0.xml")).text()
  for (const route of routes) expect(sitemap).toContain(`<loc>${publishedUrl(route)}</loc>`)
  expect(sitemap).not.toContain("404")
  const manifest = await (await request.get("/manifest.webmanifest")).json()
  expect(manifest).toMatchObject({
    name: site.brandName,
    short_name: site.brandName,
    start_url: "/",
  })
  expect(manifest.icons.length).toBeGreaterThan(3)
  const favicon = await request.get("/favicon.ico")
  expect(favicon.status()).toBe(200)
  expect((await favicon.body()).readUInt16LE(2)).toBe(1) // the ICO header's "icon" type
})

test("the installed app's manifest names the boutique and describes it as the pages do", async ({
  request,
}) => {
  const manifest = (await (await request.get("/manifest.webmanifest")).json()) as Record<
    string,
    string
  >
  expect(manifest.name).toBe(site.brandName)
  // As the pages show the tagline (a {product} in it is filled in: __tests__/gatsbyConfig.test.ts).
  expect(manifest.description).toBe(site.tagline)
})
