import { css } from "@emotion/react"
import { usePreviewSite } from "../../hooks/usePreviewSite"
import { previewNoticeId } from "../../previews/previewSite"
import { useSiteSettings } from "../../hooks/useSiteSettings"
import { container, focusOnDark } from "../../theme/styles"
import { colors, fontSizes, mq, space } from "../../theme/tokens"

// Above the header, in the page's flow: it scrolls away, and the sticky header stays as it is.
const band = css`
  background: ${colors.ink};
  color: ${colors.white};
  font-size: ${fontSizes.small};
  ${focusOnDark};
  /* Printers leave the ink out: a printed preview still says what it is, in ink on white. */
  ${mq.print} {
    border-bottom: 2px solid ${colors.ink};
    background: none;
    color: ${colors.ink};
    & a {
      color: ${colors.ink};
    }
  }
`

const row = css`
  ${container};
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${space.xs} ${space.md};
  padding-block: ${space.xs};
  & > p {
    margin: 0;
  }
`

const liveLink = css`
  color: ${colors.white};
  font-weight: 600;
  text-decoration: underline;
  &:hover {
    text-decoration-thickness: 2px;
  }
`

/**
 * On a preview of a draft only (src/previews/previewSite.ts): says so at the top of every page,
 * with the same page on the live site a click away, so a staff member who opened "View preview"
 * never takes the draft for what visitors see.
 */
export function PreviewNotice({ currentPath }: { currentPath: string }) {
  const preview = usePreviewSite()
  const { siteUrl } = useSiteSettings()
  if (!preview) return null
  return (
    <aside css={band} aria-label={preview.notice.label}>
      <div css={row}>
        <p id={previewNoticeId}>{preview.notice.text}</p>
        <a css={liveLink} href={new URL(currentPath, siteUrl).href}>
          {preview.notice.liveLinkLabel}
        </a>
      </div>
    </aside>
  )
}
