import { css } from "@emotion/react"
import { headerWithoutScript as headerWithoutScriptRules } from "../theme/headerWithoutScript"
import { buttonStyles, card, container, problemNote, smallPrint } from "../theme/styles"
import { colors, fonts, fontSizes, sizes, space } from "../theme/tokens"

/** What the endpoints' pages show under their heading (src/components/ui/PageHeader.ts). */

/** The text under the heading: the site's column, lines of a comfortable length. */
export const content = css`
  ${container};
  > * {
    max-width: ${sizes.measure};
  }
  code {
    font-family: ${fonts.mono};
    font-size: 0.9em;
  }
`

/** The way on, as the site's primary button: the page's one link of its own is a plain <a>. */
export const onward = css`
  ${content};
  a {
    ${buttonStyles("primary")};
  }
`

/** What went wrong, as the sign-up form marks a problem, on white. */
export const problemOnWhite = [
  problemNote,
  css`
    background: ${colors.white};
  `,
]

/** The form's card, as on the contact page, alone on the page here: no wider than the form. */
export const formCard = [
  card,
  css`
    max-width: 36rem;
    h2 {
      font-size: ${fontSizes.h3};
    }
  `,
]

export const privacyNote = [
  smallPrint,
  css`
    margin: ${space.sm} 0 0;
  `,
]

/** The site's header on a page that runs no script (src/theme/headerWithoutScript.ts). */
export const headerWithoutScript = css`
  ${headerWithoutScriptRules}
`
