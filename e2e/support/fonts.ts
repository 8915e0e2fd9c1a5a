import type { Locator, Page } from "@playwright/test"
import { fonts } from "../../src/theme/tokens"

/** The first family of a font stack: the site's own face ("Cormorant Garamond"). */
const webFace = (stack: string) => stack.split(",")[0]!.replaceAll('"', "").trim()

/** The site's two faces, as their stacks in the theme name them. */
export const siteFaces = { display: webFace(fonts.display), body: webFace(fonts.body) }

/**
 * The faces Chromium drew the first element matching `selector` in, asked of the browser itself
 * (DevTools' CSS.getPlatformFontsForNode): a web font by its own name, such as "Cormorant Garamond
 * Light SemiBold"; a face of the system (a fallback) as "local …". With `inFrame`, the element is
 * looked for in the document of the first (same-origin) frame matching it.
 */
export async function facesDrawn(
  page: Page,
  selector: string,
  inFrame?: string,
): Promise<string[]> {
  const session = await page.context().newCDPSession(page)
  await session.send("DOM.enable")
  await session.send("CSS.enable")
  const { root } = await session.send("DOM.getDocument", { depth: -1, pierce: true })
  let document = root
  if (inFrame) {
    const { nodeId: frameId } = await session.send("DOM.querySelector", {
      nodeId: root.nodeId,
      selector: inFrame,
    })
    const find = (node: typeof root): typeof root | undefined =>
      node.nodeId === frameId ? node : node.children?.map(find).find(Boolean)
    const frameDocument = find(root)?.contentDocument
    if (!frameDocument) throw new Error(`no document in a frame matching ${inFrame}`)
    document = frameDocument
  }
  const { nodeId } = await session.send("DOM.querySelector", { nodeId: document.nodeId, selector })
  const { fonts: drawn } = await session.send("CSS.getPlatformFontsForNode", { nodeId })
  await session.detach()
  return drawn.map((font) => (font.isCustomFont ? font.familyName : `local ${font.familyName}`))
}

/**
 * The rendered width of an element's text, on one line, in the face it is drawn in now, and in
 * the site's face `family` itself (loaded in the element's document under another name, from the
 * file that document's @font-face rule for `family` names): equal when the element is drawn in
 * that face, and not in its metric-matched fallback.
 */
async function widthsOf(element: Locator, family: string) {
  return element.evaluate(async (element: HTMLElement, family) => {
    const document = element.ownerDocument
    const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
    const face = rules.find(
      (rule): rule is CSSFontFaceRule =>
        rule instanceof (document.defaultView as typeof window).CSSFontFaceRule &&
        rule.style.getPropertyValue("font-family").replaceAll('"', "") === family,
    )
    const url = /url\("?([^")]+)"?\)/.exec(face?.style.getPropertyValue("src") ?? "")?.[1]
    if (!url) throw new Error(`no @font-face rule for ${family} in the document`)
    const probe = new FontFace("Probe face", `url(${new URL(url, document.baseURI).href})`, {
      weight: face!.style.getPropertyValue("font-weight"),
    })
    document.fonts.add(await probe.load())
    const saved = element.getAttribute("style")
    // At 200 px a face and its metric-matched fallback differ by several pixels even on a short
    // word, where at the page's size they can come within a pixel.
    element.style.fontSize = "200px"
    element.style.whiteSpace = "nowrap"
    element.style.width = "max-content"
    element.style.display = "inline-block"
    const drawn = element.getBoundingClientRect().width
    element.style.fontFamily = '"Probe face"'
    const inFace = element.getBoundingClientRect().width
    if (saved === null) element.removeAttribute("style")
    else element.setAttribute("style", saved)
    document.fonts.delete(probe)
    return { drawn, inFace }
  }, family)
}

/** How far an element's text is from its width in `family`: under half a pixel when drawn in it. */
export async function offFace(element: Locator, family: string): Promise<number> {
  const { drawn, inFace } = await widthsOf(element, family)
  return Math.abs(drawn - inFace)
}
