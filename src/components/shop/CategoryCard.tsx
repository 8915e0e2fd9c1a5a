import { css } from "@emotion/react"
import { graphql } from "gatsby"
import { colors, fontSizes } from "../../theme/tokens"
import { Card } from "../ui/Card"

const count = css`
  color: ${colors.inkSoft};
  font-size: ${fontSizes.small};
`

interface CategoryCardProps {
  category: Queries.CategoryCardFragment
  /** The word after the number: "items". */
  countLabel: string
  imagePriority?: boolean
}

/** A shop category with its number of pieces. It is information, not a link. */
export function CategoryCard({ category, countLabel, imagePriority }: CategoryCardProps) {
  return (
    <Card image={category.image} imageAlt={category.imageAlt} imagePriority={imagePriority}>
      <h2>{category.name}</h2>
      <p css={count}>
        {category.count} {countLabel}
      </p>
    </Card>
  )
}

export const categoryCardFields = graphql`
  fragment CategoryCard on ShopJsonCategories {
    name
    count
    image {
      ...PortraitCardImage
    }
    imageAlt
  }
`
