import { graphql } from "gatsby"
import { container } from "../../theme/styles"
import { newestFirst } from "../../utils/dates"
import { ArticleCard } from "./ArticleCard"
import { CardGrid } from "../ui/CardGrid"
import { PageHeader } from "../ui/PageHeader"
import { imageData } from "../ui/ResponsiveImage"
import { pageHead, type ContentPageProps } from "../layout/pageHead"
import { organization } from "../layout/Seo"
import { StaticContent } from "../../gatsby/StaticContent"

type JournalPageProps = ContentPageProps<Queries.JournalPageFragment>
/** The style journal: its articles as cards that do not lead anywhere (data/journal.json). */
export default function JournalPage({ data: { page } }: JournalPageProps) {
  if (!page) return null
  return (
    <StaticContent id="journal-page">
      <PageHeader heading={page.heading} intro={page.intro} />
      <div css={container}>
        <CardGrid columns={3}>
          {newestFirst(page.articles).map((article, index) => (
            <ArticleCard key={article.title} article={article} imagePriority={index === 0} />
          ))}
        </CardGrid>
      </div>
    </StaticContent>
  )
}

// The journal as a list of posts, so search engines can show its articles.
export const Head = pageHead<Queries.JournalPageFragment>((page, site) => [
  {
    "@type": "ItemList",
    name: page.title,
    itemListElement: newestFirst(page.articles).map((article, index) => {
      const image = imageData(article.image)?.images.fallback?.src
      return {
        "@type": "ListItem",
        position: index + 1,
        item: {
          "@type": "BlogPosting",
          headline: article.title,
          description: article.excerpt,
          datePublished: article.date,
          articleSection: article.category,
          ...(image && { image: new URL(image, site.siteUrl).href }),
          author: organization(site),
          publisher: organization(site),
        },
      }
    }),
  },
])

export const journalPageFields = graphql`
  fragment JournalPage on JournalJson {
    title
    description
    heading
    intro
    articles {
      ...ArticleCard
    }
  }
`
