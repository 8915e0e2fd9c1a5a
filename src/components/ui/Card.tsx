import { css } from "@emotion/react"
import type { ReactNode } from "react"
import { colors, fontSizes, narrowCap, radii, shadows, space } from "../../theme/tokens"
import { imageData as getImageData, ResponsiveImage, type ContentImage } from "./ResponsiveImage"

const card = css`
  position: relative;
  display: flex;
  flex-direction: column;
  height: 100%;
  overflow: hidden;
  border-radius: ${radii.md};
  background: ${colors.white};
  box-shadow: ${shadows.card};
`

const body = css`
  display: flex;
  flex-direction: column;
  flex: 1;
  gap: ${space.xs};
  padding: ${space.md} ${narrowCap(1.5)};
  h2,
  h3 {
    margin: 0;
    font-size: ${fontSizes.h3};
  }
  p {
    margin: 0;
  }
`

/** Buttons sit at the bottom of a card, so a row of cards lines them up. */
export const cardActions = css`
  margin-top: auto;
  padding-top: ${space.sm};
`

interface CardProps {
  image: ContentImage
  imageAlt: string
  /** The card's picture is on the first screen: fetch it at once (the first card of a grid). */
  imagePriority?: boolean
  as?: "article" | "div"
  children: ReactNode
}

/** An image above a block of text: the shape of every card on the site. */
export function Card({ image, imageAlt, imagePriority, as: Element = "div", children }: CardProps) {
  const imageData = getImageData(image)
  return (
    <Element css={card}>
      {imageData && <ResponsiveImage image={imageData} alt={imageAlt} priority={imagePriority} />}
      <div css={body}>{children}</div>
    </Element>
  )
}
