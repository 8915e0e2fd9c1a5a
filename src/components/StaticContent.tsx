import { useState, type ReactNode } from "react"
import { isFirstRender } from "../utils/firstRender"

interface StaticContentProps {
  /** Unique on the page: how the browser finds this block's server HTML. */
  id: string
  children: ReactNode
}

/**
 * A block of a page with nothing to do in the browser: no state, no event handlers. When the page
 * first loads, its server HTML is kept as it is instead of being rendered again to hydrate it,
 * which spares a phone the page's share of the hydration. After a client-side navigation (no
 * server HTML to keep) it renders its children as usual. Its links stay plain anchors on the first
 * load; gatsby-plugin-catch-links sends their clicks through Gatsby's router, as a Link would.
 * Anything interactive belongs outside it: inside, it would only work after a client-side visit.
 */
export function StaticContent({ id, children }: StaticContentProps) {
  // Read once, on mount: a later render must not swap between the two forms.
  const [serverHtml] = useState(() =>
    isFirstRender() ? document.getElementById(id)?.innerHTML : undefined,
  )
  return serverHtml === undefined ? (
    <div id={id}>{children}</div>
  ) : (
    <div id={id} dangerouslySetInnerHTML={{ __html: serverHtml }} />
  )
}
