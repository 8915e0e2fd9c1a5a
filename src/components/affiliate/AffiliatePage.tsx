import { css } from "@emotion/react"
import { memo } from "react"
import { graphql } from "gatsby"
import { container, goldRule, panel } from "../../theme/styles"
import { colors, fonts, fontSizes, mq, sizes, space } from "../../theme/tokens"
import { AffiliateCollectionCard } from "./AffiliateCollectionCard"
import { CardGrid } from "../ui/CardGrid"
import { ComingSoonButton } from "./ComingSoonButton"
import { PageHeader } from "../ui/PageHeader"
import { Section } from "../ui/Section"
import { pageHead, type ContentPageProps } from "../layout/pageHead"
import { SiteTooltipProvider } from "../ui/SiteTooltipProvider"
import { TextWithEmailLinks } from "../ui/TextWithEmailLinks"

const COMING_SOON_NOTE_ID = "partner-store-note"

const partnership = css`
  ${container};
  margin-bottom: ${space.lg};
  > div {
    ${panel};
    background: ${colors.blush};
  }
  p {
    max-width: ${sizes.measure};
  }
`

const note = css`
  margin-top: ${space.sm};
  font-size: ${fontSizes.small};
  color: ${colors.inkSoft};
`

const points = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${space.lg};
  ${mq.md} {
    grid-template-columns: repeat(3, 1fr);
  }
  h3 {
    font-family: ${fonts.display};
    color: ${colors.accent};
  }
  h3::before {
    ${goldRule("2.5rem")};
    margin-bottom: ${space.sm};
  }
  p {
    margin: 0;
  }
`

type AffiliatePageProps = ContentPageProps<Queries.AffiliatePageFragment>

/**
 * The partner boutique: the partnership, its collections and why to shop through us
 * (data/affiliate.json). Its buttons do not lead anywhere yet, and explain so in tooltips.
 */
function AffiliatePage({ data: { page } }: AffiliatePageProps) {
  if (!page) return null
  return (
    <SiteTooltipProvider>
      <PageHeader heading={page.heading} intro={page.intro} />
      <section css={partnership} aria-labelledby="partnership-heading">
        <div>
          <h2 id="partnership-heading">{page.partnership.heading}</h2>
          <p>{page.partnership.text}</p>
          <ComingSoonButton
            label={page.partnership.buttonLabel}
            note={page.comingSoonNote}
            noteId={COMING_SOON_NOTE_ID}
          />
          <p id={COMING_SOON_NOTE_ID} css={note}>
            <TextWithEmailLinks text={page.comingSoonNote} />
          </p>
        </div>
      </section>
      <Section heading={page.collectionsHeading} tint>
        <CardGrid columns={4} maxCardWidth="24rem">
          {page.collections.map((collection) => (
            <AffiliateCollectionCard
              key={collection.title}
              collection={collection}
              featuredLabel={page.featuredLabel}
              exploreLabel={page.exploreLabel}
              comingSoonNote={page.comingSoonNote}
              comingSoonNoteId={COMING_SOON_NOTE_ID}
            />
          ))}
        </CardGrid>
      </Section>
      <Section heading={page.why.heading}>
        <ul css={points}>
          {page.why.points.map((point) => (
            <li key={point.title}>
              <h3>{point.title}</h3>
              <p>{point.text}</p>
            </li>
          ))}
        </ul>
      </Section>
    </SiteTooltipProvider>
  )
}

/**
 * Rendered again only for new content. A new address on the same page (the skip link's #content)
 * re-renders Gatsby's page, and this page's buttons wait as server HTML for their tooltips' code
 * (SiteTooltipProvider): an update there would make React build them afresh, and a keyboard
 * visitor tabbing through them would lose her focus to the top of the page.
 */
export default memo(AffiliatePage, (before, after) => before.data === after.data)

export const Head = pageHead<Queries.AffiliatePageFragment>()

export const affiliatePageFields = graphql`
  fragment AffiliatePage on AffiliateJson {
    title
    description
    heading
    intro
    partnership {
      heading
      text
      buttonLabel
    }
    comingSoonNote
    collectionsHeading
    featuredLabel
    exploreLabel
    collections {
      ...AffiliateCollectionCard
    }
    why {
      heading
      points {
        title
        text
      }
    }
  }
`
