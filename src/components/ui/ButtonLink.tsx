import { Link } from "gatsby"
import type { ReactNode } from "react"
import { buttonStyles, type ButtonVariant } from "../../theme/styles"

interface ButtonLinkProps {
  to: string
  children: ReactNode
  variant?: ButtonVariant
}

/** A link that looks like a button, for calls to action that lead to another page. */
export function ButtonLink({ to, children, variant = "primary" }: ButtonLinkProps) {
  return (
    <Link to={to} css={buttonStyles(variant)}>
      {children}
    </Link>
  )
}
