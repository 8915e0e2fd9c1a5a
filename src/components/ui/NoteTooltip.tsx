import { css } from "@emotion/react"
import * as Tooltip from "@radix-ui/react-tooltip"
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from "react"
import { noteOnInk } from "../../theme/styles"
import { colors, shadows } from "../../theme/tokens"
import { NoteTooltipContext, restoreTriggerFocus, triggerSelector } from "./SiteTooltipProvider"

// The spec's tooltip timing, decided once for every tooltip on the site.
export const TOOLTIP_OPEN_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300

const bubble = css`
  max-width: min(20rem, calc(100vw - 2rem));
  ${noteOnInk};
  padding: 0.75rem 1rem;
  line-height: 1.45;
  box-shadow: ${shadows.card};
  z-index: 30;
`

interface NoteTooltipProps {
  note: string
  /** The element that shows the note on hover and focus (a button). */
  children: ReactElement
}

// Radix closes a tooltip when the page around its trigger scrolls, the scroll that brings a button
// Tab has just focused into view too: a keyboard visitor would see no note for any button below the
// fold. Whether a scroll event is being dispatched, from a listener added before any tooltip's own
// (this chunk loads before one opens; listeners run in the order they were added).
let scrolling = false
if (typeof window !== "undefined") {
  window.addEventListener(
    "scroll",
    () => {
      scrolling = true
      setTimeout(() => (scrolling = false))
    },
    { capture: true, passive: true },
  )
}

/**
 * A short note in a bubble over its trigger, after the site's delay. A scroll closes it as Radix
 * does, but not while its trigger has the keyboard's focus: the note then stays until she moves
 * on or presses Escape. (A tap or a click focuses a button too, but not as `:focus-visible`: there
 * a scroll still closes it.)
 */
export function NoteTooltip({ note, children }: NoteTooltipProps) {
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  const openChanged = (next: boolean) => {
    if (!next && scrolling && trigger.current?.matches(":focus-visible")) return
    setOpen(next)
  }
  return (
    <Tooltip.Root open={open} onOpenChange={openChanged}>
      <Tooltip.Trigger asChild ref={trigger}>
        {children}
      </Tooltip.Trigger>
      <Tooltip.Portal>
        {/* Screen readers already hear the note through the trigger's aria-describedby. */}
        <Tooltip.Content css={bubble} side="top" sideOffset={8} aria-hidden="true">
          {note}
          <Tooltip.Arrow fill={colors.ink} />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  )
}

/**
 * A button the visitor already points at, or has focused, when the tooltips arrive opens its note
 * as if she had just come to it. Radix opens a tooltip on the pointer's move over its trigger and
 * on its focus, and hers happened while the button was still plain HTML: a pointer at rest sends
 * no more moves. (Her own events, repeated to the new tooltip; nothing opens that she is not at.)
 */
function greetWaitingVisitor() {
  const pointed = document.querySelector(`${triggerSelector}:hover`)
  pointed?.dispatchEvent(new PointerEvent("pointermove", { bubbles: true, pointerType: "mouse" }))
  const focused = document.activeElement
  if (focused?.matches(`${triggerSelector}:focus-visible`) && focused !== pointed) {
    focused.dispatchEvent(new FocusEvent("focusin", { bubbles: true }))
  }
}

/**
 * The site's one Radix tooltip provider, with the spec's delays, and the tooltip for the
 * components inside it. Loaded on demand by SiteTooltipProvider, so Radix's code is in a chunk
 * of its own.
 */
export default function NoteTooltips({ children }: { children: ReactNode }) {
  useLayoutEffect(restoreTriggerFocus, [])
  useEffect(() => {
    greetWaitingVisitor()
    // The browser tests wait for this before they hover: until then a button is plain HTML.
    document.documentElement.dataset.tooltips = "ready"
  }, [])
  return (
    <Tooltip.Provider
      delayDuration={TOOLTIP_OPEN_DELAY_MS}
      skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}
    >
      <NoteTooltipContext.Provider value={NoteTooltip}>{children}</NoteTooltipContext.Provider>
    </Tooltip.Provider>
  )
}
