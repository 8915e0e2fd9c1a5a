import { css } from "@emotion/react"
import type { MemberCounts as Counts, MailDelay } from "../../membersApi"
import { formatMoment, pageTexts as texts } from "../staffPageTexts"
import { TextWithSettingNames } from "./TextWithSettingNames"
import { problemNote } from "../../../theme/styles"
import { colors, fonts, fontSizes, lineHeights, radii, shadows, space } from "../../../theme/tokens"

const number = new Intl.NumberFormat("en-GB")

const figures = css`
  display: grid;
  /* Six in a row on a laptop's screen. */
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  gap: ${space.sm};
  margin: 0;
  > div {
    display: flex;
    flex-direction: column;
    gap: ${space.xs};
    padding: ${space.md};
    border-radius: ${radii.md};
    border-top: 3px solid ${colors.gold};
    background: ${colors.white};
    box-shadow: ${shadows.card};
  }
  dt {
    font-size: ${fontSizes.small};
    color: ${colors.inkSoft};
  }
  dd {
    /* The figures line up, however many lines their labels take. */
    margin: auto 0 0;
    font-family: ${fonts.display};
    font-size: ${fontSizes.h2};
    font-weight: 600;
    /* Lining figures: Cormorant's old-style 0 reads as a letter o. */
    font-variant-numeric: lining-nums tabular-nums;
    line-height: ${lineHeights.tight};
    color: ${colors.ink};
  }
`

const order = [
  "members",
  "pending",
  "refused",
  "left",
  "joinedThisWeek",
  "joinedThisMonth",
] as const

const delayNote = [
  problemNote,
  css`
    margin-top: ${space.md};
    max-width: 48rem;
    p + p {
      margin-top: ${space.xs};
      font-weight: 400;
      overflow-wrap: anywhere;
    }
  `,
]

/**
 * The list in six figures: who is in, who is waiting, whose confirmation her mail server refused,
 * who left, and how it is growing; and, while the mail server is not taking the list's e-mails
 * (or there is none), that they wait, so a confirmation that never came is not taken for one she
 * ignored.
 */
export function MemberCounts({
  counts,
  mailDelay,
  mailOff,
}: {
  counts: Counts
  mailDelay?: MailDelay
  mailOff?: boolean
}) {
  return (
    <section aria-labelledby="counts-heading">
      <h2 id="counts-heading">{texts.counts.heading}</h2>
      <dl css={figures}>
        {order.map((name) => (
          <div key={name}>
            <dt>{texts.counts[name]}</dt>
            <dd>{number.format(counts[name])}</dd>
          </div>
        ))}
      </dl>
      {mailOff && (
        <div css={delayNote}>
          <p>{texts.counts.mailOff}</p>
          <p>
            <TextWithSettingNames text={texts.counts.mailOffFix} />
          </p>
        </div>
      )}
      {mailDelay && (
        <div css={delayNote}>
          <p>{texts.counts.mailDelay(mailDelay.waiting, formatMoment(mailDelay.since))}</p>
          {mailDelay.lastAnswer && <p>{texts.counts.mailAnswer(mailDelay.lastAnswer)}</p>}
        </div>
      )}
    </section>
  )
}
