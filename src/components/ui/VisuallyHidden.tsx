import { css } from "@emotion/react"
import type { ReactNode } from "react"

// Off-screen but read aloud: the usual clip pattern, which keeps the text in the accessibility tree.
const hidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  clip-path: inset(50%);
  white-space: nowrap;
  border: 0;
`

/** Words for screen readers only, such as whom a row's "Manage" button is for. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span css={hidden}>{children}</span>
}
