import { useContext, type MouseEvent } from "react"
import { notYetButtonStyles, type ButtonVariant } from "../../theme/styles"
import { NoteTooltipContext, tooltipTrigger } from "../ui/SiteTooltipProvider"

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
  const NoteTooltip = useContext(NoteTooltipContext)
  const stay = (event: MouseEvent) => event.preventDefault()
  const button = (
    <button
      type="button"
      aria-disabled="true"
      aria-describedby={noteId}
      onClick={stay}
      css={notYetButtonStyles(variant)}
      {...tooltipTrigger}
    >
      {label}
    </button>
  )
  return NoteTooltip ? <NoteTooltip note={note}>{button}</NoteTooltip> : button
}
