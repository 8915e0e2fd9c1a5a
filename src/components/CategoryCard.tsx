import { css } from "@emotion/react"
import type { ContentImage } from "../utils/images"
import { colors, fontSizes } from "../theme/tokens"
import { Card } from "./Card"

const count = css`
  color: ${colors.inkSoft};
  font-size: ${fontSizes.small};
`

interface CategoryCardProps {
  name: string
  count: number
  countLabel: string
  image: ContentImage
  imageAlt: string
  imagePriority?: boolean
}

/** A shop category with its number of pieces. It is information, not a link. */
export function CategoryCard({
  name,
  count: itemCount,
  countLabel,
  image,
  imageAlt,
  imagePriority,
}: CategoryCardProps) {
  return (
    <Card image={image} imageAlt={imageAlt} imagePriority={imagePriority}>
      <h2>{name}</h2>
      <p css={count}>
        {itemCount} {countLabel}
      </p>
    </Card>
  )
}
