import type { ContentImage } from "../utils/images"
import { ButtonLink } from "./ButtonLink"
import { Card, cardActions } from "./Card"

interface CollectionCardProps {
  title: string
  description: string
  button: { label: string; path: string }
  image: ContentImage
  imageAlt: string
}

/** A featured collection on the home page, with a button into the shop. */
export function CollectionCard({
  title,
  description,
  button,
  image,
  imageAlt,
}: CollectionCardProps) {
  return (
    <Card image={image} imageAlt={imageAlt}>
      <h3>{title}</h3>
      <p>{description}</p>
      <div css={cardActions}>
        <ButtonLink to={button.path} variant="secondary">
          {button.label}
        </ButtonLink>
      </div>
    </Card>
  )
}
