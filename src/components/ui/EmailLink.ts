import { jsx, type SerializedStyles } from "@emotion/react"
import type { ReactNode } from "react"

/**
 * The boutique's address as a link that opens her e-mail app (data/site.json's `contactEmail`),
 * in the footer and in the pages' words. `breakable` (the footer, a column of its own): the
 * address in a box of its own, which goes to the next line whole and breaks only after its "@"
 * or before a "." where a line cannot hold it. Not in running text: a box there is read out with
 * a space after it ("…@evergrace.example ."), and its break points were taken at a line's end
 * where the whole address would have gone to the next line. `style`: the place's own look (the
 * footer's tap target). Written with jsx(): the footer is drawn in the endpoints' pages too,
 * which have no JSX.
 */
export function EmailLink({
  address,
  style,
  breakable = false,
}: {
  address: string
  style?: SerializedStyles
  breakable?: boolean
}) {
  // The footer's link is a flex box: the address in one item of it, which wraps within itself.
  const text = breakable ? jsx("span", null, addressBreaks(address)) : address
  return jsx("a", { href: `mailto:${address}`, css: style }, text)
}

/**
 * An e-mail address with the places a line may break marked (`<wbr>`): after its "@" and before
 * each ".", where a reader expects an address to go on. Without them a line too short for the
 * whole address (a phone at 200 % zoom) broke it inside a word: "hello@evergrace.ex / ample". A
 * part still longer than its line breaks anywhere, as every text on the site may, rather than run
 * past the screen.
 */
function addressBreaks(address: string): ReactNode[] {
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
