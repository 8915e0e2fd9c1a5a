import { css } from "@emotion/react"
import { graphql, Link } from "gatsby"
import { useSiteSettings } from "../../hooks/useSiteSettings"
import { card, container, panel, smallPrint } from "../../theme/styles"
import { colors, mq, sizes, space } from "../../theme/tokens"
import { EmailLink } from "../ui/EmailLink"
import { PageHeader } from "../ui/PageHeader"
import { pageHead, type ContentPageProps } from "../layout/pageHead"
import { SignupForm } from "./SignupForm"

const PRIVACY_NOTE_ID = "privacy-note"

const columns = css`
  ${container};
  display: grid;
  gap: ${space.lg};
  align-items: start;
  ${mq.md} {
    grid-template-columns: 1fr 1fr;
    gap: ${space.xl};
  }
`

const benefits = css`
  list-style: none;
  margin: 0;
  padding: 0;
  /* The tick and the room after it are in em, the words' own size, so they keep apart at any
     zoom or text size: in a padding capped by the screen's width (vw) the tick touched the words
     at 200 % zoom. */
  li {
    display: flex;
    align-items: flex-start;
    gap: 0.75em;
    padding-block: 0.5rem;
  }
  li::before {
    content: "";
    flex: none;
    width: 0.9em;
    height: 0.45em;
    margin: 0.4em 0 0 0.2em;
    border-left: 3px solid ${colors.accent};
    border-bottom: 3px solid ${colors.accent};
    transform: rotate(-45deg);
  }
`

const privacy = [
  smallPrint,
  css`
    margin: ${space.sm} 0 0;
  `,
]

const questions = css`
  ${container};
  margin-top: ${space.xl};
  > div {
    ${panel};
    max-width: ${sizes.measure};
    background: ${colors.linen};
  }
  a {
    font-weight: 600;
  }
`

type ContactPageProps = ContentPageProps<Queries.ContactPageFragment>

/** The sign-up page: the members' benefits, the form and the questions box (data/contact.json). */
export default function ContactPage({ data: { page } }: ContactPageProps) {
  const { contactEmail } = useSiteSettings()
  if (!page) return null
  return (
    <>
      <PageHeader heading={page.heading} intro={page.intro} />
      <div css={columns}>
        <section aria-labelledby="benefits-heading">
          <h2 id="benefits-heading">{page.benefitsHeading}</h2>
          <ul css={benefits}>
            {page.benefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
        </section>
        <div css={card}>
          <SignupForm texts={page} describedById={PRIVACY_NOTE_ID} />
          <p id={PRIVACY_NOTE_ID} css={privacy}>
            {page.privacyNote} <Link to={page.privacyLink.path}>{page.privacyLink.label}</Link>
          </p>
        </div>
      </div>
      <section css={questions} aria-labelledby="questions-heading">
        <div>
          <h2 id="questions-heading">{page.questions.heading}</h2>
          <p>
            {page.questions.text} <EmailLink address={contactEmail} />
          </p>
        </div>
      </section>
    </>
  )
}

export const Head = pageHead<Queries.ContactPageFragment>()

export const contactPageFields = graphql`
  fragment ContactPage on ContactJson {
    title
    description
    heading
    intro
    benefitsHeading
    benefits
    ...SignupForm
    privacyNote
    privacyLink {
      label
      path
    }
    questions {
      heading
      text
    }
  }
`
