import { css } from "@emotion/react"
import * as Toast from "@radix-ui/react-toast"
import { useId, useRef, useState, type FormEvent } from "react"
import { useHydrated } from "../hooks/useHydrated"
import { buttonStyles } from "../theme/styles"
import { colors, fontSizes, radii, shadows, sizes, space } from "../theme/tokens"

// The spec's notification settings.
export const TOAST_DURATION_MS = 5000
const MAX_VISIBLE_TOASTS = 3
const VIEWPORT_WIDTH_PX = 356
const TOAST_GAP_PX = 14

const form = css`
  display: grid;
  gap: ${space.sm};
  label {
    font-weight: 600;
  }
`

const input = css`
  width: 100%;
  min-height: 3.25rem;
  padding: 0.75rem 1rem;
  border: 2px solid ${colors.inkSoft};
  border-radius: ${radii.sm};
  background: ${colors.white};
  color: ${colors.ink};
  font: inherit;
  &::placeholder {
    color: ${colors.inkSoft};
  }
  &:focus-visible {
    border-color: ${colors.focus};
  }
`

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
  font-weight: 700;
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
  font-size: 1.5rem;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${colors.linen};
    color: ${colors.ink};
  }
`

export interface SignupTexts {
  emailLabel: string
  emailPlaceholder: string
  submitLabel: string
  toast: { title: string; description: string; closeLabel: string; regionLabel: string }
}

interface SignupFormProps {
  texts: SignupTexts
  /** The id of the privacy note under the form, read with the field. */
  describedById?: string
}

/**
 * The mailing-list form. Nothing is sent anywhere yet: a valid address (the browser's own e-mail
 * check) is acknowledged with a toast and the field is cleared.
 */
export function SignupForm({ texts, describedById }: SignupFormProps) {
  const inputId = useId()
  const [toastIds, setToastIds] = useState<number[]>([])
  const nextToastId = useRef(0)
  // Until React handles the submit, the browser would send the form itself and put the address
  // in the URL; the button waits for it instead.
  const hydrated = useHydrated()

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // The field is left to the browser (not React state), so what someone types before the page
    // finishes loading is kept; resetting the form clears it.
    event.currentTarget.reset()
    const id = nextToastId.current++
    setToastIds((ids) => [...ids, id].slice(-MAX_VISIBLE_TOASTS))
  }

  const dismiss = (id: number) => setToastIds((ids) => ids.filter((other) => other !== id))

  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      label={texts.toast.regionLabel}
    >
      <form css={form} onSubmit={onSubmit} data-needs-js>
        <label htmlFor={inputId}>{texts.emailLabel}</label>
        <input
          id={inputId}
          css={input}
          type="email"
          name="email"
          autoComplete="email"
          required
          placeholder={texts.emailPlaceholder}
          aria-describedby={describedById}
        />
        <button type="submit" css={buttonStyles("primary")} disabled={!hydrated}>
          {texts.submitLabel}
        </button>
      </form>
      {toastIds.map((id) => (
        <Toast.Root
          key={id}
          css={toast}
          type="foreground"
          onOpenChange={(open) => {
            if (!open) dismiss(id)
          }}
        >
          <Toast.Title css={toastTitle}>{texts.toast.title}</Toast.Title>
          <Toast.Description css={toastDescription}>{texts.toast.description}</Toast.Description>
          <Toast.Close css={closeButton} aria-label={texts.toast.closeLabel}>
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport css={viewport} />
    </Toast.Provider>
  )
}
