import { css } from "@emotion/react"
import { problemNote } from "../../../theme/styles"
import { fontSizes, sizes, space } from "../../../theme/tokens"

/** What a part of the staff's page has to say after its last action: nothing, news, a problem. */
export type Note =
  { kind: "none" } | { kind: "info"; text: string } | { kind: "problem"; text: string }

// Never display: none, even empty: a live region must be in the page before its words arrive.
const note = css`
  margin: 0;
  max-width: ${sizes.measure};
  font-size: ${fontSizes.body};
  &:not(:empty) {
    margin-top: ${space.md};
  }
`

/** The note, read aloud as it changes; a problem in the site's problem style. */
export function StatusNote({ note: current }: { note: Note }) {
  return (
    <p role="status" css={current.kind === "problem" ? [problemNote, note] : note}>
      {current.kind !== "none" && current.text}
    </p>
  )
}
