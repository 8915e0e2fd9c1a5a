import { css, jsx } from "@emotion/react"
import { container, pageTitle } from "../../theme/styles"
import { space } from "../../theme/tokens"
import { wholeCompounds } from "./wholeCompounds"

const pageHeader = css`
  ${container};
  padding-top: ${space.xl};
  padding-bottom: ${space.lg};
  ${pageTitle};
`

interface PageHeaderProps {
  heading: string
  intro?: string | null
}

/** The top of an inner page: its one h1 and a short introduction. */
export function PageHeader({ heading, intro }: PageHeaderProps) {
  return jsx(
    "header",
    { css: pageHeader },
    jsx("h1", null, heading),
    intro && jsx("p", null, wholeCompounds(intro)),
  )
}
