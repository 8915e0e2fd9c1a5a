import { graphql, type PageProps } from "gatsby"
import { ArticleCard } from "../components/ArticleCard"
import { CardGrid } from "../components/CardGrid"
import { PageHeader } from "../components/PageHeader"
import { StaticContent } from "../components/StaticContent"
import { organization, pageHead } from "../components/Seo"
import { imageData } from "../utils/images"
import { container } from "../theme/styles"

type JournalData = Queries.JournalPageQuery

function JournalPage({ data }: PageProps<JournalData>) {
  const journal = data.journalJson
  if (!journal) return null
  return (
    <StaticContent id="journal-page">
      <PageHeader heading={journal.heading} intro={journal.intro ?? undefined} />
      <div css={container}>
        <CardGrid columns={3}>
          {journal.articles.map((article, index) => (
            <ArticleCard
              key={article.title}
              title={article.title}
              category={article.category}
              isoDate={article.isoDate}
              displayDate={article.displayDate}
              excerpt={article.excerpt}
              image={article.image}
              imageAlt={article.imageAlt}
              imagePriority={index === 0}
            />
          ))}
        </CardGrid>
      </div>
    </StaticContent>
  )
}

export default JournalPage

// The journal as a list of posts, so search engines can show its articles.
export const Head = pageHead<JournalData>(
  (data) => data.journalJson,
  (data, site) => [
    {
      "@type": "ItemList",
      name: data.journalJson?.title,
      itemListElement: (data.journalJson?.articles ?? []).map((article, index) => {
        const image = imageData(article.image)?.images.fallback?.src
        return {
          "@type": "ListItem",
          position: index + 1,
          item: {
            "@type": "BlogPosting",
            headline: article.title,
            description: article.excerpt,
            datePublished: article.isoDate,
            articleSection: article.category,
            ...(image && { image: new URL(image, site.siteUrl).href }),
            author: organization(site),
            publisher: organization(site),
          },
        }
      }),
    },
  ],
)

export const query = graphql`
  query JournalPage {
    journalJson {
      title
      description
      heading
      intro
      articles {
        title
        category
        isoDate: date(formatString: "YYYY-MM-DD")
        displayDate: date(formatString: "MMMM D, YYYY")
        excerpt
        image {
          ...LandscapeCardImage
        }
        imageAlt
      }
    }
  }
`
