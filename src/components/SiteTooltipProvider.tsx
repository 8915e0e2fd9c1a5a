import { TooltipProvider } from "@radix-ui/react-tooltip"
import type { ReactNode } from "react"

// The spec's tooltip timing, decided once for every tooltip on the site.
export const TOOLTIP_OPEN_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300

/**
 * The site's one tooltip provider. A page that shows tooltips wraps itself in it, so Radix's
 * positioning code is in that page's bundle and never weighs on the pages that have none.
 */
export function SiteTooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipProvider
      delayDuration={TOOLTIP_OPEN_DELAY_MS}
      skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}
    >
      {children}
    </TooltipProvider>
  )
}
