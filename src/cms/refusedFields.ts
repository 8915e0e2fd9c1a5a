/**
 * A Save that Decap refuses for a field's pattern (a number written in words, a text too long)
 * said nothing where she was: Decap's toast is only for a required field left empty
 * (decap-cms-core's `persistEntry`), and the field's red words may be further down the form, out
 * of sight. So once Save or a Publish is pressed, if the form holds refused fields, the first is
 * brought into sight and the keyboard put in its box, which is marked invalid and described by
 * the field's words, so that a screen reader reads them with its label. Decap's styled
 * components are found by the names emotion writes into their class names, as in
 * ./decapStyles.ts; e2e/cms.spec.ts fails if they change.
 */

/** The toolbar's Save, and the Publish menu's items (Decap checks the fields before either). */
const pressesThatCheck = '[class*="-SaveButton"], [class*="-PublishDropDownItem"]'
/** A field's list of what is wrong with it, beside its label (Decap's EditorControl). */
const refusal = '[class*="-ControlErrorsList"]'
/** How long Decap may take to draw a refusal after the press, looked at every `lookEveryMs`. */
const drawnWithinMs = 1500
const lookEveryMs = 100

/** The nearest of `element` and its ancestors that is laid out (a folded list item hides its fields). */
function shown(element: Element): Element {
  let at: Element | null = element
  while (at && at.getClientRects().length === 0) at = at.parentElement
  return at ?? element
}

/** Brings the form's first refused field into sight, the keyboard in it; false if none is refused. */
export function showFirstRefusal(page: Document): boolean {
  const words = page.querySelector(refusal)
  if (!words) return false
  const field = words.parentElement
  const inSight = shown(field ?? words)
  inSight.scrollIntoView({ block: "center" })
  if (inSight !== (field ?? words)) {
    // In a folded list item, shown by its name in red: the keyboard on its unfolding button,
    // the first of its bar.
    let item: Element | null = inSight
    while (item && !item.querySelector("button")) item = item.parentElement
    item?.querySelector("button")?.focus({ preventScroll: true })
    return true
  }
  const boxId = field?.querySelector("label[for]")?.getAttribute("for")
  const box = boxId ? page.getElementById(boxId) : null
  if (!(box instanceof HTMLElement)) return true
  words.id ||= `${boxId}-refused`
  box.setAttribute("aria-invalid", "true")
  box.setAttribute("aria-describedby", words.id)
  // Decap takes the words away as she changes the field; so does this.
  box.addEventListener(
    "input",
    () => {
      box.removeAttribute("aria-invalid")
      box.removeAttribute("aria-describedby")
    },
    { once: true },
  )
  box.focus({ preventScroll: true })
  return true
}

/** Follows the presses of Save and Publish on `page` for good. */
export function followRefusedSaves(page: Document) {
  page.addEventListener(
    "click",
    (event) => {
      if (!(event.target instanceof Element) || !event.target.closest(pressesThatCheck)) return
      let waited = 0
      const look = () => {
        if (showFirstRefusal(page) || (waited += lookEveryMs) >= drawnWithinMs) return
        window.setTimeout(look, lookEveryMs)
      }
      window.setTimeout(look, lookEveryMs)
    },
    // Before Decap's own handler: a press that moves on (Publish) still gets looked at.
    true,
  )
}
