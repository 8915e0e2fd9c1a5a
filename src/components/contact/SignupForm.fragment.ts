import { graphql } from "gatsby"

/**
 * The words of ./SignupForm.tsx, which pages add to their queries with `...SignupForm`. Apart
 * from the form, so the form imports nothing of Gatsby's and the endpoints can render it too.
 */
export const signupFormFields = graphql`
  fragment SignupForm on ContactJson {
    emailLabel
    emailPlaceholder
    submitLabel
    sendingLabel
    toast {
      title
      description
      closeLabel
      regionLabel
    }
    messages {
      missing
      invalid
      tooLong
      rejected
      tooMany
      busy
      unavailable
      botFieldLabel
    }
  }
`
