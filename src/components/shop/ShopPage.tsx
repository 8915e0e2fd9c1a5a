import { graphql } from "gatsby"
import { container } from "../../theme/styles"
import { CardGrid } from "../ui/CardGrid"
import { CategoryCard } from "./CategoryCard"
import { PageHeader } from "../ui/PageHeader"
import { pageHead, type ContentPageProps } from "../layout/pageHead"
import { StaticContent } from "../../gatsby/StaticContent"

type ShopPageProps = ContentPageProps<Queries.ShopPageFragment>

/** The shop: its categories, each with a picture and its number of pieces (data/shop.json). */
export default function ShopPage({ data: { page } }: ShopPageProps) {
  if (!page) return null
  return (
    <StaticContent id="shop-page">
      <PageHeader heading={page.heading} intro={page.intro} />
      <div css={container}>
        <CardGrid columns={3}>
          {page.categories.map((category, index) => (
            <CategoryCard
              key={category.name}
              category={category}
              countLabels={page}
              imagePriority={index === 0}
            />
          ))}
        </CardGrid>
      </div>
    </StaticContent>
  )
}

export const Head = pageHead<Queries.ShopPageFragment>()

export const shopPageFields = graphql`
  fragment ShopPage on ShopJson {
    title
    description
    heading
    intro
    countLabel
    countLabelOne
    categories {
      ...CategoryCard
    }
  }
`
