import { css } from "@emotion/react"
import * as Toast from "@radix-ui/react-toast"
import type { SignupTexts } from "./SignupForm"
import { colors, fontSizes, radii, shadows, sizes, space } from "../../theme/tokens"

// The spec's notification settings (the form keeps at most three toasts).
const TOAST_DURATION_MS = 5000
const VIEWPORT_WIDTH_PX = 356
const TOAST_GAP_PX = 14

const viewport = css`
  position: fixed;
  right: 0;
  bottom: 0;
  z-index: 50;
  display: flex;
  flex-direction: column;
  gap: ${TOAST_GAP_PX}px;
  width: min(${VIEWPORT_WIDTH_PX}px, 100vw);
  max-width: 100vw;
  margin: 0;
  padding: ${space.sm};
  list-style: none;
  outline: none;
`

const toast = css`
  position: relative;
  display: grid;
  gap: 0.25rem;
  padding: ${space.sm} 3.25rem ${space.sm} ${space.md};
  border-left: 4px solid ${colors.accent};
  border-radius: ${radii.md};
  background: ${colors.white};
  color: ${colors.ink};
  box-shadow: ${shadows.card};
  &[data-state="open"] {
    animation: toast-in 0.25s ease-out;
  }
  @keyframes toast-in {
    from {
      opacity: 0;
      transform: translateY(0.5rem);
    }
  }
`

const toastTitle = css`
  font-weight: 600;
  font-size: ${fontSizes.small};
`

const toastDescription = css`
  font-size: ${fontSizes.small};
`

const closeButton = css`
  position: absolute;
  top: 0.25rem;
  right: 0.25rem;
  width: ${sizes.tapTarget};
  height: ${sizes.tapTarget};
  border: 0;
  border-radius: ${radii.pill};
  background: transparent;
  color: ${colors.inkSoft};
  font-size: ${fontSizes.icon};
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${colors.linen};
    color: ${colors.ink};
  }
`

interface SignupToastsProps {
  /** One id per welcome toast on screen, oldest first. */
  ids: number[]
  texts: SignupTexts["toast"]
  onDismiss: (id: number) => void
}

/**
 * The welcome toasts of the sign-up form, with their Radix provider and viewport. The form loads
 * this file only when a visitor turns to it, so other visits never download the toast code.
 */
export default function SignupToasts({ ids, texts, onDismiss }: SignupToastsProps) {
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
      {ids.map((id) => (
        <Toast.Root
          key={id}
          css={toast}
          type="foreground"
          onOpenChange={(open) => {
            if (!open) onDismiss(id)
          }}
        >
          <Toast.Title css={toastTitle}>{texts.title}</Toast.Title>
          <Toast.Description css={toastDescription}>{texts.description}</Toast.Description>
          <Toast.Close css={closeButton} aria-label={texts.closeLabel}>
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* The corner's name as screen readers list it; Radix puts in the key that jumps there. */}
      <Toast.Viewport css={viewport} label={`${texts.regionLabel} ({hotkey})`} />
    </Toast.Provider>
  )
}
