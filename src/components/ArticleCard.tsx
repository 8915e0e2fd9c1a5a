import { css } from "@emotion/react"
import { graphql } from "gatsby"
import { colors, fontSizes } from "../theme/tokens"
import { Card } from "./Card"

const category = css`
  order: -2;
  color: ${colors.accent};
  font-size: ${fontSizes.small};
  font-weight: 600;
  letter-spacing: 0.06em;
  text-transform: uppercase;
`

const date = css`
  order: -1;
  color: ${colors.inkSoft};
  font-size: ${fontSizes.small};
`

// The date as the boutique's readers write it: March 15, 2024. In UTC, so that the day is the
// content's own wherever the page is rendered.
const readableDate = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
})

/** A content date (2024-03-15) as people read it; the text itself if it is not a date. */
function formatDate(isoDate: string): string {
  const time = Date.parse(`${isoDate}T00:00:00Z`)
  return Number.isNaN(time) ? isoDate : readableDate.format(time)
}

interface ArticleCardProps {
  article: Queries.ArticleCardFragment
  imagePriority?: boolean
}

/** A journal article's teaser. The title comes first in the markup so it names the article. */
export function ArticleCard({ article, imagePriority }: ArticleCardProps) {
  return (
    <Card
      as="article"
      image={article.image}
      imageAlt={article.imageAlt}
      imagePriority={imagePriority}
    >
      <h2>{article.title}</h2>
      <p css={category}>{article.category}</p>
      <p css={date}>
        <time dateTime={article.date}>{formatDate(article.date)}</time>
      </p>
      <p>{article.excerpt}</p>
    </Card>
  )
}

export const articleCardFields = graphql`
  fragment ArticleCard on JournalJsonArticles {
    title
    category
    date
    excerpt
    image {
      ...LandscapeCardImage
    }
    imageAlt
  }
`
