import { css, jsx, type SerializedStyles } from "@emotion/react"
import type { ReactNode } from "react"

/**
 * The boutique's address as a link that opens her e-mail app, in the footer and in the pages'
 * words (data/site.json's `contactEmail`). A box of its own: where it fits on a line it goes to
 * the next one whole; only an address longer than a line breaks, where `addressBreaks` allows.
 * `style`: the place's own look (the footer's tap target). Written with jsx(): the footer is drawn
 * in the endpoints' pages too, which have no JSX.
 */
export function EmailLink({ address, style }: { address: string; style?: SerializedStyles }) {
  // The address in a box of its own inside the link: a link made a flex box (the footer's) would
  // make each part between the break points an item of a row that never wraps.
  return jsx(
    "a",
    { href: `mailto:${address}`, css: [whole, style] },
    jsx("span", null, addressBreaks(address)),
  )
}

const whole = css`
  display: inline-block;
  max-width: 100%;
`

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
