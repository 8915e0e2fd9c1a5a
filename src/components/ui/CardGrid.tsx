import { css } from "@emotion/react"
import { Children, type ReactNode } from "react"
import { mq, space } from "../../theme/tokens"

interface CardGridProps {
  children: ReactNode
  /**
   * Cards per row on a wide screen; tablets show two, phones one. Four to a row wait for a
   * screen of 1200 px (`mq.xl`): at 1024 each card was 210 px, its title in three lines and its
   * button's label in two; up to then the cards stay two to a row.
   */
  columns: 2 | 3 | 4
  /** Keeps a short row of cards from stretching into posters. */
  maxCardWidth?: string
}

const GAP = space.md

/**
 * Places the cards of a row that is not full so that the row is centred: in a grid of half
 * columns, where each card spans two, the short row's first card starts one half in for each card
 * the row is missing.
 */
function centreLastRow(count: number, perRow: number) {
  const inLastRow = count % perRow
  // First undoes what a narrower screen's rule placed (same specificity, later in the sheet).
  return css`
    > li:nth-of-type(n) {
      grid-column: span 2;
    }
    ${
      inLastRow > 0 &&
      `> li:nth-of-type(${count - inLastRow + 1}) {
      grid-column: ${perRow - inLastRow + 1} / span 2;
    }`
    }
  `
}

/**
 * A list of cards that reflows from one column on a phone to `columns` on a wide screen. A last
 * row that is not full is centred, so five categories read as three and two, not four and one.
 *
 * The columns are fixed by the grid, not by how many cards there are: a browser that paints the
 * page before all of it has arrived puts each card where it will stay. (A centred flex row moved
 * the first cards aside as the next ones came in.)
 */
export function CardGrid({ children, columns, maxCardWidth }: CardGridProps) {
  const count = Children.count(children)
  // A half column: two of them and the gap between make a card, at most maxCardWidth wide.
  const half = maxCardWidth ? `minmax(0, calc((${maxCardWidth} - ${GAP}) / 2))` : "minmax(0, 1fr)"
  const tablet = Math.min(columns, 2)
  const wide = columns === 4 ? mq.xl : mq.lg
  return (
    <ul
      css={css`
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        grid-template-columns: repeat(2, ${half});
        justify-content: center;
        gap: ${space.lg} ${GAP};
        > li {
          grid-column: span 2;
        }
        ${mq.md} {
          grid-template-columns: repeat(${2 * tablet}, ${half});
          ${centreLastRow(count, tablet)}
        }
        ${wide} {
          grid-template-columns: repeat(${2 * columns}, ${half});
          ${centreLastRow(count, columns)}
        }
      `}
    >
      {Children.map(children, (child) => (
        <li>{child}</li>
      ))}
    </ul>
  )
}
