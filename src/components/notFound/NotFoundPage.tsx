import { css } from "@emotion/react"
import { useEffect } from "react"
import { useErrorTexts } from "../../hooks/useErrorTexts"
import { container } from "../../theme/styles"
import { colors, fontSizes, sizes, space } from "../../theme/tokens"
import { ButtonLink } from "../ui/ButtonLink"
import { Seo } from "../layout/Seo"

const notFound = css`
  ${container};
  /* The page's only band: the footer's margin is the space below it (../ui/Section.tsx). */
  padding-block: ${space.xxl} 0;
  text-align: center;
  p {
    max-width: ${sizes.measure};
    margin: 0 auto ${space.lg};
    font-size: ${fontSizes.lead};
    color: ${colors.inkSoft};
  }
`

interface NotFoundPageProps {
  /** The address nothing lives at. */
  location: { pathname: string }
}

/** Served for every unknown path. The path is logged so a broken link shows up in the console. */
export default function NotFoundPage({ location }: NotFoundPageProps) {
  const { notFound: texts } = useErrorTexts()
  useEffect(() => {
    console.warn(`404: no page at "${location.pathname}"`)
  }, [location.pathname])
  return (
    <div css={notFound}>
      <h1>{texts.heading}</h1>
      <p>{texts.text}</p>
      <ButtonLink to="/">{texts.linkLabel}</ButtonLink>
    </div>
  )
}

export function Head({ location }: NotFoundPageProps) {
  const { notFound: texts } = useErrorTexts()
  return <Seo title={texts.title} description={texts.text} path={location.pathname} noindex />
}
