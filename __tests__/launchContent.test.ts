/**
 * @jest-environment node
 */
import fs from "node:fs"
import path from "node:path"
import { checkContent, describeProblem } from "../src/content/checkContent"
import { fillAllPlaceholders } from "../src/content/placeholders"
import { formatDate, newestFirst } from "../src/utils/dates"
import { launchContentDir } from "./setup/contentCopy"

// The launch content, as the spec (../shared/spec/seed-spec.md) fixes it. This is the one test
// that holds the spec's names and numbers, and it holds them on a copy of the launch content
// (fixtures/launch-content): data/ belongs to the marketing staff, and every other test reads its
// expectations from whatever data/ holds. The content's browser specs run on a build of this copy
// too, with the staff's edits made to it (scripts/test-content.ts), so the pages are proved on the
// spec's content whatever data/ holds (all but the four values the edits change).

// The fixture's files, untyped on purpose: the test compares them with the spec as plain values.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function launchFile(name: string): any {
  const site = JSON.parse(fs.readFileSync(path.join(launchContentDir, "site.json"), "utf8"))
  const content = JSON.parse(fs.readFileSync(path.join(launchContentDir, `${name}.json`), "utf8"))
  // As the GraphQL layer serves it: {product}, {partner} and {email} filled in.
  return fillAllPlaceholders(content, site)
}

const [home, shop, about, journal, affiliate, contact, errors, site] = [
  "home",
  "shop",
  "about",
  "journal",
  "affiliate",
  "contact",
  "errors",
  "site",
].map(launchFile)

describe("the launch content (a copy of data/ as the site launched)", () => {
  it("passes the content check", () => {
    expect(checkContent(launchContentDir).map(describeProblem)).toEqual([])
  })

  it("names the boutique, the partner and the contact address", () => {
    expect(site).toMatchObject({
      brandName: "Evergrace",
      partnerName: "Willow & Pearl",
      contactEmail: "hello@evergrace.example",
      tagline: "Style never ages",
    })
  })

  it("has the six menu links of the spec, in order", () => {
    expect(
      site.navigation.map((link: { label: string; path: string }) => [link.label, link.path]),
    ).toEqual([
      ["Home", "/"],
      ["Shop", "/shop"],
      ["About Us", "/about"],
      ["Style Journal", "/journal"],
      ["Boutique", "/affiliate"],
      ["Join Our List", "/contact"],
    ])
  })

  it("has the home page's hero, two featured collections and the story", () => {
    expect(home.hero.headline).toBe("Timeless Elegance for the Modern Woman")
    expect(home.hero.button).toEqual({ label: "Shop Now", path: "/shop" })
    expect(home.featured.heading).toBe("Featured Collections")
    expect(
      home.featured.collections.map((c: { title: string; button: unknown }) => [c.title, c.button]),
    ).toEqual([
      ["Dresses", { label: "Explore", path: "/shop" }],
      ["Everyday Wear", { label: "Explore", path: "/shop" }],
    ])
    expect(home.story.heading).toBe("Style Never Ages")
    expect(home.story.button).toEqual({ label: "Our Story", path: "/about" })
  })

  it("has the five shop categories with their item counts", () => {
    expect(shop.heading).toBe("Shop")
    expect(
      shop.categories.map(({ name, count }: { name: string; count: number }) => [name, count]),
    ).toEqual([
      ["Dresses", 24],
      ["Tops", 18],
      ["Bottoms", 16],
      ["Outerwear", 12],
      ["Accessories", 20],
    ])
  })

  it("has the story page's heading, several paragraphs and the philosophy box", () => {
    expect(about.heading).toBe("Our Story")
    expect(about.paragraphs.length).toBeGreaterThanOrEqual(3)
    expect(about.philosophy.heading).toBe("Our Philosophy")
  })

  it("has six journal articles dated 2024-02-15 to 2024-03-15 in the four categories", () => {
    type Article = { date: string; category: string }
    expect(journal.heading).toBe("Style Journal")
    expect(journal.articles).toHaveLength(6)
    expect(journal.articles.map((article: Article) => article.date).sort()).toEqual([
      "2024-02-15",
      "2024-02-20",
      "2024-02-26",
      "2024-03-01",
      "2024-03-08",
      "2024-03-15",
    ])
    const categories = ["Style Tips", "Inspiration", "Seasonal Trends", "Fashion Philosophy"]
    expect(new Set(journal.categories)).toEqual(new Set(categories))
    expect(new Set(journal.articles.map((article: Article) => article.category))).toEqual(
      new Set(categories),
    )
  })

  it("shows the journal newest first, dated as the boutique's readers write a date", () => {
    const shown = newestFirst(journal.articles as { date: string }[]).map((article) => article.date)
    expect(shown).toEqual([
      "2024-03-15",
      "2024-03-08",
      "2024-03-01",
      "2024-02-26",
      "2024-02-20",
      "2024-02-15",
    ])
    expect(formatDate(shown[0]!)).toBe("March 15, 2024")
  })

  it("has the affiliate page: partnership, four collections (two featured), three reasons", () => {
    expect(affiliate.heading).toBe("Affiliate Boutique")
    expect(affiliate.partnership.buttonLabel).toBe("Visit Willow & Pearl Store")
    expect(affiliate.collectionsHeading).toBe("Featured Collections")
    expect(affiliate.exploreLabel).toBe("Explore Collection")
    expect(
      affiliate.collections.map(({ title, featured }: { title: string; featured: boolean }) => [
        title,
        featured,
      ]),
    ).toEqual([
      ["Spring Elegance Collection", true],
      ["Timeless Classics", true],
      ["Luxe Outerwear", false],
      ["Refined Accessories", false],
    ])
    expect(affiliate.why.heading).toBe("Why Shop Through Evergrace")
    expect(affiliate.why.points.map((point: { title: string }) => point.title)).toEqual([
      "Curated Selection",
      "Exclusive Offers",
      "Trusted Quality",
    ])
  })

  it("has the sign-up page's texts and the toast", () => {
    expect(contact.heading).toBe("Join the Evergrace Society")
    expect(contact.benefits).toEqual([
      expect.stringMatching(/new collections and early access/i),
      expect.stringMatching(/style tips/i),
      expect.stringMatching(/member-only promotions/i),
      expect.stringMatching(/invitations to .*events/i),
    ])
    expect(contact.submitLabel).toBe("Join Now")
    expect(contact.privacyNote).toBe("We respect your privacy. Unsubscribe at any time.")
    expect(contact.questions.heading).toBe("Questions or Feedback?")
    expect(contact.toast.title).toBe("Welcome to the Evergrace Society!")
    expect(contact.toast.description).toBe(
      "Thank you for joining. Check your inbox for your welcome gift.",
    )
  })

  it("has the 404 and error screen texts", () => {
    expect(errors.notFound.heading).toBe("Oops! Page not found")
    expect(errors.notFound.linkLabel).toBe("Return to Home")
    expect(errors.unexpected.heading).toBe("Unexpected Application Error!")
  })
})
