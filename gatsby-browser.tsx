import type { GatsbyBrowser } from "gatsby"
import { watchForFirstInteraction } from "./src/utils/firstInteraction"

export { wrapPageElement } from "./src/wrappers"

export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => watchForFirstInteraction()
