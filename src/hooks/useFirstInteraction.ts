import { useEffect, useRef, useState } from "react"

// Signs that a person is using the page, as opposed to a reader's browser just loading it.
const interactionEvents = [
  "pointermove",
  "pointerdown",
  "keydown",
  "touchstart",
  "wheel",
  "focusin",
]

let interacted = false
const waiting = new Set<(event: Event) => void>()

function onFirstInteraction(event: Event) {
  interacted = true
  for (const type of interactionEvents) window.removeEventListener(type, onFirstInteraction, true)
  for (const notify of waiting) notify(event)
  waiting.clear()
}

/**
 * False in the static HTML, at hydration and until the visitor first moves the pointer, touches,
 * scrolls with a wheel, presses a key or focuses something; then true (at once on a page she
 * reaches after that). Work that only matters once she acts waits for it. `onInteraction` sees
 * that first event before anything re-renders.
 */
export function useFirstInteraction(onInteraction?: (event: Event) => void): boolean {
  const [hasInteracted, setHasInteracted] = useState(false)
  const latest = useRef(onInteraction)
  latest.current = onInteraction
  useEffect(() => {
    if (interacted) return setHasInteracted(true)
    const notify = (event: Event) => {
      latest.current?.(event)
      setHasInteracted(true)
    }
    if (waiting.size === 0) {
      for (const type of interactionEvents) {
        window.addEventListener(type, onFirstInteraction, { capture: true, passive: true })
      }
    }
    waiting.add(notify)
    return () => {
      waiting.delete(notify)
    }
  }, [])
  return hasInteracted
}
