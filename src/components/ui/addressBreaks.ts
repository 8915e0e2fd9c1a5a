import { jsx } from "@emotion/react"
import type { ReactNode } from "react"

/**
 * An e-mail address with the places a line may break marked (`<wbr>`): after its "@" and before
 * each ".", where a reader expects an address to go on. Without them a line too short for the
 * whole address (a phone at 200 % zoom) broke it inside a word: "hello@evergrace.ex / ample". A
 * part still longer than its line breaks anywhere, as every text on the site may, rather than run
 * past the screen.
 */
export function addressBreaks(address: string): ReactNode[] {
  // By hand, not split() with a lookbehind: a Safari before 16.4 cannot read one, and the page's
  // whole script would fail there.
  const parts = [""]
  for (const character of address) {
    if (character === ".") parts.push(character)
    else parts[parts.length - 1] += character
    if (character === "@") parts.push("")
  }
  return parts
    .filter(Boolean)
    .flatMap((part, index) => (index === 0 ? [part] : [jsx("wbr", { key: index }), part]))
}
