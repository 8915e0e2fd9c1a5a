import { css } from "@emotion/react"
import { graphql } from "gatsby"
import { colors, fontSizes, sizes, space } from "../../theme/tokens"
import { container, goldRule } from "../../theme/styles"
import { ButtonLink } from "../ui/ButtonLink"
import { CardGrid } from "../ui/CardGrid"
import { CollectionCard } from "./CollectionCard"
import { Hero } from "./Hero"
import { Section } from "../ui/Section"
import { pageHead, type ContentPageProps } from "../layout/pageHead"
import { organization } from "../layout/Seo"
import { StaticContent } from "../../gatsby/StaticContent"

const story = css`
  ${container};
  /* The page's last band: the footer's margin is the space below it (../ui/Section.tsx). */
  padding-block: ${space.xxl} 0;
  text-align: center;
  h2 {
    font-size: ${fontSizes.h1};
  }
  h2::after {
    ${goldRule("4rem")};
    margin: ${space.sm} auto 0;
  }
  p {
    max-width: ${sizes.measure};
    margin: 0 auto ${space.lg};
    font-size: ${fontSizes.lead};
    color: ${colors.inkSoft};
  }
`

type HomePageProps = ContentPageProps<Queries.HomePageFragment>

/** The home page: the hero, the featured collections and the story teaser (data/home.json). */
export default function HomePage({ data: { page } }: HomePageProps) {
  if (!page) return null
  const { featured } = page
  return (
    <StaticContent id="home-page">
      <Hero hero={page.hero} />
      <Section heading={featured.heading} intro={featured.intro} tint centre>
        <CardGrid columns={2} maxCardWidth="26rem">
          {featured.collections.map((collection) => (
            <CollectionCard key={collection.title} collection={collection} />
          ))}
        </CardGrid>
      </Section>
      <section css={story} aria-labelledby="story-heading">
        <h2 id="story-heading">{page.story.heading}</h2>
        <p>{page.story.text}</p>
        <ButtonLink to={page.story.button.path} variant="secondary">
          {page.story.button.label}
        </ButtonLink>
      </section>
    </StaticContent>
  )
}

export const Head = pageHead<Queries.HomePageFragment>((_page, site) => [organization(site)])

export const homePageFields = graphql`
  fragment HomePage on HomeJson {
    title
    description
    hero {
      ...Hero
    }
    featured {
      heading
      intro
      collections {
        ...CollectionCard
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
`
