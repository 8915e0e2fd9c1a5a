import { css, jsx } from "@emotion/react"
import { container, goldRule } from "../theme/styles"
import { colors, fontSizes, sizes, space } from "../theme/tokens"

const pageHeader = css`
  ${container};
  padding-top: ${space.xl};
  padding-bottom: ${space.lg};
  h1 {
    margin-bottom: ${space.sm};
  }
  h1::after {
    ${goldRule("4rem")};
    margin-top: ${space.sm};
  }
  p {
    max-width: ${sizes.measure};
    font-size: ${fontSizes.lead};
    color: ${colors.inkSoft};
  }
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
    intro && jsx("p", null, intro),
  )
}
