import { css, type SerializedStyles } from "@emotion/react"
import { forwardRef, type ReactNode } from "react"
import { buttonStyles, type ButtonVariant } from "../../../theme/styles"

/** While an action runs, the pointer says so. */
const whileBusy = css`
  &[aria-disabled="true"] {
    cursor: progress;
  }
`

interface StaffButtonProps {
  variant?: ButtonVariant
  /** Styles of its own, over the variant's (the erase's red). */
  extra?: SerializedStyles
  /** While an action runs: pressed, it does nothing. */
  busy: boolean
  onPress: () => void
  children: ReactNode
}

/**
 * A button of the staff's pages (the list's, the publishing panel's). While an action runs it
 * stays where it is, focusable, and is announced as unavailable (`aria-disabled`, not `disabled`,
 * which would drop her keyboard focus to the page's top mid-action); a press then does nothing.
 */
export const StaffButton = forwardRef<HTMLButtonElement, StaffButtonProps>(function StaffButton(
  { variant = "secondary", extra, busy, onPress, children },
  ref,
) {
  return (
    <button
      ref={ref}
      type="button"
      css={[buttonStyles(variant), extra, whileBusy]}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) onPress()
      }}
    >
      {children}
    </button>
  )
})
