import type { GatsbyBrowser } from "gatsby"
import { markHydrated } from "./src/utils/hydration"

export { wrapPageElement } from "./src/wrappers"

/** The page has hydrated and responds to input (the menu, the forms). */
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  markHydrated()
}
