/**
 * A Save that Decap refuses for a field's pattern (a number written in words, a text too long)
 * said nothing where she was: Decap's toast is only for a required field left empty
 * (decap-cms-core's `persistEntry`), and the field's red words may be further down the form, out
 * of sight. So once Save is pressed, if the form holds refused fields, the first is brought into
 * sight and the keyboard put in it (its box, or the first control it has: a picture's button),
 * described by the field's words, so that a screen reader reads them with its label. Decap's
 * styled components are found by the names emotion writes into their class names, as in
 * ./decapStyles.ts; e2e/cms.spec.ts fails if they change.
 *
 * Save only: under the editorial workflow Publish is offered once everything is saved, and its
 * "Publish now" publishes the saved draft without checking the form (Decap's EditorInterface).
 */

/** The toolbar's Save (Enter and Space on it are clicks too; Decap has no key to save). */
const save = '[class*="-SaveButton"]'
/** A field's list of what is wrong with it, beside its label (Decap's EditorControl). */
const refusal = '[class*="-ControlErrorsList"]'
/** What the keyboard can be put in, within a field's control. */
const focusable =
  'input:not([type="hidden"]), textarea, select, button, [contenteditable="true"], [tabindex]:not([tabindex="-1"])'
/** How long Decap may take to draw a refusal after the press, looked at every `lookEveryMs`. */
const drawnWithinMs = 1500
const lookEveryMs = 100

/** The nearest of `element` and its ancestors that is laid out (a folded list item hides its fields). */
function shown(element: Element): Element {
  let at: Element | null = element
  while (at && at.getClientRects().length === 0) at = at.parentElement
  return at ?? element
}

/** `element` described by `words` too, until she changes it (as Decap takes the words away). */
function describedBy(element: HTMLElement, words: Element, invalid: boolean) {
  const before = element.getAttribute("aria-describedby")
  const ids = (before ?? "").split(/\s+/).filter(Boolean)
  if (!ids.includes(words.id))
    element.setAttribute("aria-describedby", [...ids, words.id].join(" "))
  if (invalid) element.setAttribute("aria-invalid", "true")
  element.addEventListener(
    "input",
    () => {
      if (before === null) element.removeAttribute("aria-describedby")
      else element.setAttribute("aria-describedby", before)
      if (invalid) element.removeAttribute("aria-invalid")
    },
    { once: true },
  )
}

/** Brings the form's first refused field into sight, the keyboard in it; false if none is refused. */
export function showFirstRefusal(page: Document): boolean {
  const words = page.querySelector(refusal)
  if (!words) return false
  // Decap's field: its label and words in one row (`words.parentElement`), then its widget.
  const field = words.parentElement ?? words
  const inSight = shown(field)
  inSight.scrollIntoView({ block: "center" })
  if (inSight !== field) {
    // In a folded list item, shown by its name in red: the keyboard on its unfolding button,
    // the first of its bar.
    let item: Element | null = inSight
    while (item && !item.querySelector("button")) item = item.parentElement
    item?.querySelector("button")?.focus({ preventScroll: true })
    return true
  }
  const boxId = field.querySelector("label[for]")?.getAttribute("for")
  const box = boxId ? page.getElementById(boxId) : null
  // A picture's widget and a list have no box of that id that takes the keyboard: their first control.
  const target =
    box instanceof HTMLElement && box.matches(focusable)
      ? box
      : field.parentElement?.querySelector<HTMLElement>(focusable)
  if (!target) return true
  words.id ||= `${boxId ?? "field"}-refused`
  describedBy(target, words, target === box)
  target.focus({ preventScroll: true })
  return true
}

/** Follows the presses of Save on `page` for good. */
export function followRefusedSaves(page: Document) {
  page.addEventListener(
    "click",
    (event) => {
      if (!(event.target instanceof Element) || !event.target.closest(save)) return
      let waited = 0
      const look = () => {
        if (showFirstRefusal(page) || (waited += lookEveryMs) >= drawnWithinMs) return
        window.setTimeout(look, lookEveryMs)
      }
      window.setTimeout(look, lookEveryMs)
    },
    true,
  )
}
