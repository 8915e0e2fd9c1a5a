import affiliate from "../data/affiliate.json"
import contact from "../data/contact.json"
import errors from "../data/errors.json"
import journal from "../data/journal.json"
import shop from "../data/shop.json"
import site from "../data/site.json"
import { fillPlaceholders } from "../src/content/placeholders"
import { filled } from "./setup/content"

// The numbers and names the spec fixes. Marketing may rewrite the copy around them, not these.
describe("content fixed by the spec", () => {
  it("names the boutique, the partner and the contact address", () => {
    expect(site).toMatchObject({
      brandName: "Evergrace",
      partnerName: "Willow & Pearl",
      contactEmail: "hello@evergrace.example",
      tagline: "Style never ages",
    })
  })

  it("has the six menu links of the spec, in order", () => {
    expect(site.navigation.map((link) => [link.label, link.path])).toEqual([
      ["Home", "/"],
      ["Shop", "/shop"],
      ["About Us", "/about"],
      ["Style Journal", "/journal"],
      ["Boutique", "/affiliate"],
      ["Join Our List", "/contact"],
    ])
  })

  it("has the five shop categories with their item counts", () => {
    expect(shop.categories.map(({ name, count }) => [name, count])).toEqual([
      ["Dresses", 24],
      ["Tops", 18],
      ["Bottoms", 16],
      ["Outerwear", 12],
      ["Accessories", 20],
    ])
  })

  it("has six journal articles dated 2024-02-15 to 2024-03-15 in the four categories", () => {
    const dates = journal.articles.map((article) => article.date).sort()
    expect(journal.articles).toHaveLength(6)
    expect(dates).toEqual([
      "2024-02-15",
      "2024-02-20",
      "2024-02-26",
      "2024-03-01",
      "2024-03-08",
      "2024-03-15",
    ])
    expect(new Set(journal.articles.map((article) => article.category))).toEqual(
      new Set(["Style Tips", "Inspiration", "Seasonal Trends", "Fashion Philosophy"]),
    )
  })

  it("has the four affiliate collections, the first two featured", () => {
    expect(affiliate.collections.map(({ title, featured }) => [title, featured])).toEqual([
      ["Spring Elegance Collection", true],
      ["Timeless Classics", true],
      ["Luxe Outerwear", false],
      ["Refined Accessories", false],
    ])
    expect(affiliate.why.points.map((point) => point.title)).toEqual([
      "Curated Selection",
      "Exclusive Offers",
      "Trusted Quality",
    ])
  })

  it("has the sign-up page's texts", () => {
    const page = filled(contact)
    expect(page.heading).toBe("Join the Evergrace Society")
    expect(page.submitLabel).toBe("Join Now")
    expect(page.privacyNote).toBe("We respect your privacy. Unsubscribe at any time.")
    expect(page.questions.heading).toBe("Questions or Feedback?")
    expect(page.toast.title).toBe("Welcome to the Evergrace Society!")
    expect(page.toast.description).toBe(
      "Thank you for joining. Check your inbox for your welcome gift.",
    )
  })

  it("has the 404 and error screen texts", () => {
    expect(errors.notFound.heading).toBe("Oops! Page not found")
    expect(errors.notFound.linkLabel).toBe("Return to Home")
    expect(errors.unexpected.heading).toBe("Unexpected Application Error!")
  })

  it("names the partner's store on the affiliate button", () => {
    expect(filled(affiliate).partnership.buttonLabel).toBe("Visit Willow & Pearl Store")
  })
})

describe("fillPlaceholders", () => {
  const names = { brandName: "Evergrace", partnerName: "Willow & Pearl", contactEmail: "a@b.c" }

  it("replaces every known placeholder, each time it occurs", () => {
    expect(fillPlaceholders("{product} and {partner}; {product} at {email}", names)).toBe(
      "Evergrace and Willow & Pearl; Evergrace at a@b.c",
    )
  })

  it("leaves unknown placeholders for the content check to report", () => {
    expect(fillPlaceholders("Hello {customer}", names)).toBe("Hello {customer}")
  })
})
