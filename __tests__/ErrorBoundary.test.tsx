import { render, screen } from "@testing-library/react"
import { ErrorBoundary } from "../src/components/ErrorBoundary"
import errors from "../data/errors.json"

function BrokenPage(): never {
  throw new Error("journal.json has no articles")
}

describe("ErrorBoundary", () => {
  it("shows the error screen with the error's message and a link home, and logs the error", () => {
    const consoleError = jest.spyOn(console, "error").mockImplementation(() => {})

    render(
      <ErrorBoundary texts={errors.unexpected}>
        <BrokenPage />
      </ErrorBoundary>,
    )

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Unexpected Application Error!",
    )
    expect(screen.getByText("journal.json has no articles")).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/")
    expect(consoleError).toHaveBeenCalledWith(
      "Unexpected application error:",
      expect.objectContaining({ message: "journal.json has no articles" }),
      expect.anything(),
    )
    consoleError.mockRestore()
  })

  it("renders the page itself when nothing goes wrong", () => {
    render(
      <ErrorBoundary texts={errors.unexpected}>
        <p>All is well</p>
      </ErrorBoundary>,
    )
    expect(screen.getByText("All is well")).toBeInTheDocument()
    expect(screen.queryByText("Unexpected Application Error!")).not.toBeInTheDocument()
  })
})
