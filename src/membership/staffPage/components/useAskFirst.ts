import { useCallback, useEffect, useRef, useState, type RefObject } from "react"

/**
 * A step that asks first (erase her, undo a publish): whether the question shows, and `ask` to
 * show or hide it. Focus follows her: into the question's safe answer when it opens, back to the
 * button that asked when it closes, and not at all on the page's first showing.
 */
export function useAskFirst(
  safeAnswerRef: RefObject<HTMLElement>,
  askingButtonRef: RefObject<HTMLElement>,
) {
  const [confirming, setConfirming] = useState(false)
  const stepChanged = useRef(false)
  useEffect(() => {
    if (!stepChanged.current) return
    stepChanged.current = false
    ;(confirming ? safeAnswerRef : askingButtonRef).current?.focus()
  }, [confirming, safeAnswerRef, askingButtonRef])
  const ask = useCallback((next: boolean) => {
    stepChanged.current = true
    setConfirming(next)
  }, [])
  return { confirming, ask }
}
