import { css } from "@emotion/react"
import { GatsbyImage } from "gatsby-plugin-image"
import { imageData as getImageData, type ContentImage } from "../utils/images"
import { container } from "../theme/styles"
import { colors, fontSizes, mq, sizes, space } from "../theme/tokens"
import { ButtonLink } from "./ButtonLink"

const hero = css`
  position: relative;
  display: grid;
  align-items: end;
  min-height: calc(100svh - ${sizes.navHeight});
  overflow: hidden;
  background: ${colors.ink};
  color: ${colors.white};
  ${mq.md} {
    align-items: center;
  }
`

const image = css`
  position: absolute !important;
  inset: 0;
  width: 100%;
  height: 100%;
`

// The scrim keeps white text above 7:1 whatever the artwork behind it.
const scrim = css`
  position: absolute;
  inset: 0;
  background: linear-gradient(
    180deg,
    rgba(35, 28, 32, 0.15) 0%,
    rgba(35, 28, 32, 0.7) 40%,
    rgba(35, 28, 32, 0.88) 100%
  );
  ${mq.md} {
    background: linear-gradient(
      90deg,
      rgba(35, 28, 32, 0.88) 0%,
      rgba(35, 28, 32, 0.78) 42%,
      rgba(35, 28, 32, 0.15) 75%
    );
  }
`

const content = css`
  ${container};
  position: relative;
  padding-block: ${space.xl};
  h1 {
    max-width: 14ch;
    font-size: ${fontSizes.hero};
    color: ${colors.white};
  }
  p {
    max-width: 34rem;
    margin-bottom: ${space.lg};
    font-size: ${fontSizes.lead};
  }
`

interface HeroProps {
  headline: string
  subtitle: string
  button: { label: string; path: string }
  image: ContentImage
  imageAlt: string
}

/** The home page's first screen: artwork filling the viewport, the headline and one call to action. */
export function Hero({ headline, subtitle, button, image: imageFile, imageAlt }: HeroProps) {
  const imageData = getImageData(imageFile)
  return (
    <section css={hero} aria-labelledby="hero-heading">
      {imageData && (
        <GatsbyImage
          image={imageData}
          alt={imageAlt}
          css={image}
          objectPosition="65% 50%"
          loading="eager"
          fetchPriority="high"
        />
      )}
      <div css={scrim} />
      <div css={content}>
        <h1 id="hero-heading">{headline}</h1>
        <p>{subtitle}</p>
        <ButtonLink to={button.path} variant="onDark">
          {button.label}
        </ButtonLink>
      </div>
    </section>
  )
}
