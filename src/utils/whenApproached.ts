const approaches = new Map<string, Promise<void>>()

// pointermove as well as pointerover: a pointer resting on the element when the listener is added
// reaches it with its next move.
const approachEvents = ["pointerover", "pointermove", "focusin"] as const

/**
 * Resolves when the visitor first points at or focuses an element that matches `selector` (at
 * once if her pointer is already over one, or one has the focus). Code only such an element needs,
 * like the tooltips' (SiteTooltipProvider), is fetched then rather than with the page: a visitor
 * who only reads never downloads it. Browser only.
 */
export function whenApproached(selector: string): Promise<void> {
  let approach = approaches.get(selector)
  if (!approach) {
    approach = new Promise((resolve) => {
      const done = () => {
        for (const type of approachEvents) document.removeEventListener(type, onEvent, true)
        resolve()
      }
      const onEvent = (event: Event) => {
        if (event.target instanceof Element && event.target.closest(selector)) done()
      }
      for (const type of approachEvents) {
        document.addEventListener(type, onEvent, { capture: true, passive: true })
      }
      if (document.activeElement?.closest(selector) || document.querySelector(`${selector}:hover`))
        done()
    })
    approaches.set(selector, approach)
  }
  return approach
}
