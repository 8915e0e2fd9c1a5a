import { useRef, type FocusEvent } from "react"

/**
 * Where the keyboard's focus came from before it entered a corner card, to give it back when the
 * card's Hide takes the card away (else the focus falls to the page's start). `rememberOrigin` is
 * the card's onFocus; `returnFocus` puts the focus back there, or on the element of `fallbackId`
 * where that is gone.
 */
export function useFocusReturn() {
  const cameFrom = useRef<HTMLElement | null>(null)
  const rememberOrigin = (event: FocusEvent<HTMLElement>) => {
    const from = event.relatedTarget
    if (from instanceof HTMLElement && !event.currentTarget.contains(from)) cameFrom.current = from
  }
  const returnFocus = (fallbackId?: string) => {
    const back = cameFrom.current?.isConnected
      ? cameFrom.current
      : document.getElementById(fallbackId ?? "")
    back?.focus()
  }
  return { rememberOrigin, returnFocus }
}
