import { render, screen } from "@testing-library/react"
import { SiteNavigation } from "../src/components/SiteNavigation"
import site from "../data/site.json"

function currentLinks() {
  return screen.getAllByRole("link").filter((link) => link.getAttribute("aria-current") === "page")
}

describe("SiteNavigation", () => {
  it("lists the menu's links in their order, each to its page", () => {
    render(<SiteNavigation links={site.navigation} currentPath="/" />)
    const links = screen.getAllByRole("link")
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual(
      site.navigation.map((link) => [link.label, link.path]),
    )
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
