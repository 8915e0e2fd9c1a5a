import { css } from "@emotion/react"
import { graphql } from "gatsby"
import { lazy, Suspense, useRef, useState, type FormEvent } from "react"
import { useHydrated } from "../hooks/useHydrated"
import { buttonStyles } from "../theme/styles"
import { colors, radii, space } from "../theme/tokens"

// Radix's toast code (about 14 KB gzipped) is fetched once a visitor turns to the form.
const SignupToasts = lazy(() => import("./SignupToasts"))

// The spec's limit of welcome toasts on screen at once.
const MAX_VISIBLE_TOASTS = 3

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

// A page has one sign-up form. A fixed id, as the server's HTML and the browser's renderer must agree.
const inputId = "signup-email"

export type SignupTexts = Queries.SignupFormFragment

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
  const [toastIds, setToastIds] = useState<number[]>([])
  const [toastsWanted, setToastsWanted] = useState(false)
  const wantToasts = () => setToastsWanted(true)
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
    wantToasts()
    setToastIds((ids) => [...ids, id].slice(-MAX_VISIBLE_TOASTS))
  }

  const dismiss = (id: number) => setToastIds((ids) => ids.filter((other) => other !== id))

  return (
    <>
      <form
        css={form}
        onSubmit={onSubmit}
        onFocus={wantToasts}
        onPointerEnter={wantToasts}
        data-needs-js
      >
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
      {toastsWanted && (
        <Suspense fallback={null}>
          <SignupToasts ids={toastIds} texts={texts.toast} onDismiss={dismiss} />
        </Suspense>
      )}
    </>
  )
}

export const signupFormFields = graphql`
  fragment SignupForm on ContactJson {
    emailLabel
    emailPlaceholder
    submitLabel
    toast {
      title
      description
      closeLabel
      regionLabel
    }
  }
`
