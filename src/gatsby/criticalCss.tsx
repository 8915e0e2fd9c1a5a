import createCache from "@emotion/cache"
import { CacheProvider } from "@emotion/react"
import createEmotionServer from "@emotion/server/create-instance"
import type { GatsbySSR } from "gatsby"
import type { ReactElement } from "react"
import { renderToPipeableStream } from "react-dom/server"
import { Writable } from "stream"

/**
 * The page's whole HTML, once every lazy part has loaded: a page may hydrate a part of itself later
 * (the affiliate page's tooltips), but its static HTML is always complete.
 */
function renderToHtml(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = ""
    const collect = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString()
        done()
      },
      final(done) {
        resolve(html)
        done()
      },
    })
    const { pipe } = renderToPipeableStream(element, {
      onAllReady: () => pipe(collect),
      onShellError: reject,
      onError: reject,
    })
  })
}

/**
 * Emotion would write each component's styles as a <style> tag in the body, next to the element
 * (invalid HTML, and a style tag inside a button). Rendering with our own cache lets us collect the
 * page's critical CSS and put it in the head instead; the browser's emotion cache adopts those tags
 * by their data-emotion ids when the page hydrates.
 */
export const replaceRenderer: GatsbySSR["replaceRenderer"] = async ({
  bodyComponent,
  replaceBodyHTMLString,
  setHeadComponents,
}) => {
  const cache = createCache({ key: "css" })
  const { extractCriticalToChunks } = createEmotionServer(cache)
  const html = await renderToHtml(<CacheProvider value={cache}>{bodyComponent}</CacheProvider>)
  const { styles } = extractCriticalToChunks(html)
  setHeadComponents(
    styles.map((style) => (
      <style
        key={style.key}
        data-emotion={`${style.key} ${style.ids.join(" ")}`}
        dangerouslySetInnerHTML={{ __html: style.css }}
      />
    )),
  )
  replaceBodyHTMLString(html)
}
