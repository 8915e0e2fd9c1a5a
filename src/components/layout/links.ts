import type {} from "@emotion/react/types/css-prop"
import { jsx } from "@emotion/react"
import type { AnchorHTMLAttributes, ComponentType, MouseEventHandler, ReactNode } from "react"

/*
 * The parts of the site that the endpoints' pages render too (src/endpointPages/): this file,
 * ./SiteNavigation.ts, ./SiteHeader.ts, ./SiteFooter.ts, ./SkipLink.ts, ./PageHeader.ts,
 * ./SignupFormView.ts and ../theme/GlobalStyles.ts. They are written without JSX, with emotion's
 * `jsx` (React's createElement, plus the `css` prop, typed by the import above), and import
 * nothing of Gatsby's: one of the endpoints' hosts is a Gatsby Function, and Gatsby compiles
 * Functions with TypeScript's preset only, from .ts and .js files (no .tsx, no JSX), a setting no
 * gatsby-node API reaches. The site's pages use them through thin wrappers that add Gatsby
 * (./Header.tsx, ./Footer.tsx, ./SignupForm.tsx).
 */

/** What the site's components give a link: Gatsby's `Link` takes the same. */
export interface LinkProps {
  to: string
  className?: string
  "aria-current"?: AnchorHTMLAttributes<HTMLAnchorElement>["aria-current"]
  onClick?: MouseEventHandler<HTMLAnchorElement>
  children?: ReactNode
}

/**
 * How a component links to a page of the site. The pages pass Gatsby's `Link` (it fetches the
 * next page in the background); the endpoints' pages, rendered without Gatsby, a plain anchor.
 */
export type LinkComponent = ComponentType<LinkProps>

/** A link as plain HTML: the endpoints' pages, and the default of the components below. */
export function PlainLink({ to, children, ...rest }: LinkProps) {
  return jsx("a", { href: to, ...rest }, children)
}
