import { useEffect, useState } from "react"

// The browser's first render adopts the server's HTML (hydration); every later render, after a
// client-side navigation, builds its DOM. Gatsby tells us when the first one has committed
// (gatsby-browser's onInitialClientRender calls markHydrated).
let hydrated = false

/** True in the browser while the page's server HTML is being hydrated; false on the server. */
export const isHydrating = (): boolean => typeof document !== "undefined" && !hydrated

/**
 * The page has hydrated and responds to input. The document is marked too
 * (`<html data-hydrated>`): the browser tests and the audit wait for it.
 */
export function markHydrated(): void {
  hydrated = true
  document.documentElement.dataset.hydrated = "true"
}

/** False in the static HTML and until this component has been taken over in the browser. */
export function useHydrated(): boolean {
  const [isHydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return isHydrated
}
