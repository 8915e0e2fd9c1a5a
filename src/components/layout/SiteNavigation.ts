import { jsx } from "@emotion/react"
import { isCurrentPath } from "../../utils/paths"
import { PlainLink, type LinkComponent } from "./links"

export interface NavigationLink {
  readonly label: string
  readonly path: string
}

interface SiteNavigationProps {
  links: readonly NavigationLink[]
  currentPath: string
  className?: string
  onNavigate?: () => void
  /** Gatsby's `Link` on the site's pages; a plain anchor by default. */
  link?: LinkComponent
}

/** The site's links; the current page's link is marked for sight (styles) and for assistive tech. */
export function SiteNavigation({
  links,
  currentPath,
  className,
  onNavigate,
  link = PlainLink,
}: SiteNavigationProps) {
  return jsx(
    "ul",
    { className },
    links.map(({ label, path }) =>
      jsx(
        "li",
        { key: path },
        jsx(
          link,
          {
            to: path,
            "aria-current": isCurrentPath(path, currentPath) ? "page" : undefined,
            onClick: onNavigate,
          },
          label,
        ),
      ),
    ),
  )
}
