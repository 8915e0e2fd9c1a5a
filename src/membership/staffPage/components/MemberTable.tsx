import { css } from "@emotion/react"
import { useDeferredValue, useState, type RefObject } from "react"
import { shownStatus, type MemberRow, type ShownStatus } from "../../membersApi"
import { pageTexts as texts } from "../staffPageTexts"
import { buttonStyles, smallPrint, textField } from "../../../theme/styles"
import { colors, fontSizes, radii, shadows, sizes, space } from "../../../theme/tokens"
import { StaffTime } from "./StaffTime"
import { memberPanelId } from "./MemberActions"
import { RefusalNote } from "./RefusalNote"
import { VisuallyHidden } from "../../../components/ui/VisuallyHidden"

/** Rows drawn at first, and added by each "Show more": a long list stays quick to search. */
const PAGE_SIZE = 200

/** The id of a row's "Manage" button, so focus can go back to it when her panel closes. */
export const manageButtonId = (memberId: string) => `manage-${memberId}`

const search = css`
  display: grid;
  gap: ${space.xs};
  max-width: 32rem;
  label {
    font-weight: 600;
  }
  input {
    ${textField};
  }
`

// Never display: none, even empty: a live region must be in the page before its words arrive.
const liveLine = css`
  margin: ${space.sm} 0 0;
  &:empty {
    margin: 0;
  }
`

const shownLine = [smallPrint, liveLine]

const noticeLine = [
  liveLine,
  css`
    font-weight: 600;
  `,
]

/** The table scrolls sideways inside this frame, never the page (a 640 px window, 200 % zoom). */
const scroller = css`
  /* The containing block of the rows' hidden words, which would otherwise widen the page. */
  position: relative;
  margin-top: ${space.md};
  overflow-x: auto;
  border-radius: ${radii.md};
  background: ${colors.white};
  box-shadow: ${shadows.card};
`

const table = css`
  width: 100%;
  border-collapse: collapse;
  caption {
    padding-top: ${space.sm};
    text-align: left;
    font-size: ${fontSizes.small};
    color: ${colors.inkSoft};
  }
  /* The caption is as wide as the table: its words stay in view as it scrolls. */
  caption > span {
    position: sticky;
    left: 0;
    display: inline-block;
    padding-inline: ${space.md};
  }
  /* The columns keep their words whole and the table scrolls sideways (the page's text breaks
     anywhere, src/theme/GlobalStyles.ts); her address, the row's heading, alone breaks. */
  thead th,
  td {
    overflow-wrap: normal;
  }
  th,
  td {
    padding: 0.75rem ${space.sm};
    text-align: left;
    vertical-align: middle;
  }
  tr > :first-child {
    padding-left: ${space.md};
  }
  tr > :last-child {
    padding-right: ${space.md};
  }
  thead th {
    font-size: ${fontSizes.small};
    font-weight: 600;
    white-space: nowrap;
    border-bottom: 2px solid ${colors.ink};
  }
  tr {
    background: ${colors.white};
  }
  tbody tr {
    border-bottom: 1px solid ${colors.linen};
  }
  /* Her address stays in view while the rest of the row scrolls sideways on a narrow screen. */
  tr > :first-child {
    position: sticky;
    left: 0;
    z-index: 1;
    background: inherit;
    box-shadow: inset -1px 0 0 ${colors.linen};
  }
  tbody tr:last-of-type {
    border-bottom: none;
  }
  tbody tr[data-selected="true"] {
    background: ${colors.linen};
  }
`

// Never more than about half the frame: pinned, a wider column would cover the row's other cells
// (her status, her dates, Manage) on a phone with a larger text.
const addressCell = css`
  min-width: min(14rem, 45vw);
  text-align: left;
  overflow-wrap: anywhere;
  font-weight: 600;
`

const dateCell = css`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`

const statusColours: Record<ShownStatus, ReturnType<typeof css>> = {
  confirmed: css`
    background: ${colors.blush};
    color: ${colors.accentDeep};
  `,
  pending: css`
    background: ${colors.linen};
    color: ${colors.ink};
  `,
  refused: css`
    background: ${colors.white};
    color: ${colors.problem};
    border-color: ${colors.problem};
  `,
  left: css`
    background: transparent;
    color: ${colors.inkSoft};
    border-color: ${colors.linen};
  `,
}

const statusBadge = css`
  display: inline-block;
  padding: 0.125rem 0.75rem;
  border: 1px solid transparent;
  border-radius: ${radii.pill};
  white-space: nowrap;
`

const before = [
  smallPrint,
  css`
    display: block;
    margin-top: ${space.xs};
    white-space: nowrap;
  `,
]

// Her mail server's answer may be long: it wraps, in a column of its own width.
const refusal = [
  ...before,
  css`
    min-width: 16rem;
    max-width: 24rem;
    white-space: normal;
    overflow-wrap: anywhere;
  `,
]

const manageButton = [
  ...buttonStyles("secondary"),
  css`
    padding: 0.5rem 1.25rem;
  `,
]

const more = css`
  margin-top: ${space.md};
`

const plain = css`
  margin: ${space.md} 0 0;
  max-width: ${sizes.measure};
`

function DateCell({ iso }: { iso: string | undefined }) {
  return <td css={dateCell}>{iso ? <StaffTime iso={iso} /> : <NoDate />}</td>
}

/** A dash to the eye, words to a screen reader (which would read the dash as nothing, or "dash"). */
function NoDate() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>{texts.list.noDate}</VisuallyHidden>
    </>
  )
}

interface MemberTableProps {
  members: readonly MemberRow[]
  /** Whose panel is open, if anyone's: her row is marked. */
  selectedId: string | null
  onManage: (memberId: string) => void
  searchRef: RefObject<HTMLInputElement>
  /** The latest result that is not in a panel (an erasure): read aloud. */
  notice: string
}

/** The search box, how many it shows, and the people themselves as a table. */
export function MemberTable({
  members,
  selectedId,
  onManage,
  searchRef,
  notice,
}: MemberTableProps) {
  const [query, setQuery] = useState("")
  const [limit, setLimit] = useState(PAGE_SIZE)
  // Typing stays quick with thousands of rows: the table follows a moment behind the box.
  const deferredQuery = useDeferredValue(query)
  const needle = deferredQuery.trim().toLowerCase()
  const found = needle
    ? members.filter((member) => member.address.toLowerCase().includes(needle))
    : members
  const shown = found.slice(0, limit)
  const hidden = found.length - shown.length

  return (
    <>
      <div css={search}>
        <label htmlFor="member-search">{texts.list.searchLabel}</label>
        <input
          id="member-search"
          ref={searchRef}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <p role="status" css={shownLine}>
        {members.length > 0 && texts.list.shown(shown.length, members.length)}
      </p>
      <p role="status" css={noticeLine}>
        {notice}
      </p>

      {members.length === 0 && <p css={plain}>{texts.list.empty}</p>}
      {members.length > 0 && found.length === 0 && (
        <p css={plain}>{texts.list.noMatch(deferredQuery.trim())}</p>
      )}
      {shown.length > 0 && (
        // Focusable, so a keyboard can scroll it sideways; named by the table's caption.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div css={scroller} role="region" aria-labelledby="member-table-caption" tabIndex={0}>
          <table css={table}>
            <caption id="member-table-caption">
              <span>{texts.list.caption}</span>
            </caption>
            <thead>
              <tr>
                <th scope="col">{texts.list.columns.address}</th>
                <th scope="col">{texts.list.columns.status}</th>
                <th scope="col">{texts.list.columns.joined}</th>
                <th scope="col">{texts.list.columns.confirmed}</th>
                <th scope="col">{texts.list.columns.left}</th>
                <th scope="col">
                  <VisuallyHidden>{texts.list.columns.manage}</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((member) => (
                <tr key={member.id} data-selected={member.id === selectedId}>
                  <th scope="row" css={addressCell}>
                    {member.address}
                  </th>
                  <td>
                    <StatusBadge status={shownStatus(member)} />
                    {member.leftBefore && (
                      <small css={before}>
                        {texts.list.leftBefore} <StaffTime iso={member.leftBefore} />
                      </small>
                    )}
                    {member.refused && (
                      <small css={refusal}>
                        <RefusalNote refused={member.refused} />
                      </small>
                    )}
                  </td>
                  <td css={dateCell}>
                    <StaffTime iso={member.askedAt} />
                  </td>
                  <DateCell iso={member.confirmedAt} />
                  <DateCell iso={member.leftAt} />
                  <td>
                    <button
                      type="button"
                      id={manageButtonId(member.id)}
                      css={manageButton}
                      aria-expanded={member.id === selectedId}
                      aria-controls={member.id === selectedId ? memberPanelId : undefined}
                      onClick={() => onManage(member.id)}
                    >
                      {texts.list.manage}
                      <VisuallyHidden>{texts.list.manageFor(member.address)}</VisuallyHidden>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hidden > 0 && (
        <button
          type="button"
          css={[...buttonStyles("secondary"), more]}
          onClick={() => setLimit((current) => current + PAGE_SIZE)}
        >
          {texts.list.showMore(Math.min(hidden, PAGE_SIZE))}
        </button>
      )}
    </>
  )
}

/** Her status in words, in its colours. */
function StatusBadge({ status }: { status: ShownStatus }) {
  return <span css={[statusBadge, statusColours[status]]}>{texts.status[status]}</span>
}
