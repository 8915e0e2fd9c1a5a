import { graphql } from "gatsby"

/**
 * Image sizes used across the site. Each slot's image is named in data/ and processed here at
 * build time: AVIF and WebP, responsive widths and a blurred placeholder.
 */
export const imageFragments = graphql`
  fragment PortraitCardImage on File {
    childImageSharp {
      gatsbyImageData(
        width: 560
        aspectRatio: 0.8
        placeholder: BLURRED
        formats: [AUTO, WEBP, AVIF]
        breakpoints: [320, 480, 560, 840, 1120]
        sizes: "(min-width: 1152px) 360px, (min-width: 768px) 45vw, 92vw"
      )
    }
  }
  fragment LandscapeCardImage on File {
    childImageSharp {
      gatsbyImageData(
        width: 640
        aspectRatio: 1.5
        placeholder: BLURRED
        formats: [AUTO, WEBP, AVIF]
        breakpoints: [320, 480, 640, 960, 1200]
        sizes: "(min-width: 1152px) 360px, (min-width: 768px) 45vw, 92vw"
      )
    }
  }
  fragment BannerImage on File {
    childImageSharp {
      gatsbyImageData(
        layout: FULL_WIDTH
        placeholder: BLURRED
        formats: [AUTO, WEBP, AVIF]
        breakpoints: [480, 768, 1080, 1440, 1920, 2400]
      )
    }
  }
`
