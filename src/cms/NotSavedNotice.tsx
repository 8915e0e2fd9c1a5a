import { useEffect, useState } from "react"
import { cornerCard, cornerHideButton, cornerLabel } from "./decapLook"
import { useFocusReturn } from "./focusReturn"
import { saveCheckedEvent } from "./saveCheck"

const texts = { label: "Not saved", hide: "Hide" }

/** A corner card marked as Decap marks what it refuses, in its red. */
const refusedCard = { ...cornerCard, borderLeft: "4px solid #d5342b" } as const

/** "this was not saved, …" as the first words of a card: "This was not saved, …". */
const asSentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1)

/**
 * A Save the site's check refused (./saveCheck.ts), kept in the editor's corner until she hides
 * it, saves again, or opens another entry. Decap says it in a toast that goes after 8 s, and then
 * its toolbar offers "Delete unpublished entry" and "Check for Preview" as if a draft had been
 * saved, which none was (seen in a staff member's walk through the CMS, 2026-12-01). Its words
 * are an alert, read out as they come; Hide gives the keyboard's focus back.
 */
export function NotSavedNotice() {
  const [words, setWords] = useState<string | null>(null)
  const { rememberOrigin, returnFocus } = useFocusReturn()

  useEffect(() => {
    const checked = (event: Event) => setWords((event as CustomEvent<string | null>).detail)
    const elsewhere = () => setWords(null)
    window.addEventListener(saveCheckedEvent, checked)
    window.addEventListener("hashchange", elsewhere)
    return () => {
      window.removeEventListener(saveCheckedEvent, checked)
      window.removeEventListener("hashchange", elsewhere)
    }
  }, [])

  if (!words) return null
  return (
    <div css={refusedCard} onFocus={rememberOrigin}>
      <div role="alert">
        <p css={cornerLabel}>{texts.label}</p>
        <p>{asSentence(words)}</p>
      </div>
      <button
        type="button"
        css={cornerHideButton}
        onClick={() => {
          setWords(null)
          returnFocus()
        }}
      >
        {texts.hide}
      </button>
    </div>
  )
}
