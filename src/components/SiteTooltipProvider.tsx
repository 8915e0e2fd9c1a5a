import { createContext, lazy, Suspense, type ReactNode } from "react"
import { whenApproached } from "../utils/whenApproached"
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
 * the code has loaded, and is built once more with the tooltips then; NoteTooltips keeps the
 * visitor's focus on her button across that.
 */
export function SiteTooltipProvider({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={children}>
      <NoteTooltips>{children}</NoteTooltips>
    </Suspense>
  )
}
