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
  /** The words after the number: "items", and "item" after 1. */
  countLabels: { countLabel: string; countLabelOne: string }
  imagePriority?: boolean
}

// The site's words are English, as its dates (src/utils/dates.ts): "1,200 items".
const englishNumber = new Intl.NumberFormat("en-US")
const englishPlural = new Intl.PluralRules("en-US")

/** A shop category with its number of pieces. It is information, not a link. */
export function CategoryCard({ category, countLabels, imagePriority }: CategoryCardProps) {
  const label =
    englishPlural.select(category.count) === "one"
      ? countLabels.countLabelOne
      : countLabels.countLabel
  return (
    <Card image={category.image} imageAlt={category.imageAlt} imagePriority={imagePriority}>
      <h2>{category.name}</h2>
      <p css={count}>
        {englishNumber.format(category.count)} {label}
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
