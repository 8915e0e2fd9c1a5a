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
