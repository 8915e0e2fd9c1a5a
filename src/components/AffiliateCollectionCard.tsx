import { css } from "@emotion/react"
import type { ContentImage } from "../utils/images"
import { colors, fontSizes, radii, space } from "../theme/tokens"
import { Card, cardActions } from "./Card"
import { ComingSoonButton } from "./ComingSoonButton"

const badge = css`
  position: absolute;
  top: ${space.sm};
  left: ${space.sm};
  padding: 0.25rem 0.75rem;
  border-radius: ${radii.pill};
  background: ${colors.accent};
  color: ${colors.white};
  font-size: ${fontSizes.small};
  font-weight: 600;
  letter-spacing: 0.04em;
`

interface AffiliateCollectionCardProps {
  title: string
  description: string
  featured: boolean
  featuredLabel: string
  exploreLabel: string
  comingSoonNote: string
  comingSoonNoteId: string
  image: ContentImage
  imageAlt: string
}

/** A partner collection; featured ones carry a badge. Its button is not live yet and says so. */
export function AffiliateCollectionCard(props: AffiliateCollectionCardProps) {
  return (
    <Card
      as="article"
      image={props.image}
      imageAlt={props.imageAlt}
      badge={props.featured ? <p css={badge}>{props.featuredLabel}</p> : undefined}
    >
      <h3>{props.title}</h3>
      <p>{props.description}</p>
      <div css={cardActions}>
        <ComingSoonButton
          label={props.exploreLabel}
          note={props.comingSoonNote}
          noteId={props.comingSoonNoteId}
          variant="secondary"
        />
      </div>
    </Card>
  )
}
