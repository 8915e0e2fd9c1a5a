import { css, jsx } from "@emotion/react"
import { Fragment, useRef, useState, type ComponentType, type FormEvent } from "react"
import { addressField, honeypotField, signupEndpoint } from "../../shared/endpoints"
import { buttonStyles, problemNote, textField } from "../../theme/styles"
import { colors, space } from "../../theme/tokens"

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
  ${textField};
  &::placeholder {
    color: ${colors.inkSoft};
  }
  &[aria-invalid="true"] {
    border-color: ${colors.problem};
  }
  &:focus-visible {
    border-color: ${colors.focus};
  }
`

const problemMessage = [
  problemNote,
  css`
    margin: 0;
    &:empty {
      display: none;
    }
  `,
]

// Off-screen, out of the tab order and hidden from assistive technology: only programs fill it.
const trap = css`
  position: absolute;
  left: -10000px;
  width: 1px;
  height: 1px;
  overflow: hidden;
`

// A page has one sign-up form. Fixed ids, as the server's HTML and the browser's renderer must agree.
const inputId = "signup-email"
const problemId = "signup-problem"

/** The form's words: the `SignupForm` fragment of data/contact.json (./SignupForm.fragment.ts). */
export type SignupTexts = Queries.SignupFormFragment
export type SignupProblem = keyof Omit<SignupTexts["messages"], "botFieldLabel">
type Problem = SignupProblem

/** What the welcome toasts are given (./SignupToasts.tsx). */
export interface ToastsProps {
  ids: number[]
  texts: SignupTexts["toast"]
  onDismiss: (id: number) => void
}

export interface SignupFormViewProps {
  texts: SignupTexts
  /** The id of the privacy note under the form, read with the field. */
  describedById?: string
  /**
   * The form as the endpoint answers a post without JavaScript (src/membership/web/signup/signupPages.ts):
   * the problem named beside the field, her address in it, and the focus there.
   */
  answered?: { problem: SignupProblem; address: string }
  /** The welcome toasts, shown once she turns to the form; ./SignupForm.tsx loads them lazily. */
  toasts?: ComponentType<ToastsProps>
}

/** What the endpoint answered (src/membership/web/signup/handleSignup.ts), or `unavailable` if it did not. */
async function send(formElement: HTMLFormElement, texts: SignupTexts): Promise<Problem | null> {
  try {
    const response = await fetch(formElement.action, {
      method: "POST",
      headers: { Accept: "application/json" },
      // The form's own fields, encoded as the browser would post them without a script.
      body: new URLSearchParams(new FormData(formElement) as unknown as Record<string, string>),
    })
    const answer: unknown = await response.json()
    if (typeof answer !== "object" || answer === null || !("outcome" in answer))
      return "unavailable"
    if (answer.outcome === "joined" && response.ok) return null
    const problem = "problem" in answer ? answer.problem : undefined
    return typeof problem === "string" && problem in texts.messages && problem !== "botFieldLabel"
      ? (problem as Problem)
      : "unavailable"
  } catch {
    // Offline, or something between her and the endpoint answered instead of it.
    return "unavailable"
  }
}

/**
 * The membership form (./SignupForm.tsx on the site's pages, src/membership/web/signup/signupPages.ts on the
 * endpoint's): a real form posting to the sign-up endpoint, so it works before and
 * without the page's script (the endpoint then answers with a page). Once the page runs, it posts
 * in the background: on success the welcome toast and an empty field, otherwise the problem
 * beside the field, read aloud, with the address kept.
 */
export function SignupFormView({ texts, describedById, answered, toasts }: SignupFormViewProps) {
  const [toastIds, setToastIds] = useState<number[]>([])
  const [toastsWanted, setToastsWanted] = useState(false)
  const wantToasts = () => setToastsWanted(true)
  const nextToastId = useRef(0)
  const [problem, setProblem] = useState<Problem | null>(answered?.problem ?? null)
  const [sending, setSending] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending) return
    const formElement = event.currentTarget
    setSending(true)
    // Cleared first, so the same problem twice is announced twice.
    setProblem(null)
    wantToasts()
    const found = await send(formElement, texts)
    setSending(false)
    setProblem(found)
    if (found) return
    // The field is left to the browser (not React state), so what someone types before the page
    // finishes loading is kept; resetting the form clears it.
    formElement.reset()
    const id = nextToastId.current++
    setToastIds((ids) => [...ids, id].slice(-MAX_VISIBLE_TOASTS))
  }

  const dismiss = (id: number) => setToastIds((ids) => ids.filter((other) => other !== id))
  const describedBy = [problem && problemId, describedById].filter(Boolean).join(" ")

  return jsx(
    Fragment,
    null,
    jsx(
      "form",
      {
        css: form,
        method: "post",
        action: signupEndpoint,
        onSubmit,
        onFocus: wantToasts,
        onPointerEnter: wantToasts,
        "aria-busy": sending,
      },
      jsx("label", { htmlFor: inputId }, texts.emailLabel),
      jsx("input", {
        id: inputId,
        css: input,
        type: "email",
        name: addressField,
        autoComplete: "email",
        required: true,
        placeholder: texts.emailPlaceholder,
        "aria-invalid": problem ? true : undefined,
        "aria-describedby": describedBy || undefined,
        defaultValue: answered?.address,
        // Only on the endpoint's page, which is all about this field.
        autoFocus: answered !== undefined,
      }),
      jsx(
        "p",
        { id: problemId, css: problemMessage, role: "alert" },
        problem && texts.messages[problem],
      ),
      jsx(
        "div",
        { css: trap, "aria-hidden": true },
        jsx("label", { htmlFor: "signup-trap" }, texts.messages.botFieldLabel),
        jsx("input", {
          id: "signup-trap",
          type: "text",
          name: honeypotField,
          tabIndex: -1,
          autoComplete: "off",
        }),
      ),
      jsx(
        "button",
        { type: "submit", css: buttonStyles("primary") },
        sending ? texts.sendingLabel : texts.submitLabel,
      ),
    ),
    toasts &&
      toastsWanted &&
      jsx(toasts, { ids: toastIds, texts: texts.toast, onDismiss: dismiss }),
  )
}
