import { css } from "@emotion/react"
import { Children, type ReactNode } from "react"
import { mq, space } from "../../theme/tokens"

interface CardGridProps {
  children: ReactNode
  /** Cards per row on a wide screen; tablets show two, phones one. */
  columns: 2 | 3 | 4
  /** Keeps a short row of cards from stretching into posters. */
  maxCardWidth?: string
}

const GAP = space.md

/** The share of the row one card takes when `count` cards fit across. */
const basis = (count: number) => `calc((100% - ${count - 1} * ${GAP}) / ${count})`

/**
 * A list of cards that reflows from one column on a phone to `columns` on a wide screen. A last
 * row that is not full is centred, so five categories read as three and two, not four and one.
 */
export function CardGrid({ children, columns, maxCardWidth = "none" }: CardGridProps) {
  return (
    <ul
      css={css`
        list-style: none;
        margin: 0;
        padding: 0;
        display: flex;
        flex-wrap: wrap;
        justify-content: center;
        gap: ${space.lg} ${GAP};
        > li {
          flex: 0 1 100%;
          max-width: ${maxCardWidth};
        }
        ${mq.md} {
          > li {
            flex-basis: ${basis(Math.min(columns, 2))};
          }
        }
        ${mq.lg} {
          > li {
            flex-basis: ${basis(columns)};
          }
        }
      `}
    >
      {Children.map(children, (child) => (
        <li>{child}</li>
      ))}
    </ul>
  )
}
