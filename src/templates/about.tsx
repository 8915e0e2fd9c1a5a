import { css } from "@emotion/react"
import { graphql, type PageProps } from "gatsby"
import { imageData } from "../utils/images"
import { PageHeader } from "../components/PageHeader"
import { StaticContent } from "../components/StaticContent"
import { ResponsiveImage } from "../components/ResponsiveImage"
import { pageHead } from "../components/Seo"
import { container } from "../theme/styles"
import { colors, fonts, fontSizes, radii, sizes, space } from "../theme/tokens"

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
    font-size: 4.2em;
    line-height: 0.8;
    color: ${colors.accent};
  }
`

const philosophy = css`
  margin-top: ${space.lg};
  padding: ${space.lg} clamp(${space.md}, 5vw, ${space.xl});
  border-radius: ${radii.md};
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

type AboutData = Queries.AboutPageQuery

function AboutPage({ data }: PageProps<AboutData>) {
  const about = data.aboutJson
  if (!about) return null
  const image = imageData(about.image)
  return (
    <StaticContent id="about-page">
      <PageHeader heading={about.heading} />
      <div css={banner}>
        {image && <ResponsiveImage image={image} alt={about.imageAlt} priority />}
      </div>
      <div css={story}>
        {about.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <aside css={philosophy} aria-labelledby="philosophy-heading">
          <h2 id="philosophy-heading">{about.philosophy.heading}</h2>
          <p>{about.philosophy.text}</p>
        </aside>
      </div>
    </StaticContent>
  )
}

export default AboutPage

export const Head = pageHead<AboutData>((data) => data.aboutJson)

export const query = graphql`
  query AboutPage {
    aboutJson {
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
  }
`
