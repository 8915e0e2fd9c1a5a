import { graphql } from "gatsby"
import JournalPage, { Head } from "../components/journal/JournalPage"

// The page at data/journal.json's `path` (gatsby-node): its query, and the page component.
export default JournalPage
export { Head }

export const query = graphql`
  query JournalTemplate {
    page: journalJson {
      ...JournalPage
    }
  }
`
