import type { GatsbySSR } from "gatsby"
import { fontFaces, preloadFontUrls } from "./src/theme/fonts"
import { fontPreload } from "./src/theme/fontFaces"
import { headerWithoutScript } from "./src/theme/headerWithoutScript"

export { wrapPageElement } from "./src/wrappers"
// A bend of Gatsby's rendering (src/gatsby/, listed in docs/architecture.md).
export { replaceRenderer } from "./src/gatsby/criticalCss"

export const onRenderBody: GatsbySSR["onRenderBody"] = ({
  setHtmlAttributes,
  setHeadComponents,
}) => {
  setHtmlAttributes({ lang: "en" })
  setHeadComponents([
    // In the static head, not in emotion's global styles: those are written again as the page
    // hydrates, and @font-face rules written again make the browser load and swap the fonts again.
    <style key="font-faces" dangerouslySetInnerHTML={{ __html: fontFaces }} />,
    ...preloadFontUrls.map((href) => <link key={href} {...fontPreload(href)} />),
    // With JavaScript off the menu button cannot open anything: the links are shown instead.
    <noscript key="no-js-styles">
      <style dangerouslySetInnerHTML={{ __html: headerWithoutScript }} />
    </noscript>,
  ])
}
