import { css } from "@emotion/react"
import { graphql } from "gatsby"
import { colors, fontSizes, narrowCap, radii } from "../../theme/tokens"
import { Card, cardActions } from "../ui/Card"
import { ComingSoonButton } from "./ComingSoonButton"

const badge = css`
  align-self: flex-start;
  padding: 0.25rem 0.75rem;
  border-radius: ${radii.pill};
  background: ${colors.accent};
  color: ${colors.white};
  font-size: ${fontSizes.small};
  font-weight: 600;
  letter-spacing: 0.04em;
`

/**
 * The button spans the card, with less room at its sides than a free-standing one: four cards
 * to a row leave "Explore Collection" 202 px at 1280 px and wider, where the usual sides
 * made it 207 px and broke it in two lines. In vw too, as a button's sides are, for a phone
 * with a large text.
 */
const spanningButton = css`
  > button {
    width: 100%;
    padding-inline: ${narrowCap(1)};
  }
`

interface AffiliateCollectionCardProps {
  collection: Queries.AffiliateCollectionCardFragment
  featuredLabel: string
  exploreLabel: string
  comingSoonNote: string
  comingSoonNoteId: string
}

/** A partner collection; featured ones carry a badge. Its button is not live yet and says so. */
export function AffiliateCollectionCard({
  collection,
  featuredLabel,
  exploreLabel,
  comingSoonNote,
  comingSoonNoteId,
}: AffiliateCollectionCardProps) {
  return (
    <Card as="article" image={collection.image} imageAlt={collection.imageAlt}>
      {/* Above the title, not over the picture's corner: there it covered the figures' heads on
          a narrow card (a phone at 200 % zoom). */}
      {collection.featured && <p css={badge}>{featuredLabel}</p>}
      <h3>{collection.title}</h3>
      <p>{collection.description}</p>
      <div css={[cardActions, spanningButton]}>
        <ComingSoonButton
          label={exploreLabel}
          note={comingSoonNote}
          noteId={comingSoonNoteId}
          variant="secondary"
        />
      </div>
    </Card>
  )
}

export const affiliateCollectionCardFields = graphql`
  fragment AffiliateCollectionCard on AffiliateJsonCollections {
    title
    description
    featured
    image {
      ...PortraitCardImage
    }
    imageAlt
  }
`
