import { useEffect, useState } from "react"
import { membersPagePath } from "../shared/endpoints"
import { decapLook } from "./decapLook"
import { NotSavedNotice } from "./NotSavedNotice"
import { PublishingNews } from "./PublishingNews"

const corner = {
  position: "fixed",
  right: "16px",
  bottom: "16px",
  zIndex: 300,
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-end",
  gap: "8px",
} as const

const membersLink = {
  ...decapLook,
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: "0 18px",
  fontWeight: 600,
  textDecoration: "none",
} as const

const membersLinkId = "members-link"

/** An entry's form is open (or a new one's). */
const inEditor = () => /^#\/collections\/[^/]+\/(?:entries\/|new)/.test(window.location.hash)

/**
 * What the site adds to the CMS's page, in its bottom corner: a Save the site's check refused
 * (./NotSavedNotice.tsx), the news of a publish (./PublishingNews.tsx) and the way to the
 * members' list (src/membership/staffPage/components/MembersPage.tsx). Decap 3 has no
 * registerAdditionalLink (a later Decap's), so the link is our own. The link is not over the
 * form while an entry is open (on a phone it hid a field's last lines): the way to the list is
 * from the lists of entries and the Workflow board. The news shows there too, since Publish is
 * pressed there.
 */
export function CmsCorner() {
  const [editing, setEditing] = useState(inEditor)
  useEffect(() => {
    const follow = () => setEditing(inEditor())
    window.addEventListener("hashchange", follow)
    return () => window.removeEventListener("hashchange", follow)
  }, [])

  return (
    <div css={corner}>
      <NotSavedNotice />
      <PublishingNews focusAfterHide={membersLinkId} />
      {!editing && (
        <a id={membersLinkId} href={membersPagePath} css={membersLink}>
          Members’ list
        </a>
      )}
    </div>
  )
}
