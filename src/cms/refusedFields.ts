/**
 * A Save that Decap refuses for a field's pattern (a number written in words, a text too long)
 * said nothing where she was: Decap's toast is only for a required field left empty
 * (decap-cms-core's `persistEntry`), and the field's red words may be further down the form, out
 * of sight. So once Save or a Publish is pressed, if the form holds refused fields, the first is
 * brought into sight, the keyboard put in its box, and its words read out. Decap's styled
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

/** Brings the form's first refused field into sight and says why; false if none is refused. */
export function showFirstRefusal(page: Document, say: (words: string) => void): boolean {
  const first = page.querySelector(refusal)
  if (!first) return false
  const field = first.parentElement
  shown(field ?? first).scrollIntoView({ block: "center" })
  const boxId = field?.querySelector("label[for]")?.getAttribute("for")
  const box = boxId ? page.getElementById(boxId) : null
  if (box instanceof HTMLElement) box.focus({ preventScroll: true })
  const words = [...first.querySelectorAll("li")].map((item) => item.textContent?.trim())
  say(`Not saved: ${words.filter(Boolean).join(" ")}`)
  return true
}

/**
 * Follows the presses of Save and Publish on `page` for good, saying a refusal in a live region
 * of its own (hidden from sight: the field's own red words are in sight by then).
 */
export function followRefusedSaves(page: Document) {
  const spoken = page.createElement("div")
  spoken.setAttribute("role", "status")
  spoken.style.cssText =
    "position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap"
  page.body.append(spoken)
  const say = (words: string) => {
    spoken.textContent = words
  }

  // Stale once she types: the field's own words go then too (Decap clears a changed field's).
  page.addEventListener("input", () => say(""), true)
  page.addEventListener(
    "click",
    (event) => {
      if (!(event.target instanceof Element) || !event.target.closest(pressesThatCheck)) return
      say("")
      let waited = 0
      const look = () => {
        if (showFirstRefusal(page, say) || (waited += lookEveryMs) >= drawnWithinMs) return
        window.setTimeout(look, lookEveryMs)
      }
      window.setTimeout(look, lookEveryMs)
    },
    // Before Decap's own handler: a press that moves on (Publish) still gets looked at.
    true,
  )
}
