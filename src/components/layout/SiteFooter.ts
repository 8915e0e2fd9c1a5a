import { css, jsx } from "@emotion/react"
import { capsLabel, container, focusOnDark, logoLink } from "../../theme/styles"
import { alpha, colors, fontSizes, mq, sizes, space } from "../../theme/tokens"
import { isCurrentPath } from "../../utils/paths"
import { EmailLink } from "../ui/EmailLink"
import { PlainLink, type LinkComponent } from "./links"
import { SiteNavigation, type NavigationLink } from "./SiteNavigation"

const footer = css`
  margin-top: ${space.xxl};
  background: ${colors.ink};
  color: ${colors.linen};
  ${focusOnDark};
  a {
    color: ${colors.ivory};
  }
  a:hover {
    color: ${colors.white};
  }
`

const columns = css`
  ${container};
  display: grid;
  gap: ${space.lg};
  padding-block: ${space.xl};
  /* Three columns only where the third holds the address whole (from 64em, whatever her text
     size): sized by the columns alone, so nothing moves as the footer arrives. */
  ${mq.lg} {
    grid-template-columns: 1.4fr 1fr 1fr;
  }
`

const brand = css`
  ${logoLink};
  font-size: ${fontSizes.logoLarge};
  color: ${colors.ivory};
`

const heading = css`
  ${capsLabel};
  color: ${colors.blush};
  margin-bottom: ${space.sm};
`

/** The footer's links, in the menu and on the legal line: a tap target each, the current page bold. */
const footerLinks = css`
  a {
    display: inline-flex;
    align-items: center;
    min-height: ${sizes.tapTarget};
    min-width: ${sizes.tapTarget};
  }
  a[aria-current="page"] {
    font-weight: 600;
  }
`

const navList = css`
  list-style: none;
  margin: 0;
  padding: 0;
  ${footerLinks};
`

const contactLink = css`
  display: inline-flex;
  align-items: center;
  min-height: ${sizes.tapTarget};
`

/** The legal line, under a rule as wide as the footer's text column (not its gutters). */
const legalRow = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  column-gap: ${space.lg};
  padding-block: ${space.sm};
  border-top: 1px solid ${alpha(colors.ivory, 0.2)};
  font-size: ${fontSizes.small};
  p {
    margin: 0;
  }
  ${footerLinks};
`

/** What the footer shows from data/site.json. */
export interface FooterSettings {
  brandName: string
  tagline: string
  contactEmail: string
  navigation: readonly NavigationLink[]
  footer: {
    contactHeading: string
    navigationHeading: string
    copyright: string
    privacyLink: NavigationLink
  }
}

export interface SiteFooterProps {
  settings: FooterSettings
  currentPath: string
  /** Gatsby's `Link` on the site's pages; a plain anchor by default. */
  link?: LinkComponent
}

/**
 * The site's footer, from what it is given: ./Footer.tsx gives it the site's settings and
 * Gatsby's `Link`, the endpoints' pages (src/endpointPages/) the same settings from data/.
 */
export function SiteFooter({ settings, currentPath, link = PlainLink }: SiteFooterProps) {
  const { privacyLink } = settings.footer
  return jsx(
    "footer",
    { css: footer },
    jsx(
      "div",
      { css: columns },
      jsx(
        "div",
        null,
        // The boutique's name leads home but is not the home page's entry: only the menu's Home link
        // says "current page" (Gatsby's Link would mark both on the home page).
        jsx(link, { to: "/", css: brand, "aria-current": undefined }, settings.brandName),
        jsx("p", null, settings.tagline),
      ),
      jsx(
        "nav",
        { "aria-labelledby": "footer-navigation-heading" },
        jsx(
          "h2",
          { id: "footer-navigation-heading", css: heading },
          settings.footer.navigationHeading,
        ),
        jsx(SiteNavigation, {
          links: settings.navigation,
          currentPath,
          css: navList,
          link,
        }),
      ),
      jsx(
        "div",
        null,
        jsx("h2", { css: heading }, settings.footer.contactHeading),
        jsx(EmailLink, { address: settings.contactEmail, style: contactLink, breakable: true }),
      ),
    ),
    jsx(
      "div",
      { css: container },
      jsx(
        "div",
        { css: legalRow },
        jsx("p", null, settings.footer.copyright),
        jsx(
          link,
          {
            to: privacyLink.path,
            "aria-current": isCurrentPath(privacyLink.path, currentPath) ? "page" : undefined,
          },
          privacyLink.label,
        ),
      ),
    ),
  )
}
