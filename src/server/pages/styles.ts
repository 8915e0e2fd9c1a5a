import { css } from "@emotion/react"
import { buttonStyles, card, container, problemNote, smallPrint } from "../../theme/styles"
import { breakpoints, colors, fonts, fontSizes, sizes, space } from "../../theme/tokens"

/** What the endpoints' pages show under their heading (src/components/PageHeader.ts). */

/** The text under the heading: the site's column, lines of a comfortable length. */
export const content = css`
  ${container};
  > * {
    max-width: ${sizes.measure};
  }
  code {
    font-family: ${fonts.mono};
    font-size: 0.9em;
    overflow-wrap: anywhere;
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

/**
 * The site's header on a page that runs no script: below the desktop width its menu button
 * could open nothing, so, as on the site's pages with JavaScript off (gatsby-ssr.tsx), the
 * button is hidden and the links are shown, here under the boutique's name, wrapping as they
 * need. From the desktop width on the header is the site's own. By the header's data attributes,
 * and more specific than its classes, so the site's header needs nothing for these pages.
 */
export const headerWithoutScript = css`
  @media (max-width: ${breakpoints.lg - 0.02}px) {
    [data-site-header] > div {
      flex-wrap: wrap;
      padding-block: ${space.xs};
    }
    [data-site-header] [data-menu-button] {
      display: none;
    }
    [data-site-header] [data-menu] {
      display: block;
      position: static;
      width: 100%;
      background: none;
    }
    [data-site-header] [data-menu] ul {
      flex-flow: row wrap;
      column-gap: ${space.xs};
      padding: 0;
    }
    [data-site-header] [data-menu] a {
      min-height: ${sizes.tapTarget};
      padding: 0 0.5rem;
      border-bottom: 0;
      font-size: ${fontSizes.small};
      text-decoration: underline;
      text-decoration-thickness: 1px;
      text-underline-offset: 0.2em;
    }
  }
`
