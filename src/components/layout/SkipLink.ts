import { css, jsx } from "@emotion/react"
import { colors, fontSizes, radii, space } from "../../theme/tokens"

const skipLink = css`
  position: absolute;
  top: ${space.xs};
  left: ${space.xs};
  z-index: 100;
  padding: 0.75rem 1.25rem;
  border-radius: ${radii.sm};
  background: ${colors.ink};
  color: ${colors.white};
  font-size: ${fontSizes.small};
  font-weight: 600;
  transform: translateY(-200%);
  &:focus {
    transform: none;
    color: ${colors.white};
  }
`

interface SkipLinkProps {
  targetId: string
  label: string
}

/** The first stop for keyboard users: straight past the navigation to the page's content. */
export function SkipLink({ targetId, label }: SkipLinkProps) {
  return jsx("a", { href: `#${targetId}`, css: skipLink }, label)
}
