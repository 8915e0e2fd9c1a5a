import type { Locator } from "@playwright/test"

/**
 * The rendered width of an element's text, on one line, in the face it is drawn in now, and in
 * the site's face `family` itself (loaded in the element's document under another name, from the
 * file that document's @font-face rule for `family` names): equal when the element is drawn in
 * that face, and not in its metric-matched fallback.
 */
export async function widthsOf(element: Locator, family: string) {
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
