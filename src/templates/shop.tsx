import { graphql, type PageProps } from "gatsby"
import { CardGrid } from "../components/CardGrid"
import { CategoryCard } from "../components/CategoryCard"
import { PageHeader } from "../components/PageHeader"
import { StaticContent } from "../components/StaticContent"
import { pageHead } from "../components/Seo"
import { container } from "../theme/styles"

type ShopData = Queries.ShopPageQuery

function ShopPage({ data }: PageProps<ShopData>) {
  const shop = data.shopJson
  if (!shop) return null
  return (
    <StaticContent id="shop-page">
      <PageHeader heading={shop.heading} intro={shop.intro ?? undefined} />
      <div css={container}>
        <CardGrid columns={3}>
          {shop.categories.map((category, index) => (
            <CategoryCard
              key={category.name}
              name={category.name}
              count={category.count}
              countLabel={shop.countLabel}
              image={category.image}
              imageAlt={category.imageAlt}
              imagePriority={index === 0}
            />
          ))}
        </CardGrid>
      </div>
    </StaticContent>
  )
}

export default ShopPage

export const Head = pageHead<ShopData>((data) => data.shopJson)

export const query = graphql`
  query ShopPage {
    shopJson {
      title
      description
      heading
      intro
      countLabel
      categories {
        name
        count
        image {
          ...PortraitCardImage
        }
        imageAlt
      }
    }
  }
`
