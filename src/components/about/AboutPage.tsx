import { css } from "@emotion/react"
import { graphql } from "gatsby"
import { container, containerImageSizes, panel } from "../../theme/styles"
import { colors, fonts, fontSizes, radii, sizes, space } from "../../theme/tokens"
import { PageHeader } from "../ui/PageHeader"
import { imageData, ResponsiveImage } from "../ui/ResponsiveImage"
import { pageHead, type ContentPageProps } from "../layout/pageHead"
import { StaticContent } from "../../gatsby/StaticContent"

const banner = css`
  ${container};
  img {
    border-radius: ${radii.md};
  }
`

const story = css`
  ${container};
  max-width: calc(${sizes.measure} + 5rem);
  padding-top: ${space.xl};
  > p:first-of-type::first-letter {
    float: left;
    margin: 0.1em 0.12em 0 0;
    font-family: ${fonts.display};
    font-size: ${fontSizes.dropCap};
    line-height: 0.8;
    color: ${colors.accent};
  }
  /* Where the browser sizes a drop cap itself (Chromium, Safari), it sits in exactly the first
     two lines, its top on the first line's capitals, its foot on the second's baseline; the float
     above, for the others, took a third line's indent with it and left a hole under the letter. */
  @supports (initial-letter: 2) or (-webkit-initial-letter: 2) {
    > p:first-of-type::first-letter {
      float: none;
      margin: 0 0.12em 0 0;
      -webkit-initial-letter: 2;
      initial-letter: 2;
    }
  }
`

const philosophy = css`
  ${panel};
  margin-top: ${space.lg};
  background: ${colors.blush};
  h2 {
    margin-bottom: ${space.sm};
  }
  p {
    margin: 0;
    font-family: ${fonts.display};
    font-size: ${fontSizes.h3};
    line-height: 1.4;
  }
`

type AboutPageProps = ContentPageProps<Queries.AboutPageFragment>

/** Our story: the picture, the story's paragraphs and the philosophy box (data/about.json). */
export default function AboutPage({ data: { page } }: AboutPageProps) {
  if (!page) return null
  const image = imageData(page.image)
  return (
    <StaticContent id="about-page">
      <PageHeader heading={page.heading} />
      <div css={banner}>
        {image && (
          <ResponsiveImage image={image} alt={page.imageAlt} sizes={containerImageSizes} priority />
        )}
      </div>
      <div css={story}>
        {page.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <aside css={philosophy} aria-labelledby="philosophy-heading">
          <h2 id="philosophy-heading">{page.philosophy.heading}</h2>
          <p>{page.philosophy.text}</p>
        </aside>
      </div>
    </StaticContent>
  )
}

export const Head = pageHead<Queries.AboutPageFragment>()

export const aboutPageFields = graphql`
  fragment AboutPage on AboutJson {
    title
    description
    heading
    image {
      ...BannerImage
    }
    imageAlt
    paragraphs
    philosophy {
      heading
      text
    }
  }
`
