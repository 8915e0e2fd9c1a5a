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

test("a row says when she last left, if she had been a member before", () => {
  render(
    <MemberTable
      members={rows}
      selectedId={null}
      onManage={() => undefined}
      searchRef={createRef()}
      notice=""
    />,
  )
  const [dora, ann] = ["dora@example.com", "ann@example.com"].map((address) =>
    screen.getByRole("rowheader", { name: address }).closest("tr")!,
  )
  expect(within(dora!).getByText(new RegExp(`^${texts.list.leftBefore}`)).textContent).toBe(
    `${texts.list.leftBefore} ${formatDay("2025-06-01T09:00:00.000Z")}`,
  )
  expect(within(ann!).queryByText(new RegExp(`^${texts.list.leftBefore}`))).toBeNull()
})
