import { css } from "@emotion/react"
import * as Tooltip from "@radix-ui/react-tooltip"
import type { MouseEvent } from "react"
import { buttonStyles, type ButtonVariant } from "../theme/styles"
import { colors, fontSizes, radii, shadows } from "../theme/tokens"

const tooltip = css`
  max-width: min(20rem, calc(100vw - 2rem));
  padding: 0.75rem 1rem;
  border-radius: ${radii.sm};
  background: ${colors.ink};
  color: ${colors.white};
  font-size: ${fontSizes.small};
  line-height: 1.45;
  box-shadow: ${shadows.card};
  z-index: 30;
`

const notYet = css`
  cursor: help;
`

interface ComingSoonButtonProps {
  label: string
  /** What the button will do, and what to do meanwhile; shown on hover and focus. */
  note: string
  /** The id of the same note shown as text on the page, read by screen readers with the button. */
  noteId: string
  variant?: ButtonVariant
}

/**
 * A button for something that is not open yet. It stays a real, focusable button, says so to
 * assistive tech (aria-disabled plus the note) and explains itself in a tooltip instead of a dead link.
 */
export function ComingSoonButton({
  label,
  note,
  noteId,
  variant = "primary",
}: ComingSoonButtonProps) {
  const stay = (event: MouseEvent) => event.preventDefault()
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <button
          type="button"
          aria-disabled="true"
          aria-describedby={noteId}
          onClick={stay}
          css={[buttonStyles(variant), notYet]}
        >
          {label}
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content css={tooltip} side="top" sideOffset={8} aria-hidden="true">
          {note}
          <Tooltip.Arrow fill={colors.ink} />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  )
}
