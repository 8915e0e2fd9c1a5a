import { graphql } from "gatsby"
import HomePage, { Head } from "../components/home/HomePage"

// The page at data/home.json's `path` (gatsby-node): its query, and the page component.
export default HomePage
export { Head }

export const query = graphql`
  query HomeTemplate {
    page: homeJson {
      ...HomePage
    }
  }
`
