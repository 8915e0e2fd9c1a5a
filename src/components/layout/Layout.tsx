import { css } from "@emotion/react"
import type { ReactNode } from "react"
import { useErrorTexts } from "../../hooks/useErrorTexts"
import { useSiteSettings } from "../../hooks/useSiteSettings"
import { GlobalStyles } from "../../theme/GlobalStyles"
import { ErrorBoundary } from "./ErrorBoundary"
import { Footer } from "./Footer"
import { Header } from "./Header"
import { PreviewNotice } from "./PreviewNotice"
import { SkipLink } from "./SkipLink"

const MAIN_ID = "content"

const main = css`
  display: block;
  &:focus {
    outline: none;
  }
`

interface LayoutProps {
  currentPath: string
  children: ReactNode
}

/**
 * The frame of every page: skip link, a preview's notice (on a preview of a draft only), fixed
 * navigation, the page, the footer.
 */
export function Layout({ currentPath, children }: LayoutProps) {
  const settings = useSiteSettings()
  const errorTexts = useErrorTexts()
  return (
    <>
      <GlobalStyles />
      <SkipLink targetId={MAIN_ID} label={settings.skipLinkLabel} />
      <PreviewNotice currentPath={currentPath} />
      <Header currentPath={currentPath} />
      <main id={MAIN_ID} css={main} tabIndex={-1}>
        {/* A new page starts with a fresh boundary, so one broken page does not stick. */}
        <ErrorBoundary key={currentPath} texts={errorTexts.unexpected}>
          {children}
        </ErrorBoundary>
      </main>
      <Footer currentPath={currentPath} />
    </>
  )
}
