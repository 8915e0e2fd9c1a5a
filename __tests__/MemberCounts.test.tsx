import { render, screen } from "@testing-library/react"
import type { MemberCounts as Counts } from "../src/membership/membersApi"
import { MemberCounts } from "../src/membership/staffPage/components/MemberCounts"
import { formatMoment, pageTexts as texts } from "../src/membership/staffPage/staffPageTexts"

// "At a glance" on the staff's page: while the mail server is not taking the list's e-mails, the
// staff read that they wait, since when, and its last answer, so a confirmation that never came
// is not taken for one she ignored.
const counts: Counts = {
  members: 3,
  pending: 2,
  refused: 1,
  left: 0,
  joinedThisWeek: 1,
  joinedThisMonth: 3,
}
const since = "2026-11-28T09:00:00.000Z"

test("e-mails waiting on the mail server are said under the figures, with its last answer", () => {
  render(
    <MemberCounts
      counts={counts}
      mailDelay={{ waiting: 2, since, lastAnswer: "421 4.3.0 Try again later" }}
    />,
  )
  expect(screen.getByText(texts.counts.mailDelay(2, formatMoment(since)))).toBeTruthy()
  expect(screen.getByText(texts.counts.mailAnswer("421 4.3.0 Try again later"))).toBeTruthy()
})

test("a server with no mail server says so above all, and what to set, in plain words", () => {
  const { container } = render(<MemberCounts counts={counts} mailOff />)
  expect(screen.getByText(texts.counts.mailOff)).toBeTruthy()
  expect(container.textContent).toContain(texts.counts.mailOffFix)
  expect(screen.getByText("MAIL_FROM", { selector: "code" })).toBeTruthy()
})

test("with every e-mail gone, the figures stand alone", () => {
  const { container } = render(<MemberCounts counts={counts} />)
  expect(container.textContent).not.toContain(texts.counts.mailDelay(1, "").split(":")[0])
  expect(container.textContent).not.toContain(texts.counts.mailOff)
  expect(container.querySelectorAll("dd")).toHaveLength(6)
})

test("those whose confirmation was refused are counted apart from those waiting", () => {
  render(<MemberCounts counts={counts} />)
  const figure = (label: string) =>
    screen.getByText(label, { selector: "dt" }).nextElementSibling?.textContent
  expect(figure(texts.counts.pending)).toBe("2")
  expect(figure(texts.counts.refused)).toBe("1")
})
