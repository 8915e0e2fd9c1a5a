import { render, screen } from "@testing-library/react"
import type { PageProps } from "gatsby"
import NotFoundPage from "../src/pages/404"

describe("404 page", () => {
  it("says the page was not found, links home and logs the unknown path", () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {})
    const props = { location: { pathname: "/summer-sale" } } as unknown as PageProps

    render(<NotFoundPage {...props} />)

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Oops! Page not found")
    expect(screen.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/")
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("/summer-sale"))
    warn.mockRestore()
  })
})
