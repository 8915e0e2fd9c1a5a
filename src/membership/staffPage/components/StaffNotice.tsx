import { css } from "@emotion/react"
import { buttonStyles, card, problemNote } from "../../../theme/styles"
import { sizes } from "../../../theme/tokens"
import { TextWithSettingNames } from "./TextWithSettingNames"

const panel = [
  card,
  css`
    max-width: ${sizes.measure};
  `,
]

const message = [
  problemNote,
  css`
    margin-bottom: 1.5rem;
  `,
]

interface StaffNoticeProps {
  heading: string
  /** The server's own words, or the page's when the server did not answer. */
  message: string
  /** A refusal she must act on is an alert; a moment's unavailability is not. */
  alert?: boolean
  actionLabel: string
  onAction: () => void
}

/** Why the list is not shown, and the one thing to do about it. */
export function StaffNotice({
  heading,
  message: text,
  alert,
  actionLabel,
  onAction,
}: StaffNoticeProps) {
  return (
    <section css={panel} aria-labelledby="notice-heading">
      <h2 id="notice-heading">{heading}</h2>
      <p css={message} role={alert ? "alert" : undefined}>
        <TextWithSettingNames text={text} />
      </p>
      <button type="button" css={buttonStyles("primary")} onClick={onAction}>
        {actionLabel}
      </button>
    </section>
  )
}
