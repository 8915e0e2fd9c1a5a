import { createContext, lazy, Suspense, useLayoutEffect, type ReactNode } from "react"
import { whenApproached } from "../../utils/whenApproached"
import type { NoteTooltip } from "./NoteTooltip"

/**
 * How a component reaches the tooltip once its code has loaded (ComingSoonButton): null until
 * then, and on pages without SiteTooltipProvider.
 */
export const NoteTooltipContext = createContext<typeof NoteTooltip | null>(null)

/** Marks an element that shows a tooltip: approaching one fetches the tooltips' code. */
export const tooltipTrigger = { "data-tooltip-trigger": "" }
export const triggerSelector = "[data-tooltip-trigger]"

// Radix's tooltip code (its positioning engine among it) is a chunk of its own, fetched when the
// visitor first points at or focuses a button that has a tooltip: a visitor who only reads never
// downloads it. The server renders the page with it, so the HTML is complete.
const NoteTooltips = lazy(() =>
  typeof window === "undefined"
    ? import("./NoteTooltip")
    : whenApproached(triggerSelector).then(() => import("./NoteTooltip")),
)

const triggers = () => [...document.querySelectorAll(triggerSelector)]

// The button with a tooltip that the visitor focused last, by its place on the page (-1: her focus
// is elsewhere). Kept from the page's first script on, because React may replace that button
// before the tooltips' code has even arrived.
let focusedTrigger = -1
// Listened for in the capture phase: React stops a focus event on content still waiting to hydrate
// from going further, to replay it later.
if (typeof document !== "undefined") {
  const early = { capture: true, passive: true }
  document.addEventListener(
    "focusin",
    (event) => {
      focusedTrigger = triggers().indexOf(event.target as Element)
    },
    early,
  )
  document.addEventListener(
    "focusout",
    (event) => {
      const left = event.target as Element
      // Still on the page with the focus nowhere: she put it there (a click on the page), rather
      // than React removing her button.
      queueMicrotask(() => {
        if (left.isConnected && document.activeElement === document.body) focusedTrigger = -1
      })
    },
    early,
  )
}

/**
 * Where React built the content afresh (after a client-side visit, or when the page re-rendered
 * before its part could hydrate: first with plain buttons, then with the tooltips), the button the
 * visitor had focused was replaced and the focus fell back to the page: her button's new self gets
 * it back, and with it the tooltip. Where the focus is somewhere, she put it there, and it stays.
 */
export function restoreTriggerFocus() {
  const trigger = focusedTrigger >= 0 ? triggers()[focusedTrigger] : undefined
  const lost = !document.activeElement || document.activeElement === document.body
  // Where she left it on the page: a scroll would close the tooltip the focus opens (Radix).
  if (trigger instanceof HTMLElement && lost) trigger.focus({ preventScroll: true })
}

function KeepTriggerFocus() {
  useLayoutEffect(restoreTriggerFocus, [])
  return null
}

/**
 * Wraps a page whose buttons explain themselves in tooltips (ComingSoonButton).
 *
 * As the page first loads, its content waits as the server's HTML until the tooltip code arrives,
 * then React hydrates it with the tooltips in place (a Suspense boundary, as React 18 hydrates
 * one): a button the visitor has focused keeps her focus, and React passes the focus on to the
 * tooltip. Put nothing inside that must respond before the visitor approaches a button.
 *
 * Rendered in the browser instead (after a client-side visit, or when the address changes before
 * the part has hydrated, as the skip link's #content does), the content shows plain buttons until
 * the code has loaded, and is built once more with the tooltips then; restoreTriggerFocus keeps
 * the visitor's focus on her button across both.
 */
export function SiteTooltipProvider({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <>
          {children}
          <KeepTriggerFocus />
        </>
      }
    >
      <NoteTooltips>{children}</NoteTooltips>
    </Suspense>
  )
}
