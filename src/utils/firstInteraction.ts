// Signs that a person is using the page, as opposed to a crawler or a speed test loading it.
const interactionEvents = ["pointerdown", "pointermove", "keydown", "touchstart", "wheel"] as const

let interacted = false
const waiting: (() => void)[] = []

function onFirstInteraction() {
  interacted = true
  for (const event of interactionEvents) window.removeEventListener(event, onFirstInteraction, true)
  for (const resolve of waiting.splice(0)) resolve()
}

/** Starts listening; gatsby-browser calls it once, before the first page hydrates. */
export function watchForFirstInteraction() {
  for (const event of interactionEvents) {
    window.addEventListener(event, onFirstInteraction, { capture: true, passive: true })
  }
}

/**
 * Resolves at the visitor's first interaction with the site (at once if it has happened, and at
 * once while rendering on the server, so the static HTML is complete).
 */
export function afterFirstInteraction(): Promise<void> {
  if (interacted || typeof window === "undefined") return Promise.resolve()
  return new Promise((resolve) => waiting.push(resolve))
}
