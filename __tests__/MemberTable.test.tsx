import { render, screen, within } from "@testing-library/react"
import { createRef } from "react"
import type { MemberRow } from "../src/membership/membersApi"
import { MemberTable } from "../src/membership/staffPage/components/MemberTable"
import { formatDay, pageTexts as texts } from "../src/membership/staffPage/staffPageTexts"

// A woman who had been a member, left, and signed up again: her row says so under her status,
// so the staff see the record of her leaving beside the new sign-up.
const rows: MemberRow[] = [
  {
    id: "dora",
    address: "dora@example.com",
    status: "pending",
    askedAt: "2026-11-28T10:00:00.000Z",
    leftBefore: "2025-06-01T09:00:00.000Z",
  },
  { id: "ann", address: "ann@example.com", status: "pending", askedAt: "2026-11-27T10:00:00.000Z" },
]

function renderTable(members: MemberRow[]) {
  render(
    <MemberTable
      members={members}
      selectedId={null}
      onManage={() => undefined}
      searchRef={createRef()}
      notice=""
    />,
  )
  return (address: string) => screen.getByRole("rowheader", { name: address }).closest("tr")!
}

test("a row says when she last left, if she had been a member before", () => {
  const rowOf = renderTable(rows)
  const [dora, ann] = ["dora@example.com", "ann@example.com"].map(rowOf)
  expect(within(dora!).getByText(new RegExp(`^${texts.list.leftBefore}`)).textContent).toBe(
    `${texts.list.leftBefore} ${formatDay("2025-06-01T09:00:00.000Z")}`,
  )
  expect(within(ann!).queryByText(new RegExp(`^${texts.list.leftBefore}`))).toBeNull()
})

// Her mail server refused an e-mail for good: her row says so, not that she is waiting.
const answer = "550 5.1.1 <address>: Recipient address rejected: User unknown"
const refusedAt = "2026-11-28T10:05:00.000Z"

test("a sign-up whose confirmation was refused says so, with the day and the mail server's answer", () => {
  const rowOf = renderTable([
    {
      id: "typo",
      address: "typo@example.con",
      status: "pending",
      askedAt: "2026-11-28T10:00:00.000Z",
      refused: { email: "confirmation", at: refusedAt, answer },
    },
    ...rows,
  ])
  const typo = rowOf("typo@example.con")
  expect(within(typo).getByText(texts.status.refused)).toBeTruthy()
  expect(within(typo).queryByText(texts.status.pending)).toBeNull()
  const note = within(typo).getByText(new RegExp(`^${texts.list.refusedOn("confirmation")}`))
  expect(note.textContent).toBe(
    `${texts.list.refusedOn("confirmation")} ${formatDay(refusedAt)}${texts.list.refusedAnswer(answer)}`,
  )
  // Those who were sent theirs still wait.
  expect(within(rowOf("ann@example.com")).getByText(texts.status.pending)).toBeTruthy()
})

test("a member whose welcome was refused is still a member, and her row says which e-mail", () => {
  const rowOf = renderTable([
    {
      id: "bea",
      address: "bea@example.com",
      status: "confirmed",
      askedAt: "2026-11-28T10:00:00.000Z",
      confirmedAt: "2026-11-28T10:02:00.000Z",
      refused: { email: "welcome", at: refusedAt, answer },
    },
  ])
  const bea = rowOf("bea@example.com")
  expect(within(bea).getByText(texts.status.confirmed)).toBeTruthy()
  expect(within(bea).getByText(new RegExp(`^${texts.list.refusedOn("welcome")}`))).toBeTruthy()
})
