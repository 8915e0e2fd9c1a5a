import { graphql } from "gatsby"
import AffiliatePage, { Head } from "../components/affiliate/AffiliatePage"

// The page at data/affiliate.json's `path` (gatsby-node): its query, and the page component.
export default AffiliatePage
export { Head }

export const query = graphql`
  query AffiliateTemplate {
    page: affiliateJson {
      ...AffiliatePage
    }
  }
`
