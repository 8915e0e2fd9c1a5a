import { render, screen } from "@testing-library/react"
import { SiteNavigation } from "../src/components/SiteNavigation"
import site from "../data/site.json"

function currentLinks() {
  return screen.getAllByRole("link").filter((link) => link.getAttribute("aria-current") === "page")
}

describe("SiteNavigation", () => {
  it("lists the six links of the spec in order, with their paths", () => {
    render(<SiteNavigation links={site.navigation} currentPath="/" />)
    const links = screen.getAllByRole("link")
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Home", "/"],
      ["Shop", "/shop"],
      ["About Us", "/about"],
      ["Style Journal", "/journal"],
      ["Boutique", "/affiliate"],
      ["Join Our List", "/contact"],
    ])
  })

  it.each([
    ["/", "Home"],
    ["/shop", "Shop"],
    ["/journal/", "Style Journal"],
    ["/contact", "Join Our List"],
  ])("on %s marks only %s as the current page", (path, label) => {
    render(<SiteNavigation links={site.navigation} currentPath={path} />)
    expect(currentLinks().map((link) => link.textContent)).toEqual([label])
  })

  it("marks no link on a page outside the navigation", () => {
    render(<SiteNavigation links={site.navigation} currentPath="/no-such-page" />)
    expect(currentLinks()).toEqual([])
  })
})
