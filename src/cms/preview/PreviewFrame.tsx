import createCache from "@emotion/cache"
import { CacheProvider } from "@emotion/react"
import { useMemo, type ReactNode } from "react"
import { ErrorBoundary } from "../../components/layout/ErrorBoundary"
import { Layout } from "../../components/layout/Layout"
import { SharedContentProvider, type SharedContent } from "./PreviewContent"

interface PreviewFrameProps {
  /** The preview iframe's document, where the styles must go. */
  frameDocument: Document
  currentPath: string
  shared: SharedContent
  /** Changes whenever the entry does, so a page that failed to render gets a fresh try. */
  renderKey: string
  children: ReactNode
}

/**
 * The page as the site frames it: the site's own Layout (fonts, global styles, menu, footer).
 * Decap renders the preview into an iframe, but emotion would write the styles into the CMS's
 * own head; a cache whose container is the iframe's head puts them where the page is.
 */
export function PreviewFrame({
  frameDocument,
  currentPath,
  shared,
  renderKey,
  children,
}: PreviewFrameProps) {
  const cache = useMemo(
    () => createCache({ key: "preview", container: frameDocument.head }),
    [frameDocument],
  )
  return (
    <CacheProvider value={cache}>
      <SharedContentProvider value={shared}>
        <Layout currentPath={currentPath}>
          <ErrorBoundary key={renderKey} texts={shared.errors.unexpected}>
            {children}
          </ErrorBoundary>
        </Layout>
      </SharedContentProvider>
    </CacheProvider>
  )
}
