import { css } from "@emotion/react"
import type { AuditEntry } from "../../membersApi"
import { pageTexts as texts } from "../staffPageTexts"
import { card, datedLog } from "../../../theme/styles"
import { StaffTime } from "./StaffTime"

const entries = [
  datedLog,
  css`
    strong {
      font-weight: 600;
    }
  `,
]

/**
 * Who did what, and when, a mail server's refusals among the staff's actions; never whom it was
 * done to (the server keeps no more).
 */
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
                <strong>{entry.login ?? texts.audit.mailServer}</strong>{" "}
                {texts.audit.did[entry.action] ?? entry.action}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
