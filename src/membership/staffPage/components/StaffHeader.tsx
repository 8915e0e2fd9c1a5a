import { css } from "@emotion/react"
import type { MouseEvent } from "react"
import { cmsFolder } from "../../../shared/policy"
import type { StaffIdentity } from "../../membersApi"
import { pageTexts as texts } from "../staffPageTexts"
import { buttonStyles, capsLabel, headerBand, headerRow, logoLink } from "../../../theme/styles"
import { colors, fontSizes, sizes, space } from "../../../theme/tokens"

const editorPath = `/${cmsFolder}/`

const bar = css`
  ${headerRow};
  flex-wrap: wrap;
  gap: ${space.xs} ${space.md};
  padding-block: ${space.xs};
`

const brand = css`
  ${logoLink};
  /* With a larger text, "Staff" goes under the name rather than break it. */
  flex-wrap: wrap;
  gap: 0 ${space.sm};
  margin: 0;
  font-size: ${fontSizes.logo};
  letter-spacing: 0.04em;
  color: ${colors.ink};
`

/** "Staff" beside the name, so nobody mistakes the page for the public site. */
const tag = css`
  ${capsLabel};
  color: ${colors.inkSoft};
`

const tools = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space.xs} ${space.md};
  p {
    margin: 0;
    font-size: ${fontSizes.small};
    color: ${colors.inkSoft};
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${space.xs} ${space.md};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    display: inline-flex;
    align-items: center;
    min-height: ${sizes.tapTarget};
    font-size: ${fontSizes.small};
    font-weight: 600;
  }
`

const signOutButton = [
  ...buttonStyles("secondary"),
  css`
    padding-inline: 1.25rem;
  `,
]

/**
 * gatsby-plugin-catch-links would send this link through Gatsby's router, which has no page at
 * /admin/ (the CMS is an app of its own) and would show the 404 page: load it as a page instead.
 */
function openEditor(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  event.preventDefault()
  window.location.assign(editorPath)
}

interface StaffHeaderProps {
  brandName: string
  /** Who the page is signed in as, once the server has said. */
  identity: StaffIdentity | null
  /** Offered only when there is a sign-in to end. */
  onSignOut?: () => void
}

/** The top of the staff's page: the boutique's name, who is signed in, the way back, sign-out. */
export function StaffHeader({ brandName, identity, onSignOut }: StaffHeaderProps) {
  return (
    <header css={headerBand}>
      <div css={bar}>
        <p css={brand}>
          {brandName}
          <span css={tag}>{texts.staffLabel}</span>
        </p>
        <div css={tools}>
          {identity && (
            <p>
              {identity.local ? texts.identity.local : texts.identity.signedInAs(identity.login)}
            </p>
          )}
          <nav aria-label={texts.headerLabel}>
            <ul>
              <li>
                <a href={editorPath} onClick={openEditor}>
                  {texts.backToEditor}
                </a>
              </li>
              {onSignOut && (
                <li>
                  <button type="button" css={signOutButton} onClick={onSignOut}>
                    {texts.signOut}
                  </button>
                </li>
              )}
            </ul>
          </nav>
        </div>
      </div>
    </header>
  )
}
