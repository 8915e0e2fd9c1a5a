import { css } from "@emotion/react"
import {
  createContext,
  useContext,
  type ComponentType,
  type MouseEvent,
  type ReactElement,
} from "react"
import { buttonStyles, type ButtonVariant } from "../theme/styles"

const notYet = css`
  cursor: help;
`

/** Wraps a button in the tooltip that explains it; provided once the tooltip code has loaded. */
export const ComingSoonTooltipContext = createContext<ComponentType<{
  note: string
  children: ReactElement
}> | null>(null)

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
 * assistive tech (aria-disabled plus the note) and, inside ComingSoonTooltips, explains itself in a
 * tooltip instead of being a dead link.
 */
export function ComingSoonButton({
  label,
  note,
  noteId,
  variant = "primary",
}: ComingSoonButtonProps) {
  const Tooltip = useContext(ComingSoonTooltipContext)
  const stay = (event: MouseEvent) => event.preventDefault()
  const button = (
    <button
      type="button"
      aria-disabled="true"
      aria-describedby={noteId}
      onClick={stay}
      css={[buttonStyles(variant), notYet]}
    >
      {label}
    </button>
  )
  return Tooltip ? <Tooltip note={note}>{button}</Tooltip> : button
}
