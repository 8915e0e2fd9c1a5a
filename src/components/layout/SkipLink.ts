import { css, jsx } from "@emotion/react"
import { noteOnInk } from "../../theme/styles"
import { colors, space } from "../../theme/tokens"

const skipLink = css`
  position: absolute;
  top: ${space.xs};
  left: ${space.xs};
  z-index: 100;
  ${noteOnInk};
  padding: 0.75rem 1.25rem;
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
