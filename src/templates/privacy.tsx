import { graphql } from "gatsby"
import PrivacyPage, { Head } from "../components/privacy/PrivacyPage"

// The page at data/privacy.json's `path` (gatsby-node): its query, and the page component.
export default PrivacyPage
export { Head }

export const query = graphql`
  query PrivacyTemplate {
    page: privacyJson {
      ...PrivacyPage
    }
  }
`
