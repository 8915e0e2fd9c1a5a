// Signs that a person is using the page, as opposed to a reader's browser just loading it.
const interactionEvents = [
  "pointermove",
  "pointerdown",
  "keydown",
  "touchstart",
  "wheel",
  "focusin",
] as const

let firstInteraction: Promise<void> | undefined

/**
 * Resolves when the visitor first moves the pointer, touches, scrolls with a wheel, presses a key
 * or focuses something on the page (at once if she already has). Code that only matters once she
 * acts, such as the tooltips' (SiteTooltipProvider), is fetched then rather than with the page.
 */
export function afterFirstInteraction(): Promise<void> {
  firstInteraction ??= new Promise((resolve) => {
    const done = () => {
      for (const type of interactionEvents) window.removeEventListener(type, done, true)
      resolve()
    }
    for (const type of interactionEvents) {
      window.addEventListener(type, done, { capture: true, passive: true })
    }
  })
  return firstInteraction
}
