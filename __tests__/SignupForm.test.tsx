import { act, render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { SignupForm } from "../src/components/SignupForm"
import { TOAST_DURATION_MS } from "../src/components/SignupToasts"
import contact from "../data/contact.json"
import { filled } from "./setup/content"

const texts = filled(contact)

function renderForm() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
  render(<SignupForm texts={texts} />)
  return { user, field: screen.getByLabelText("Your e-mail address") }
}

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

describe("SignupForm", () => {
  it("is a required e-mail field with a 'Join Now' button", () => {
    const { field } = renderForm()
    expect(field).toHaveAttribute("type", "email")
    expect(field).toBeRequired()
    expect(screen.getByRole("button", { name: "Join Now" })).toHaveAttribute("type", "submit")
  })

  it("welcomes a new member with the spec's toast and clears the field", async () => {
    const { user, field } = renderForm()
    await user.type(field, "margaret@example.com")
    await user.click(screen.getByRole("button", { name: "Join Now" }))

    const toast = (await screen.findByText("Welcome to the Evergrace Society!")).closest("li")
    expect(toast).toHaveTextContent(
      "Thank you for joining. Check your inbox for your welcome gift.",
    )
    expect(field).toHaveValue("")
  })

  it("announces the toast to screen readers", async () => {
    const { user, field } = renderForm()
    await user.type(field, "margaret@example.com{Enter}")
    // Radix fills its live region on the next animation frame.
    act(() => jest.advanceTimersByTime(50))

    const announcement = screen.getByRole("status")
    expect(announcement).toHaveTextContent("Welcome to the Evergrace Society!")
    expect(announcement).toHaveTextContent(
      "Thank you for joining. Check your inbox for your welcome gift.",
    )
  })

  it("sends nothing over the network", async () => {
    const fetchSpy = jest.fn()
    global.fetch = fetchSpy
    const { user, field } = renderForm()
    await user.type(field, "margaret@example.com{Enter}")
    await screen.findByText("Welcome to the Evergrace Society!")
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it("shows no toast for a malformed address and keeps what was typed", async () => {
    const { user, field } = renderForm()
    await user.type(field, "margaret.example.com")
    await user.click(screen.getByRole("button", { name: "Join Now" }))

    expect(screen.queryByText("Welcome to the Evergrace Society!")).not.toBeInTheDocument()
    expect(field).toHaveValue("margaret.example.com")
  })

  it("lets the toast go after five seconds", async () => {
    const { user, field } = renderForm()
    await user.type(field, "margaret@example.com{Enter}")
    expect(await screen.findByText("Welcome to the Evergrace Society!")).toBeInTheDocument()

    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS + 500))

    expect(screen.queryByText("Welcome to the Evergrace Society!")).not.toBeInTheDocument()
  })

  it("shows at most three toasts at once", async () => {
    const { user, field } = renderForm()
    for (let i = 0; i < 5; i += 1) {
      // user-event keeps its own copy of the value, which form.reset() does not touch.
      await user.clear(field)
      await user.type(field, `reader${i}@example.com{Enter}`)
      act(() => jest.advanceTimersByTime(10))
    }
    expect(screen.getAllByText("Welcome to the Evergrace Society!")).toHaveLength(3)
  })
})
