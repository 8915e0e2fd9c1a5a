import type { GatsbyBrowser } from "gatsby"
import { startTransition } from "react"
import { createRoot, hydrateRoot } from "react-dom/client"
import { watchForFirstInteraction } from "./src/utils/firstInteraction"

export { wrapPageElement } from "./src/wrappers"

export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => watchForFirstInteraction()

/**
 * Hydrates the server's HTML in a transition, as Remix does: React then hands the main thread back
 * to the browser every few milliseconds instead of holding it for the whole page, which a slow
 * phone feels as a frozen screen (Lighthouse's Total Blocking Time).
 */
export const replaceHydrateFunction: GatsbyBrowser["replaceHydrateFunction"] =
  () => (element, container) => {
    // `gatsby develop` serves an empty shell (and mounts its loading indicator through this too).
    if (!container.hasChildNodes()) {
      const root = createRoot(container)
      root.render(element)
      return () => root.unmount()
    }
    startTransition(() => {
      hydrateRoot(container, element)
    })
  }
