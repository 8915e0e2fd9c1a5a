import { css } from "@emotion/react"
import type { ContentImage } from "../utils/images"
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

interface ArticleCardProps {
  title: string
  category: string
  /** ISO date for machines, e.g. 2024-03-15. */
  isoDate: string
  /** The same date as people read it. */
  displayDate: string
  excerpt: string
  image: ContentImage
  imageAlt: string
  imagePriority?: boolean
}

/** A journal article's teaser. The title comes first in the markup so it names the article. */
export function ArticleCard(props: ArticleCardProps) {
  return (
    <Card
      as="article"
      image={props.image}
      imageAlt={props.imageAlt}
      imagePriority={props.imagePriority}
    >
      <h2>{props.title}</h2>
      <p css={category}>{props.category}</p>
      <p css={date}>
        <time dateTime={props.isoDate}>{props.displayDate}</time>
      </p>
      <p>{props.excerpt}</p>
    </Card>
  )
}
