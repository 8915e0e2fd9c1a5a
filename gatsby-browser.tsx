import type { GatsbyBrowser } from "gatsby"
import { endFirstRender } from "./src/utils/firstRender"

export { wrapPageElement } from "./src/wrappers"

/**
 * Marks the page once it has hydrated and responds to input (the menu, the forms). The browser
 * tests and the audit wait for it; it is the same signal whichever renderer runs (Preact in the
 * production bundle, React in `gatsby develop`).
 */
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  endFirstRender()
  document.documentElement.dataset.hydrated = "true"
}
