import { css } from "@emotion/react"
import { useState } from "react"
import { pageTexts as texts } from "../staffPageTexts"
import { SignInError, signIn, type SignInFailure } from "../session"
import { buttonStyles, card, problemNote } from "../../../theme/styles"
import { sizes, space } from "../../../theme/tokens"

const panel = [
  card,
  css`
    max-width: ${sizes.measure};
    p {
      max-width: ${sizes.measure};
    }
    button {
      margin-top: ${space.xs};
    }
  `,
]

// Never display: none, even empty: a live region must be in the page before its words arrive.
const note = css`
  margin: 0;
  &:not(:empty) {
    margin-top: ${space.md};
  }
`

type Progress = { kind: "idle" } | { kind: "waiting" } | { kind: "failed"; reason: SignInFailure }

interface StaffSignInProps {
  /** What the server said (or that she has just signed out). */
  message: string
  /** A token is kept: the page loads the list again. */
  onSignedIn: () => void
}

/** The sign-in panel: GitHub's window, as the CMS opens it, and what happened if it did not work. */
export function StaffSignIn({ message, onSignedIn }: StaffSignInProps) {
  const [progress, setProgress] = useState<Progress>({ kind: "idle" })

  const start = async () => {
    setProgress({ kind: "waiting" })
    try {
      await signIn()
      onSignedIn()
    } catch (error) {
      setProgress({
        kind: "failed",
        reason: error instanceof SignInError ? error.reason : "refused",
      })
    }
  }

  return (
    <section css={panel} aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading">{texts.signIn.heading}</h2>
      <p>{message}</p>
      <button type="button" css={buttonStyles("primary")} onClick={start}>
        {texts.signIn.button}
      </button>
      {/* Always in the page, so what is put in it is read aloud. */}
      <p role="status" css={progress.kind === "failed" ? [problemNote, note] : note}>
        {progress.kind === "waiting" && texts.signIn.waiting}
        {progress.kind === "failed" && texts.signIn.failures[progress.reason]}
      </p>
    </section>
  )
}
