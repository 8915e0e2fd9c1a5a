import { createContext, lazy, Suspense, type ReactNode } from "react"
import { afterFirstInteraction } from "../utils/firstInteraction"
import type { NoteTooltip } from "./NoteTooltip"

/**
 * How a component reaches the tooltip once its code has loaded (ComingSoonButton): null until
 * then, and on pages without SiteTooltipProvider.
 */
export const NoteTooltipContext = createContext<typeof NoteTooltip | null>(null)

// Radix's tooltip code (its positioning engine among it) is a chunk of its own, fetched when the
// visitor first acts on the page: a visitor who only reads never downloads it. The server renders
// the page with it, so the HTML is complete.
const NoteTooltips = lazy(() =>
  (typeof window === "undefined" ? Promise.resolve() : afterFirstInteraction()).then(
    () => import("./NoteTooltip"),
  ),
)

/**
 * Wraps a page whose buttons explain themselves in tooltips (ComingSoonButton). As the page first
 * loads, its content waits as the server's HTML until the tooltip code arrives, then React
 * hydrates it with the tooltips in place (a Suspense boundary, as React 18 hydrates one): the
 * button a visitor has focused meanwhile keeps her focus, and React hands the focus to the
 * tooltip. Rendered after a client-side visit, the page shows plain buttons until the code has
 * loaded. Put nothing inside that must respond before the visitor's first move.
 */
export function SiteTooltipProvider({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={children}>
      <NoteTooltips>{children}</NoteTooltips>
    </Suspense>
  )
}
