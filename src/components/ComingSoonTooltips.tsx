import { css } from "@emotion/react"
import * as Tooltip from "@radix-ui/react-tooltip"
import type { ReactElement, ReactNode } from "react"
import { colors, fontSizes, radii, shadows } from "../theme/tokens"
import { ComingSoonTooltipContext } from "./ComingSoonButton"
import { SiteTooltipProvider } from "./SiteTooltipProvider"

const bubble = css`
  max-width: min(20rem, calc(100vw - 2rem));
  padding: 0.75rem 1rem;
  border-radius: ${radii.sm};
  background: ${colors.ink};
  color: ${colors.white};
  font-size: ${fontSizes.small};
  line-height: 1.45;
  box-shadow: ${shadows.card};
  z-index: 30;
`

function ComingSoonTooltip({ note, children }: { note: string; children: ReactElement }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        {/* Screen readers already hear the note through the button's aria-describedby. */}
        <Tooltip.Content css={bubble} side="top" sideOffset={8} aria-hidden="true">
          {note}
          <Tooltip.Arrow fill={colors.ink} />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  )
}

/**
 * Gives every ComingSoonButton inside its tooltip, under the site's tooltip provider. Radix's
 * tooltip and positioning code (about 15 KB gzipped) is in this file alone, so a page can load it
 * lazily.
 */
export default function ComingSoonTooltips({ children }: { children: ReactNode }) {
  return (
    <SiteTooltipProvider>
      <ComingSoonTooltipContext.Provider value={ComingSoonTooltip}>
        {children}
      </ComingSoonTooltipContext.Provider>
    </SiteTooltipProvider>
  )
}
