import { fillPlaceholders } from "../src/content/placeholders"

describe("fillPlaceholders", () => {
  const names = { brandName: "Silverleaf", partnerName: "Maple & Moss", contactEmail: "a@b.c" }

  it("replaces every known placeholder, each time it occurs", () => {
    expect(fillPlaceholders("{product} and {partner}; {product} at {email}", names)).toBe(
      "Silverleaf and Maple & Moss; Silverleaf at a@b.c",
    )
  })

  it("leaves unknown placeholders for the content check to report", () => {
    expect(fillPlaceholders("Hello {customer}", names)).toBe("Hello {customer}")
  })
})
