import { graphql } from "gatsby"
import ContactPage, { Head } from "../components/contact/ContactPage"

// The page at data/contact.json's `path` (gatsby-node): its query, and the page component.
export default ContactPage
export { Head }

export const query = graphql`
  query ContactTemplate {
    page: contactJson {
      ...ContactPage
    }
  }
`
