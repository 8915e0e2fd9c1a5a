import { graphql } from "gatsby"
import ShopPage, { Head } from "../components/shop/ShopPage"

// The page at data/shop.json's `path` (gatsby-node): its query, and the page component.
export default ShopPage
export { Head }

export const query = graphql`
  query ShopTemplate {
    page: shopJson {
      ...ShopPage
    }
  }
`
