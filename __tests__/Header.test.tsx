import { render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { Header } from "../src/components/layout/Header"
import site from "../data/site.json"

beforeAll(() => {
  // jsdom has no layout: every media query is false, as on a phone.
  window.matchMedia = jest.fn().mockImplementation(() => ({
    matches: false,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }))
})

describe("Header", () => {
  it("links the brand name home", () => {
    render(<Header currentPath="/shop" />)
    expect(screen.getByRole("link", { name: site.brandName })).toHaveAttribute("href", "/")
  })

  it("opens the menu, moves focus into it and locks the page behind", async () => {
    const user = userEvent.setup()
    render(<Header currentPath="/shop" />)
    const button = screen.getByRole("button", { name: site.menuButtonLabel })
    expect(button).toHaveAttribute("aria-expanded", "false")

    await user.click(button)

    expect(button).toHaveAttribute("aria-expanded", "true")
    expect(screen.getByRole("navigation", { name: site.navigationLabel })).toHaveAttribute(
      "data-open",
      "true",
    )
    expect(screen.getByRole("link", { name: site.navigation[0]!.label })).toHaveFocus()
    expect(document.body.style.overflow).toBe("hidden")
  })

  it("closes on Escape and gives focus back to the menu button", async () => {
    const user = userEvent.setup()
    render(<Header currentPath="/" />)
    const button = screen.getByRole("button", { name: site.menuButtonLabel })
    await user.click(button)

    await user.keyboard("{Escape}")

    expect(button).toHaveAttribute("aria-expanded", "false")
    expect(button).toHaveFocus()
    expect(document.body.style.overflow).toBe("")
  })

  it("closes when a new page is shown", async () => {
    const user = userEvent.setup()
    const { rerender } = render(<Header currentPath="/" />)
    await user.click(screen.getByRole("button", { name: site.menuButtonLabel }))

    rerender(<Header currentPath="/about" />)

    expect(screen.getByRole("button", { name: site.menuButtonLabel })).toHaveAttribute(
      "aria-expanded",
      "false",
    )
  })
})
