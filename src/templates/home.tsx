import { css } from "@emotion/react"
import { graphql, type PageProps } from "gatsby"
import { ButtonLink } from "../components/ButtonLink"
import { CardGrid } from "../components/CardGrid"
import { CollectionCard } from "../components/CollectionCard"
import { Hero } from "../components/Hero"
import { Section } from "../components/Section"
import { organization, pageHead } from "../components/Seo"
import { StaticContent } from "../components/StaticContent"
import { container } from "../theme/styles"
import { colors, fontSizes, sizes, space } from "../theme/tokens"

const story = css`
  ${container};
  padding-block: ${space.xxl} ${space.xl};
  text-align: center;
  h2 {
    font-size: ${fontSizes.h1};
  }
  h2::after {
    content: "";
    display: block;
    width: 4rem;
    height: 2px;
    margin: ${space.sm} auto 0;
    background: ${colors.gold};
  }
  p {
    max-width: ${sizes.measure};
    margin: 0 auto ${space.lg};
    font-size: ${fontSizes.lead};
    color: ${colors.inkSoft};
  }
`

type HomeData = Queries.HomePageQuery

function HomePage({ data }: PageProps<HomeData>) {
  const home = data.homeJson
  if (!home) return null
  const { hero, featured } = home
  return (
    <StaticContent id="home-page">
      <Hero
        headline={hero.headline}
        subtitle={hero.subtitle}
        button={hero.button}
        image={hero.image}
        imageAlt={hero.imageAlt}
      />
      <Section heading={featured.heading} intro={featured.intro ?? undefined} tint centre>
        <CardGrid columns={2} maxCardWidth="26rem">
          {featured.collections.map((collection) => (
            <CollectionCard key={collection.title} {...collection} />
          ))}
        </CardGrid>
      </Section>
      <section css={story} aria-labelledby="story-heading">
        <h2 id="story-heading">{home.story.heading}</h2>
        <p>{home.story.text}</p>
        <ButtonLink to={home.story.button.path} variant="secondary">
          {home.story.button.label}
        </ButtonLink>
      </section>
    </StaticContent>
  )
}

export default HomePage

export const Head = pageHead<HomeData>(
  (data) => data.homeJson,
  (_data, site) => [organization(site)],
)

export const query = graphql`
  query HomePage {
    homeJson {
      title
      description
      hero {
        headline
        subtitle
        button {
          label
          path
        }
        image {
          ...BannerImage
        }
        imageAlt
      }
      featured {
        heading
        intro
        collections {
          title
          description
          button {
            label
            path
          }
          image {
            ...PortraitCardImage
          }
          imageAlt
        }
      }
      story {
        heading
        text
        button {
          label
          path
        }
      }
    }
  }
`
