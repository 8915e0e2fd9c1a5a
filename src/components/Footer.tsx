import { css } from "@emotion/react"
import { Link } from "gatsby"
import { useSiteSettings } from "../hooks/useSiteSettings"
import { container, logoLink } from "../theme/styles"
import { alpha, colors, fonts, fontSizes, mq, sizes, space } from "../theme/tokens"
import { isCurrentPath } from "../utils/paths"
import { SiteNavigation } from "./SiteNavigation"

const footer = css`
  margin-top: ${space.xxl};
  background: ${colors.ink};
  color: ${colors.linen};
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
  ${mq.md} {
    grid-template-columns: 1.4fr 1fr 1fr;
  }
`

const brand = css`
  ${logoLink};
  font-size: ${fontSizes.logoLarge};
  color: ${colors.ivory};
`

const heading = css`
  font-family: ${fonts.body};
  font-size: ${fontSizes.small};
  font-weight: 600;
  letter-spacing: 0.08em;
  text-transform: uppercase;
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
  overflow-wrap: anywhere;
`

const legal = css`
  ${container};
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

interface FooterProps {
  currentPath: string
}

export function Footer({ currentPath }: FooterProps) {
  const settings = useSiteSettings()
  const { privacyLink } = settings.footer
  return (
    <footer css={footer}>
      <div css={columns}>
        <div>
          <Link to="/" css={brand}>
            {settings.brandName}
          </Link>
          <p>{settings.tagline}</p>
        </div>
        <nav aria-labelledby="footer-navigation-heading">
          <h2 id="footer-navigation-heading" css={heading}>
            {settings.footer.navigationHeading}
          </h2>
          <SiteNavigation links={settings.navigation} currentPath={currentPath} css={navList} />
        </nav>
        <div>
          <h2 css={heading}>{settings.footer.contactHeading}</h2>
          <a href={`mailto:${settings.contactEmail}`} css={contactLink}>
            {settings.contactEmail}
          </a>
        </div>
      </div>
      <div css={legal}>
        <p>{settings.footer.copyright}</p>
        <Link
          to={privacyLink.path}
          aria-current={isCurrentPath(privacyLink.path, currentPath) ? "page" : undefined}
        >
          {privacyLink.label}
        </Link>
      </div>
    </footer>
  )
}
