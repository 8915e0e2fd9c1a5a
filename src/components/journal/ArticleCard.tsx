import { css } from "@emotion/react"
import { graphql } from "gatsby"
import { colors, fontSizes } from "../../theme/tokens"
import { Card } from "../ui/Card"
import { formatDate } from "../../utils/dates"

const category = css`
  order: -2;
  color: ${colors.accent};
  font-size: ${fontSizes.small};
  font-weight: 600;
  /* Spaced capitals where the card has room for them: on a phone with a larger text (a screen
     narrower than 20em of her text) a category in capitals was wider than the card and split. */
  @media (min-width: 20em) {
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }
`

const date = css`
  order: -1;
  color: ${colors.inkSoft};
  font-size: ${fontSizes.small};
`

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
