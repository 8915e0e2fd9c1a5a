import { render, screen, within } from "@testing-library/react"
import siteJson from "../data/site.json"
import { Footer } from "../src/components/layout/Footer"
import { filled } from "./setup/content"

const site = filled(siteJson)
const { privacyLink } = site.footer

describe("Footer", () => {
  it("links the privacy page beside the copyright line", () => {
    render(<Footer currentPath="/" />)
    const link = screen.getByRole("link", { name: privacyLink.label })
    expect(link).toHaveAttribute("href", privacyLink.path)
    expect(link).not.toHaveAttribute("aria-current")
    // In the same row as the copyright line, not among the menu's links.
    const row = link.parentElement as HTMLElement
    expect(within(row).getByText(site.footer.copyright)).toBeInTheDocument()
  })

  it("marks the privacy link as the current page on that page", () => {
    render(<Footer currentPath={`${privacyLink.path}/`} />)
    expect(screen.getByRole("link", { name: privacyLink.label })).toHaveAttribute(
      "aria-current",
      "page",
    )
  })
})
