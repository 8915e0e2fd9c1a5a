import createCache from "@emotion/cache"
import { CacheProvider, Global, css, jsx } from "@emotion/react"
import type { ReactNode } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { SiteFooter } from "../components/layout/SiteFooter"
import { SiteHeader } from "../components/layout/SiteHeader"
import { SkipLink } from "../components/layout/SkipLink"
import { PageHeader } from "../components/ui/PageHeader"
import { apiPrefix } from "../shared/endpoints"
import { fixedFontFiles, fontFaceRules, fontPreload } from "../theme/fontFaces"
import { GlobalStyles } from "../theme/GlobalStyles"
import { siteSettings } from "./siteSettings"
import { headerWithoutScript } from "./styles"

/**
 * The frame of the endpoints' own pages (the sign-up's thank-you and problems, the CMS sign-in's
 * window): the site's header, footer, faces and colours, as React renders them to static HTML.
 * No script runs in them (the sign-in's hand-over is the one exception, passed as `end`), so the
 * header shows its links rather than a menu button (./styles.ts). Plain HTML on every host of the endpoints:
 * Node, a Gatsby Function and workerd (see src/components/layout/links.ts for why it has no JSX).
 */

const MAIN_ID = "content"

// The site's two files where the build copies them (src/build/postBuild.ts): the endpoints
// cannot know the names webpack gives the pages' copies. The policy allows them (font-src 'self').
const fontFaces = fontFaceRules({
  body: fixedFontFiles.body.url,
  display: fixedFontFiles.display.url,
})

const main = css`
  display: block;
  min-height: 50vh;
  &:focus {
    outline: none;
  }
`

export interface EndpointPageParts {
  /** The page's heading, and the tab's title unless `title` says otherwise. */
  heading: string
  /** The sentence under the heading. */
  intro?: string
  /** The tab's title, where it says more than the heading; the boutique's name follows it. */
  title?: string
  /** What goes in <main>, after the page's heading. */
  children?: ReactNode
  /** What goes last in <body>: the sign-in's hand-over script, allowed by its hash. */
  end?: ReactNode
}

function EndpointPage({ heading, intro, title = heading, children, end }: EndpointPageParts) {
  // No page of the site is this one: no link is marked as the current page.
  const currentPath = apiPrefix
  return jsx(
    "html",
    { lang: "en" },
    jsx(
      "head",
      null,
      jsx("meta", { charSet: "utf-8" }),
      jsx("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      jsx("meta", { name: "robots", content: "noindex" }),
      jsx("title", null, `${title} | ${siteSettings.brandName}`),
      jsx("style", { dangerouslySetInnerHTML: { __html: fontFaces } }),
      // Without them, a first visit (her e-mail's link, opened on another device) was drawn in
      // the fallback faces: `optional` draws a face only if it is there that soon.
      ...Object.values(fixedFontFiles).map(({ url }) =>
        jsx("link", { key: url, ...fontPreload(url) }),
      ),
    ),
    jsx(
      "body",
      null,
      jsx(GlobalStyles),
      jsx(Global, { styles: headerWithoutScript }),
      jsx(SkipLink, { targetId: MAIN_ID, label: siteSettings.skipLinkLabel }),
      jsx(SiteHeader, { settings: siteSettings, currentPath }),
      jsx(
        "main",
        { id: MAIN_ID, css: main, tabIndex: -1 },
        jsx(PageHeader, { heading, intro }),
        children,
      ),
      jsx(SiteFooter, { settings: siteSettings, currentPath }),
      end,
    ),
  )
}

/**
 * The whole document. Emotion's styles are gathered in one <style> in the head (a cache in
 * `compat` mode keeps them rather than writing a <style> beside each element, which would put
 * style elements inside buttons and lists). React escapes every text and attribute.
 */
export function renderEndpointPage(parts: EndpointPageParts): string {
  const cache = createCache({ key: "css" })
  cache.compat = true
  const html = renderToStaticMarkup(jsx(CacheProvider, { value: cache }, jsx(EndpointPage, parts)))
  const styles = Object.values(cache.inserted)
    .filter((rules): rules is string => typeof rules === "string")
    .join("")
  return `<!doctype html>\n${html.replace("</head>", `<style>${styles}</style></head>`)}\n`
}

/**
 * An endpoint's page as its answer; the route table adds the delivery policy's headers
 * (src/server/app.ts, from src/shared/policy.ts) where `headers` does not set its own.
 */
export function endpointPageAnswer(
  status: number,
  page: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(page, {
    status,
    headers: { ...headers, "Content-Type": "text/html; charset=utf-8" },
  })
}
