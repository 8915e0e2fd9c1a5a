// The browser's first render adopts the server's HTML (hydration); every later render, after a
// client-side navigation, builds its DOM. Gatsby tells us when the first one has committed.
let firstRenderDone = false

/** True in the browser until the server HTML has been hydrated; false on the server. */
export const isFirstRender = (): boolean => typeof document !== "undefined" && !firstRenderDone

/** Called from gatsby-browser's onInitialClientRender. */
export const endFirstRender = (): void => {
  firstRenderDone = true
}
