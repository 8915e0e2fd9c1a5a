import { render, screen } from "@testing-library/react"
import { ErrorBoundary } from "../src/components/layout/ErrorBoundary"

// The screen's texts come from data/errors.json in the site; the test gives its own.
const texts = {
  heading: "Something went wrong here",
  text: "Please try again in a moment.",
  linkLabel: "Back to the home page",
}

function BrokenPage(): never {
  throw new Error("journal.json has no articles")
}

describe("ErrorBoundary", () => {
  it("shows the error screen with the error's message and a link home, and logs the error", () => {
    const consoleError = jest.spyOn(console, "error").mockImplementation(() => {})

    render(
      <ErrorBoundary texts={texts}>
        <BrokenPage />
      </ErrorBoundary>,
    )

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(texts.heading)
    expect(screen.getByText("journal.json has no articles")).toBeInTheDocument()
    expect(screen.getByRole("link", { name: texts.linkLabel })).toHaveAttribute("href", "/")
    expect(consoleError).toHaveBeenCalledWith(
      "Unexpected application error:",
      expect.objectContaining({ message: "journal.json has no articles" }),
      expect.anything(),
    )
    consoleError.mockRestore()
  })

  it("renders the page itself when nothing goes wrong", () => {
    render(
      <ErrorBoundary texts={texts}>
        <p>All is well</p>
      </ErrorBoundary>,
    )
    expect(screen.getByText("All is well")).toBeInTheDocument()
    expect(screen.queryByText(texts.heading)).not.toBeInTheDocument()
  })
})
