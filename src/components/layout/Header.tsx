import { Link } from "gatsby"
import { useSiteSettings } from "../../hooks/useSiteSettings"
import { SiteHeader } from "./SiteHeader"

interface HeaderProps {
  currentPath: string
}

/** The site's header on its pages: the settings from Gatsby's data, links by Gatsby's `Link`. */
export function Header({ currentPath }: HeaderProps) {
  return <SiteHeader settings={useSiteSettings()} currentPath={currentPath} link={Link} />
}
