import { fontSizes, fromWidth, sizes, space } from "./tokens"

/**
 * The site's header where no script runs (JavaScript off on the site's pages, as a <noscript>
 * style from gatsby-ssr.tsx; the endpoints' pages, which run none): below the desktop width the
 * menu button could open nothing, so it is hidden and the links are shown under the boutique's
 * name, small and wrapping, and the header scrolls away with the page instead of holding them
 * over it. From the desktop width on, the header is the site's own. By the header's data
 * attributes, more specific than its classes, so the header's own styles need nothing for it.
 */
export const headerWithoutScript = `
@media not all and ${fromWidth("lg")} {
  html [data-site-header] {
    position: static;
  }
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
