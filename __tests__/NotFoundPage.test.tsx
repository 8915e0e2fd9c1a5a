import { render, screen } from "@testing-library/react"
import NotFoundPage from "../src/pages/404"
import errors from "../data/errors.json"

describe("404 page", () => {
  it("says the page was not found, links home and logs the unknown path", () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {})
    render(<NotFoundPage location={{ pathname: "/summer-sale" }} />)

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(errors.notFound.heading)
    expect(screen.getByRole("link", { name: errors.notFound.linkLabel })).toHaveAttribute(
      "href",
      "/",
    )
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("/summer-sale"))
    warn.mockRestore()
  })
})
