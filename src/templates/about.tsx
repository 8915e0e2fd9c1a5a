import { graphql } from "gatsby"
import AboutPage, { Head } from "../components/about/AboutPage"

// The page at data/about.json's `path` (gatsby-node): its query, and the page component.
export default AboutPage
export { Head }

export const query = graphql`
  query AboutTemplate {
    page: aboutJson {
      ...AboutPage
    }
  }
`
