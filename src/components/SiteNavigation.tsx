import { Link } from "gatsby"
import { isCurrentPath } from "../utils/paths"

interface NavigationLink {
  readonly label: string
  readonly path: string
}

interface SiteNavigationProps {
  links: readonly NavigationLink[]
  currentPath: string
  className?: string
  onNavigate?: () => void
}

/** The site's links; the current page's link is marked for sight (styles) and for assistive tech. */
export function SiteNavigation({ links, currentPath, className, onNavigate }: SiteNavigationProps) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.path}>
          <Link
            to={link.path}
            aria-current={isCurrentPath(link.path, currentPath) ? "page" : undefined}
            onClick={onNavigate}
          >
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  )
}
