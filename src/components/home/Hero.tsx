import { css } from "@emotion/react"
import { graphql } from "gatsby"
import { container } from "../../theme/styles"
import { alpha, colors, fontSizes, mq, sizes, space } from "../../theme/tokens"
import { ButtonLink } from "../ui/ButtonLink"
import { imageData, ResponsiveImage } from "../ui/ResponsiveImage"

const heroStyles = css`
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

// The scrim keeps white text above 7:1 whatever the artwork behind it.
const scrim = css`
  position: absolute;
  inset: 0;
  background: linear-gradient(
    180deg,
    ${alpha(colors.ink, 0.15)} 0%,
    ${alpha(colors.ink, 0.7)} 40%,
    ${alpha(colors.ink, 0.88)} 100%
  );
  ${mq.md} {
    background: linear-gradient(
      90deg,
      ${alpha(colors.ink, 0.88)} 0%,
      ${alpha(colors.ink, 0.78)} 42%,
      ${alpha(colors.ink, 0.15)} 75%
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
  hero: Queries.HeroFragment
}

/** The home page's first screen: artwork filling the viewport, the headline and one call to action. */
export function Hero({ hero }: HeroProps) {
  const image = imageData(hero.image)
  return (
    <section css={heroStyles} aria-labelledby="hero-heading">
      {image && (
        <ResponsiveImage image={image} alt={hero.imageAlt} objectPosition="65% 50%" fill priority />
      )}
      <div css={scrim} />
      <div css={content}>
        <h1 id="hero-heading">{hero.headline}</h1>
        <p>{hero.subtitle}</p>
        <ButtonLink to={hero.button.path} variant="onDark">
          {hero.button.label}
        </ButtonLink>
      </div>
    </section>
  )
}

export const heroFields = graphql`
  fragment Hero on HomeJsonHero {
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
`
