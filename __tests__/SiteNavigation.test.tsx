import { render, screen } from "@testing-library/react"
import { SiteNavigation } from "../src/components/layout/SiteNavigation"

// The menu comes from data/site.json in the site; the test gives its own.
const links = [
  { label: "Home", path: "/" },
  { label: "New In", path: "/shop" },
  { label: "Journal", path: "/journal" },
  { label: "Join", path: "/contact" },
]

function currentLinks() {
  return screen.getAllByRole("link").filter((link) => link.getAttribute("aria-current") === "page")
}

describe("SiteNavigation", () => {
  it("lists the menu's links in their order, each to its page", () => {
    render(<SiteNavigation links={links} currentPath="/" />)
    const shown = screen.getAllByRole("link")
    expect(shown.map((link) => [link.textContent, link.getAttribute("href")])).toEqual(
      links.map((link) => [link.label, link.path]),
    )
  })

  it.each([
    ["/", "Home"],
    ["/shop", "New In"],
    ["/journal/", "Journal"],
    ["/contact", "Join"],
  ])("on %s marks only %s as the current page", (path, label) => {
    render(<SiteNavigation links={links} currentPath={path} />)
    expect(currentLinks().map((link) => link.textContent)).toEqual([label])
  })

  it("marks no link on a page outside the navigation", () => {
    render(<SiteNavigation links={links} currentPath="/no-such-page" />)
    expect(currentLinks()).toEqual([])
  })
})
