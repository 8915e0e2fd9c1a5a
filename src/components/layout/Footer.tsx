import { Link } from "gatsby"
import { useSiteSettings } from "../../hooks/useSiteSettings"
import { SiteFooter } from "./SiteFooter"

interface FooterProps {
  currentPath: string
}

/** The site's footer on its pages: the settings from Gatsby's data, links by Gatsby's `Link`. */
export function Footer({ currentPath }: FooterProps) {
  return <SiteFooter settings={useSiteSettings()} currentPath={currentPath} link={Link} />
}
