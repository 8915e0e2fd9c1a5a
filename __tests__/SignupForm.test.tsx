import { act, render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { SignupForm } from "../src/components/contact/SignupForm"
import contact from "../data/contact.json"
import { filled } from "./setup/content"

const texts = filled(contact)
/** The toast's duration the spec fixes (5000 ms), written here so that a change in the component fails. */
const toastMs = 5000

/** The endpoint's answers (src/membership/web/signup/handleSignup.ts), as fetch would give them. */
const answers = {
  joined: () => jsonResponse(200, { outcome: "joined" }),
  problem:
    (problem: string, status = 400) =>
    () =>
      jsonResponse(status, { outcome: "problem", problem }),
}

function jsonResponse(status: number, body: unknown) {
  return Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) })
}

let fetchMock: jest.Mock

beforeEach(() => {
  fetchMock = jest.fn(answers.joined)
  global.fetch = fetchMock as unknown as typeof fetch
})

function renderForm() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
  render(<SignupForm texts={texts} />)
  return { user, field: screen.getByLabelText(texts.emailLabel) }
}

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

describe("SignupForm", () => {
  it("is a required e-mail field with the join button", () => {
    const { field } = renderForm()
    expect(field).toHaveAttribute("type", "email")
    expect(field).toBeRequired()
    expect(screen.getByRole("button", { name: texts.submitLabel })).toHaveAttribute(
      "type",
      "submit",
    )
  })

  it("welcomes a new member with the spec's toast and clears the field", async () => {
    const { user, field } = renderForm()
    await user.type(field, "margaret@example.com")
    await user.click(screen.getByRole("button", { name: texts.submitLabel }))

    const toast = (await screen.findByText(texts.toast.title)).closest("li")
    expect(toast).toHaveTextContent(texts.toast.description)
    expect(field).toHaveValue("")
  })

  it("announces the toast to screen readers", async () => {
    const { user, field } = renderForm()
    await user.type(field, "margaret@example.com{Enter}")
    await screen.findByText(texts.toast.title)
    // Radix fills its live region on the next animation frame.
    act(() => jest.advanceTimersByTime(50))

    const announcement = screen.getByRole("status")
    expect(announcement).toHaveTextContent(texts.toast.title)
    expect(announcement).toHaveTextContent(texts.toast.description)
  })

  it("is a real form posting to the endpoint, so it works before and without its script", () => {
    renderForm()
    const form = screen.getByRole("button", { name: texts.submitLabel }).closest("form")
    expect(form).toHaveAttribute("method", "post")
    expect(form).toHaveAttribute("action", "/api/subscribe")
  })

  it("posts the form's fields as the browser would, asking for JSON", async () => {
    const { user, field } = renderForm()
    await user.type(field, "margaret@example.com{Enter}")
    await screen.findByText(texts.toast.title)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url).toBe("http://localhost/api/subscribe")
    expect(init.method).toBe("POST")
    expect(init.headers).toEqual({ Accept: "application/json" })
    expect(String(init.body)).toBe("email=margaret%40example.com&website=")
  })

  it.each([
    ["invalid", 400],
    ["tooLong", 400],
    ["rejected", 400],
    ["tooMany", 429],
    ["unavailable", 503],
  ] as const)(
    "%s: says so beside the field, aloud, keeps the address and shows no toast",
    async (problem, status) => {
      fetchMock.mockImplementation(answers.problem(problem, status))
      const { user, field } = renderForm()
      await user.type(field, "margaret@example.com{Enter}")

      const alert = await screen.findByRole("alert")
      expect(alert).toHaveTextContent(texts.messages[problem])
      expect(field).toHaveValue("margaret@example.com")
      expect(field).toHaveAttribute("aria-invalid", "true")
      expect(field).toHaveAccessibleDescription(texts.messages[problem])
      expect(screen.queryByText(texts.toast.title)).not.toBeInTheDocument()
    },
  )

  it.each([
    ["the network fails", () => Promise.reject(new TypeError("Failed to fetch"))],
    [
      "something else answers (not JSON)",
      () =>
        Promise.resolve({
          ok: false,
          status: 502,
          json: () => Promise.reject(new SyntaxError("not JSON")),
        }),
    ],
    ["an answer it does not know", () => jsonResponse(200, { outcome: "maybe" })],
  ])("%s: 'unavailable', never success", async (_case, answer) => {
    fetchMock.mockImplementation(answer)
    const { user, field } = renderForm()
    await user.type(field, "margaret@example.com{Enter}")
    expect(await screen.findByRole("alert")).toHaveTextContent(texts.messages.unavailable)
    expect(field).toHaveValue("margaret@example.com")
  })

  it("clears the problem once a sign-up succeeds", async () => {
    fetchMock.mockImplementationOnce(answers.problem("unavailable", 503))
    const { user, field } = renderForm()
    await user.type(field, "margaret@example.com{Enter}")
    expect(await screen.findByRole("alert")).toHaveTextContent(texts.messages.unavailable)
    await user.click(screen.getByRole("button", { name: texts.submitLabel }))
    await screen.findByText(texts.toast.title)
    expect(screen.queryByText(texts.messages.unavailable)).not.toBeInTheDocument()
    expect(field).not.toHaveAttribute("aria-invalid")
  })

  it("keeps the trap field away from people: hidden from assistive technology, out of the tab order", () => {
    renderForm()
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]')
    expect(trap).toHaveAttribute("tabindex", "-1")
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull()
  })

  it("shows no toast for a malformed address and keeps what was typed", async () => {
    const { user, field } = renderForm()
    await user.type(field, "margaret.example.com")
    await user.click(screen.getByRole("button", { name: texts.submitLabel }))

    expect(screen.queryByText(texts.toast.title)).not.toBeInTheDocument()
    expect(field).toHaveValue("margaret.example.com")
    // The browser's own check stops it: nothing is sent.
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("lets the toast go after five seconds", async () => {
    const { user, field } = renderForm()
    await user.type(field, "margaret@example.com{Enter}")
    expect(await screen.findByText(texts.toast.title)).toBeInTheDocument()

    // Still there just before the five seconds are up, so she has the time to read it.
    act(() => jest.advanceTimersByTime(toastMs - 300))
    expect(screen.getByText(texts.toast.title)).toBeInTheDocument()

    act(() => jest.advanceTimersByTime(800))
    expect(screen.queryByText(texts.toast.title)).not.toBeInTheDocument()
  })

  it("shows at most three toasts at once", async () => {
    const { user, field } = renderForm()
    for (let i = 0; i < 5; i += 1) {
      // user-event keeps its own copy of the value, which form.reset() does not touch.
      await user.clear(field)
      await user.type(field, `reader${i}@example.com{Enter}`)
      // The endpoint's answer, then the toast.
      await act(async () => jest.advanceTimersByTime(10))
    }
    expect(screen.getAllByText(texts.toast.title)).toHaveLength(3)
  })
})
