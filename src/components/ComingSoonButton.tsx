import { css } from "@emotion/react"
import * as Tooltip from "@radix-ui/react-tooltip"
import { useLayoutEffect, useRef, useState, type MouseEvent } from "react"
import { useFirstInteraction } from "../hooks/useFirstInteraction"
import { buttonStyles, type ButtonVariant } from "../theme/styles"
import { colors, fontSizes, radii, shadows } from "../theme/tokens"

const notYet = css`
  cursor: help;
`

const bubble = css`
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
 * assistive tech (aria-disabled plus the note) and explains itself in a tooltip instead of being a
 * dead link. Place it inside SiteTooltipProvider.
 */
export function ComingSoonButton({
  label,
  note,
  noteId,
  variant = "primary",
}: ComingSoonButtonProps) {
  // Controlled, because left to itself the tooltip closes as soon as it opens under Preact (the
  // browser bundle's renderer): its own "a tooltip opened" event reaches it late and shuts it
  // (preactjs/preact#3805).
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  // Mounting Radix's tooltip on every button cost this page's first render about a third of its
  // time (28–34 ms of CPU with it, 19–27 ms without, measured here), and only a visitor who points
  // at or tabs to a button needs it, so the button gains it at her first interaction. That
  // replaces the button's element; if it had the focus, the new one takes it. (A mouse already
  // over it needs nothing: the browser reports the pointer over the new element.)
  const hadFocus = useRef(false)
  const withTooltip = useFirstInteraction(() => {
    hadFocus.current = button.current !== null && document.activeElement === button.current
  })
  useLayoutEffect(() => {
    if (withTooltip && hadFocus.current) button.current?.focus()
    hadFocus.current = false
  }, [withTooltip])

  const stay = (event: MouseEvent) => event.preventDefault()
  const element = (
    <button
      ref={button}
      type="button"
      aria-disabled="true"
      aria-describedby={noteId}
      onClick={stay}
      css={[buttonStyles(variant), notYet]}
    >
      {label}
    </button>
  )
  if (!withTooltip) return element
  return (
    <Tooltip.Root open={open} onOpenChange={setOpen}>
      <Tooltip.Trigger asChild>{element}</Tooltip.Trigger>
      <Tooltip.Portal>
        {/* Screen readers already hear the note through the button's aria-describedby. */}
        <Tooltip.Content css={bubble} side="top" sideOffset={8} aria-hidden="true">
          {note}
          <Tooltip.Arrow fill={colors.ink} />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  )
}
