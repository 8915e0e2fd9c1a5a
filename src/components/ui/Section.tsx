import { css } from "@emotion/react"
import type { ReactNode } from "react"
import { container } from "../../theme/styles"
import { colors, fontSizes, sizes, space } from "../../theme/tokens"

const section = css`
  padding-block: ${space.xl};
`

// The last band of a page on the page's own ground: the footer's margin is the space below it,
// as below every other page's last words (its padding besides made that gap 160 px, not 96).
const untinted = css`
  &:last-child {
    padding-bottom: 0;
  }
`

const tinted = css`
  background: ${colors.linen};
`

const centred = css`
  text-align: center;
  p {
    margin-inline: auto;
  }
`

const intro = css`
  max-width: ${sizes.measure};
  margin-bottom: ${space.lg};
  font-size: ${fontSizes.lead};
  color: ${colors.inkSoft};
`

interface SectionProps {
  heading: string
  intro?: string | null
  tint?: boolean
  /** Centre the heading and introduction, for a band whose content is centred too. */
  centre?: boolean
  children: ReactNode
}

/**
 * The heading's id, made from its text: readable in a link (#section-featured-collections), and the
 * same in the server's HTML and in a page rendered after a client-side visit, where useId would
 * number it differently.
 */
function headingIdFor(heading: string): string {
  const slug = heading
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
  return `section-${slug}`
}

/** A titled band of a page. Its heading is an h2; the page's h1 comes from PageHeader or a hero. */
export function Section({
  heading,
  intro: introText,
  tint = false,
  centre = false,
  children,
}: SectionProps) {
  const headingId = headingIdFor(heading)
  return (
    <section css={[section, tint ? tinted : untinted]} aria-labelledby={headingId}>
      <div css={container}>
        <div css={centre && centred}>
          <h2 id={headingId}>{heading}</h2>
          {introText && <p css={intro}>{introText}</p>}
        </div>
        {children}
      </div>
    </section>
  )
}
