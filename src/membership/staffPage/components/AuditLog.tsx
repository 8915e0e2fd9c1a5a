import { css } from "@emotion/react"
import type { AuditEntry } from "../../membersApi"
import { pageTexts as texts } from "../staffPageTexts"
import { card } from "../../../theme/styles"
import { colors, fontSizes, mq, space } from "../../../theme/tokens"
import { StaffTime } from "./StaffTime"

const entries = css`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    gap: 0 ${space.md};
    padding-block: ${space.sm};
    border-bottom: 1px solid ${colors.linen};
    ${mq.md} {
      grid-template-columns: 15rem 1fr;
    }
  }
  li:last-of-type {
    border-bottom: none;
  }
  time {
    font-size: ${fontSizes.small};
    color: ${colors.inkSoft};
    font-variant-numeric: tabular-nums;
  }
  strong {
    font-weight: 600;
  }
`

/** Who did what, and when; never whom it was done to (the server keeps no more). */
export function AuditLog({ audit }: { audit: readonly AuditEntry[] }) {
  return (
    <section css={card} aria-labelledby="audit-heading">
      <h2 id="audit-heading">{texts.audit.heading}</h2>
      {audit.length === 0 ? (
        <p>{texts.audit.empty}</p>
      ) : (
        <ul css={entries}>
          {audit.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <StaffTime iso={entry.at} withTime />
              <span>
                <strong>{entry.login}</strong> {texts.audit.did[entry.action] ?? entry.action}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
