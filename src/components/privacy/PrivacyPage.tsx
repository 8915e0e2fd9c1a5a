import { css } from "@emotion/react"
import { graphql } from "gatsby"
import { container, goldRule } from "../../theme/styles"
import { fontSizes, sizes, space } from "../../theme/tokens"
import { PageHeader } from "../ui/PageHeader"
import { TextWithEmailLinks } from "../ui/TextWithEmailLinks"
import { pageHead, type ContentPageProps } from "../layout/pageHead"
import { StaticContent } from "../../gatsby/StaticContent"

/** One readable column: the sections follow each other, each under its own h2. */
const body = css`
  ${container};
  max-width: calc(${sizes.measure} + 5rem);
  section + section {
    margin-top: ${space.lg};
  }
  h2 {
    font-size: ${fontSizes.h3};
  }
  h2::after {
    ${goldRule("2.5rem")};
    margin-top: ${space.xs};
  }
  p:last-child {
    margin-bottom: 0;
  }
`

type PrivacyPageProps = ContentPageProps<Queries.PrivacyPageFragment>

/** How members' e-mail addresses are looked after: a heading and its paragraphs per section. */
export default function PrivacyPage({ data: { page } }: PrivacyPageProps) {
  if (!page) return null
  return (
    <StaticContent id="privacy-page">
      <PageHeader heading={page.heading} intro={page.intro} />
      <div css={body}>
        {page.sections.map((section) => (
          <section key={section.title}>
            <h2>{section.title}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>
                <TextWithEmailLinks text={paragraph} />
              </p>
            ))}
          </section>
        ))}
      </div>
    </StaticContent>
  )
}

export const Head = pageHead<Queries.PrivacyPageFragment>()

export const privacyPageFields = graphql`
  fragment PrivacyPage on PrivacyJson {
    title
    description
    heading
    intro
    sections {
      title
      paragraphs
    }
  }
`
