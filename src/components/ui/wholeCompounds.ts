import { css, jsx } from "@emotion/react"
import type { ReactNode } from "react"

const oneLine = css`
  white-space: nowrap;
`

/** A word whose first part is one letter and a hyphen: e-mail, T-shirt. */
const shortCompound = /\b\p{L}-\p{L}+/gu

/**
 * A text from data/ with each word such as "e-mail" kept on one line. The browser may break a
 * line after any hyphen, and "e-" alone at a line's end reads as a slip: on the privacy page,
 * where "e-mail" comes 12 times, it happened at every width from 320 to 1280 px. The word
 * still shows its hyphen, and one of one letter and a few more never overflows a line.
 */
export function wholeCompounds(text: string): ReactNode {
  const words = [...text.matchAll(shortCompound)]
  if (words.length === 0) return text
  const parts: ReactNode[] = []
  let from = 0
  for (const word of words) {
    parts.push(text.slice(from, word.index))
    parts.push(jsx("span", { key: word.index, css: oneLine }, word[0]))
    from = word.index + word[0].length
  }
  parts.push(text.slice(from))
  return parts
}
