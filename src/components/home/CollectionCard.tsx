import { graphql } from "gatsby"
import { ButtonLink } from "../ui/ButtonLink"
import { Card, cardActions } from "../ui/Card"

interface CollectionCardProps {
  collection: Queries.CollectionCardFragment
}

/** A featured collection on the home page, with a button into the shop. */
export function CollectionCard({ collection }: CollectionCardProps) {
  return (
    <Card image={collection.image} imageAlt={collection.imageAlt}>
      <h3>{collection.title}</h3>
      <p>{collection.description}</p>
      <div css={cardActions}>
        <ButtonLink to={collection.button.path} variant="secondary">
          {collection.button.label}
        </ButtonLink>
      </div>
    </Card>
  )
}

export const collectionCardFields = graphql`
  fragment CollectionCard on HomeJsonFeaturedCollections {
    title
    description
    button {
      label
      path
    }
    image {
      ...PortraitCardImage
    }
    imageAlt
  }
`
