import { css } from "@emotion/react"
import { container } from "../../theme/styles"
import { colors, fonts, fontSizes, radii, space } from "../../theme/tokens"
import { ButtonLink } from "../ui/ButtonLink"
import type { ErrorTexts } from "./ErrorBoundary"

const screen = css`
  ${container};
  /* The footer's margin is the space below it (../ui/Section.tsx). */
  padding-block: ${space.xxl} 0;
  max-width: 48rem;
`

const messageBox = css`
  margin: ${space.md} 0 ${space.lg};
  padding: ${space.sm} ${space.md};
  border-left: 4px solid ${colors.accent};
  border-radius: ${radii.sm};
  background: ${colors.linen};
  font-family: ${fonts.mono};
  font-size: ${fontSizes.small};
`

interface ErrorScreenProps {
  texts: ErrorTexts
  message: string
}

export function ErrorScreen({ texts, message }: ErrorScreenProps) {
  return (
    <div css={screen} role="alert">
      <h1>{texts.heading}</h1>
      <p>{texts.text}</p>
      <p css={messageBox}>{message}</p>
      <ButtonLink to="/">{texts.linkLabel}</ButtonLink>
    </div>
  )
}
