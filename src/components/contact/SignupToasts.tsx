import { css } from "@emotion/react"
import * as Toast from "@radix-ui/react-toast"
import type { SignupTexts } from "./SignupForm"
import { colors, fixedSpace, fontSizes, mq, radii, shadows } from "../../theme/tokens"

// The spec's notification settings (the form keeps at most three toasts).
const TOAST_DURATION_MS = 5000
const VIEWPORT_WIDTH_PX = 356
const TOAST_GAP_PX = 14

// Bottom right from the small breakpoint up; centred on a phone, where the 356 px nearly fill the
// screen and a toast at its right edge stood 50 px from the left and 16 from the right.
const viewport = css`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  margin-inline: auto;
  ${mq.sm} {
    left: auto;
    margin-inline: 0;
  }
  z-index: 50;
  display: flex;
  flex-direction: column;
  gap: ${TOAST_GAP_PX}px;
  /* 100%: the screen less a desktop scrollbar's room, where 100vw counts it. */
  width: min(${VIEWPORT_WIDTH_PX}px, 100%);
  max-height: 100dvh;
  overflow-y: auto;
  margin-block: 0;
  padding: ${fixedSpace.sm};
  list-style: none;
  outline: none;
`

/**
 * The title beside the close button, the description under both, in paddings that do not grow
 * with her text: at 200% the words keep most of the 356 px. A toast taller than the screen (a
 * larger text still, a phone on its side) scrolls inside, its close button held at its top.
 */
const toast = css`
  position: relative;
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: center;
  gap: ${fixedSpace.xxs} ${fixedSpace.xs};
  max-height: calc(100dvh - 2 * ${fixedSpace.sm});
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: ${fixedSpace.xs} ${fixedSpace.sm} ${fixedSpace.sm} ${fixedSpace.md};
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
  grid-area: 1 / 1;
  font-weight: 600;
  font-size: ${fontSizes.small};
`

const toastDescription = css`
  grid-column: 1 / -1;
  font-size: ${fontSizes.small};
`

const closeButton = css`
  grid-area: 1 / 2;
  align-self: start;
  position: sticky;
  top: 0;
  width: ${fixedSpace.tapTarget};
  height: ${fixedSpace.tapTarget};
  border: 0;
  border-radius: ${radii.pill};
  background: ${colors.white};
  color: ${colors.inkSoft};
  font-size: min(${fontSizes.icon}, 2rem, 32px);
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
