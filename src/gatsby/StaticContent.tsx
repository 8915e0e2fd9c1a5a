import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react"
import { isHydrating } from "../utils/hydration"

interface StaticContentProps {
  /** Unique on the page: how the browser finds this block's server HTML. */
  id: string
  children: ReactNode
}

/** Elements that respond to a visitor by themselves. */
const interactiveElements =
  "button, input, select, textarea, form, details, [contenteditable], [tabindex]:not([tabindex='-1'])"

/**
 * The first element in `block` a visitor could operate: an interactive element, or one with a
 * React event handler (React keeps an element's props on it under `__reactProps$…`, in
 * development and production alike). Null when there is none. Links are fine: see below.
 */
function findInteractive(block: Element): Element | null {
  const interactive = block.querySelector(interactiveElements)
  if (interactive) return interactive
  for (const element of block.querySelectorAll("*")) {
    const propsKey = Object.keys(element).find((key) => key.startsWith("__reactProps$"))
    const props: unknown = propsKey ? Reflect.get(element, propsKey) : undefined
    if (typeof props !== "object" || props === null) continue
    const handler = Object.entries(props).find(
      ([name, value]) => /^on[A-Z]/.test(name) && typeof value === "function",
    )
    // A link with an address works either way: gatsby-plugin-catch-links routes it (see below).
    // Asked by selector, not `instanceof HTMLAnchorElement`: in the CMS's preview the element
    // belongs to the preview frame's window, whose classes are not this window's.
    if (handler && !element.matches("a[href]")) return element
  }
  return null
}

/**
 * A block of a page with nothing to do in the browser: no state, no event handlers. When the page
 * first loads, its server HTML is kept as it is instead of being rendered again to hydrate it,
 * which spares a phone the page's share of the hydration. After a client-side navigation (no
 * server HTML to keep) it renders its children as usual. Its links stay plain anchors on the first
 * load; gatsby-plugin-catch-links sends their clicks through Gatsby's router, as a Link would.
 *
 * Anything interactive inside would work after a client-side visit but do nothing on a page loaded
 * directly, so outside production the block checks its content as it mounts and fails loudly
 * (the error screen names the element) when it finds a button, a field or an event handler.
 */
export function StaticContent({ id, children }: StaticContentProps) {
  // Read once, on mount: a later render must not swap between the two forms.
  const [serverHtml] = useState(() =>
    isHydrating() ? document.getElementById(id)?.innerHTML : undefined,
  )
  const block = useRef<HTMLDivElement>(null)
  useInteractiveCheck(id, block, children)
  return serverHtml === undefined ? (
    <div id={id} ref={block}>
      {children}
    </div>
  ) : (
    <div id={id} ref={block} dangerouslySetInnerHTML={{ __html: serverHtml }} />
  )
}

/** Fails the render when the block holds something interactive; outside production only. */
function useCheckOutsideProduction(
  id: string,
  block: RefObject<HTMLDivElement>,
  children: ReactNode,
): void {
  const [misplaced, setMisplaced] = useState<Element | null>(null)
  useEffect(() => {
    if (block.current) setMisplaced(findInteractive(block.current))
  }, [block, children])
  if (misplaced) {
    throw new Error(
      `StaticContent "${id}" holds an interactive element (${misplaced.outerHTML.slice(0, 80)}…), which does nothing when the page is loaded directly: move it out of the static block.`,
    )
  }
}

// The same in every render of a build, so the rules of hooks hold; the production bundle has
// none of the check's code.
const useInteractiveCheck =
  process.env.NODE_ENV === "production" ? () => {} : useCheckOutsideProduction
