import { css } from "@emotion/react"
import { graphql } from "gatsby"
import { container, containerGutter, focusOnDark } from "../../theme/styles"
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
  ${focusOnDark};
  ${mq.md} {
    align-items: center;
  }
`

/** The darkness that keeps white text at 7:1 over a white picture (8.8:1); the scrim is this or darker wherever the words are. */
const underWords = alpha(colors.ink, 0.8)

/** The widest the words are: the subtitle's 34rem, the headline's 14ch at its largest size (36.75rem). */
const wordsWidth = "37rem"

/**
 * Where the words end, from the section's left edge: the container's margin on a wide screen, its
 * gutter, the words.
 */
const wordsEnd = `max(0px, (100% - ${sizes.content}) / 2) + ${containerGutter} + ${wordsWidth}`

// The scrim keeps white text above 7:1 whatever the artwork behind it: at least `underWords`
// under every word, the picture clearer where there are none. On a phone the words are a band at
// the bottom whose height depends on the screen and her text size, so the band carries its own
// scrim (`content`, below), which darkens from nothing over its top padding; beside the words on a
// wider screen the scrim is `underWords` up to where the words end, then fades.
const scrim = css`
  position: absolute;
  inset: 0;
  background: linear-gradient(
    180deg,
    ${alpha(colors.ink, 0.15)} 0%,
    ${alpha(colors.ink, 0.45)} 100%
  );
  ${mq.md} {
    background: linear-gradient(
      90deg,
      ${alpha(colors.ink, 0.88)} 0,
      ${underWords} calc(${wordsEnd} + ${space.sm}),
      ${alpha(colors.ink, 0.15)} calc(${wordsEnd} + 16rem)
    );
  }
`

const content = css`
  ${container};
  position: relative;
  padding-block: ${space.xl};
  background: linear-gradient(180deg, transparent 0, ${underWords} ${space.xl});
  ${mq.md} {
    background: none;
  }
  h1 {
    max-width: min(14ch, ${wordsWidth});
    font-size: ${fontSizes.hero};
    color: ${colors.white};
  }
  p {
    max-width: 34rem;
    margin-bottom: ${space.lg};
    font-size: ${fontSizes.lead};
  }
`

/**
 * How wide the picture is drawn: it covers a box at least as tall as the screen below the menu, so
 * on a screen narrower than the picture's ratio (a phone) it is drawn wider than the screen and
 * cropped. Announcing the screen's width there fetched a file a third as wide as it was drawn.
 * A landscape picture on an upright screen is drawn at the box's height: said first with calc(),
 * which every browser reads, for a browser that cannot read max() in `sizes` (it drops that entry
 * and takes 100vw, as the HTML standard says).
 */
const coverSizes = (ratio: number) => {
  const heightDrawn = `(100vh - ${sizes.navHeight}) * ${ratio.toFixed(3)}`
  const upright = ratio >= 1 ? `(orientation: portrait) calc(${heightDrawn}), ` : ""
  return `${upright}max(100vw, ${heightDrawn})`
}

interface HeroProps {
  hero: Queries.HeroFragment
}

/** The home page's first screen: artwork filling the viewport, the headline and one call to action. */
export function Hero({ hero }: HeroProps) {
  const image = imageData(hero.image)
  return (
    <section css={heroStyles} aria-labelledby="hero-heading">
      {image && (
        <ResponsiveImage
          image={image}
          alt={hero.imageAlt}
          objectPosition="65% 50%"
          sizes={coverSizes(image.width / image.height)}
          fill
          priority
        />
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
