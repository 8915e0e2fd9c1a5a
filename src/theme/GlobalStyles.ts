import { Global, css, jsx } from "@emotion/react"
import { colors, fonts, fontSizes, lineHeights, mq, sizes, space } from "./tokens"

// The @font-face rules are not here: gatsby-ssr writes them into the static <head> (see fonts.ts).
const globalStyles = css`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  html {
    -webkit-text-size-adjust: 100%;
    /* What she tabs to, or a link takes her to, is scrolled clear of the header while the header
       stays on screen: its height is measured by the header (--site-header-height, one row until
       the page's script runs). */
    scroll-padding-top: ${space.sm};
    ${mq.stickyHeader} {
      scroll-padding-top: calc(var(--site-header-height, ${sizes.navHeight}) + ${space.sm});
    }
    /* Room for the scrollbar from the first paint: one that appears when the rest of a long page
       arrives would narrow the page and move everything centred on it (CLS 0.005 in Lighthouse). */
    scrollbar-gutter: stable;
  }
  body {
    margin: 0;
    background: ${colors.ivory};
    color: ${colors.ink};
    font-family: ${fonts.body};
    font-size: ${fontSizes.body};
    line-height: ${lineHeights.body};
    text-rendering: optimizeLegibility;
    -webkit-font-smoothing: antialiased;
    /* The staff write the words: a word longer than its line (a web address, a compound, a large
       text setting) breaks rather than push the page sideways or be cut off by its box. "anywhere"
       rather than "break-word": a flex or grid item may then be narrower than its longest word. */
    overflow-wrap: anywhere;
  }
  h1,
  h2,
  h3 {
    font-family: ${fonts.display};
    font-weight: 600;
    line-height: ${lineHeights.tight};
    margin: 0 0 0.5em;
    text-wrap: balance;
  }
  /* A word too long for her line (a large text on a phone) is hyphenated where the language
     allows (the page is lang="en") before it is broken anywhere. */
  h1,
  h2,
  h3,
  button {
    hyphens: auto;
  }
  h1 {
    font-size: ${fontSizes.h1};
  }
  h2 {
    font-size: ${fontSizes.h2};
  }
  h3 {
    font-size: ${fontSizes.h3};
  }
  p {
    margin: 0 0 1em;
    text-wrap: pretty;
  }
  a {
    color: ${colors.accent};
    text-decoration-thickness: 1px;
    text-underline-offset: 0.2em;
  }
  a:hover {
    color: ${colors.accentDeep};
    text-decoration-thickness: 2px;
  }
  :focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 3px;
  }
  img {
    max-width: 100%;
  }
  ::selection {
    background: ${colors.blush};
  }
  /* On paper: the page's words, without what only a screen can use (the menu, the sign-up form, the
     footer's links) and in ink on white, as printers leave the backgrounds out: the footer's light
     words on its dark band would print light on white. By the parts' data attributes and elements,
     as the styles for a page without script are (headerWithoutScript.ts). */
  ${mq.print} {
    html {
      scroll-padding-top: 0;
    }
    body {
      background: none;
    }
    html [data-site-header] {
      position: static;
      border: 0;
    }
    [data-site-header] [data-menu-button],
    [data-site-header] nav,
    main form,
    main :has(> form),
    footer nav {
      display: none !important;
    }
    footer,
    footer a,
    footer h2 {
      background: none !important;
      color: ${colors.ink} !important;
    }
  }
  ${mq.reducedMotion} {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`

export function GlobalStyles() {
  return jsx(Global, { styles: globalStyles })
}
