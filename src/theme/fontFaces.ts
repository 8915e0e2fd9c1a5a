import arial from "@capsizecss/metrics/arial"
import cormorantGaramond from "@capsizecss/metrics/cormorantGaramond"
import sourceSans3 from "@capsizecss/metrics/sourceSans3"
import timesNewRoman from "@capsizecss/metrics/timesNewRoman"

/**
 * The site's @font-face rules, given where the two font files are: the pages have webpack's
 * hashed URLs (./fonts.ts), the endpoints' pages the copies the build puts at a fixed address
 * (`fixedFontFiles`, src/build/postBuild.ts). No file is imported here, so every runtime of the
 * endpoints can use it.
 */

export interface FontUrls {
  /** Source Sans 3, variable weight, Latin. */
  body: string
  /** Cormorant Garamond 600, Latin. */
  display: string
}

/** Where the build writes the two faces cut down to the site's characters (src/build/fontSubsets.ts). */
export const fontSubsetDir = "node_modules/.cache/evergrace-fonts"

/**
 * The weights the site sets in the body face: text at 400, labels, buttons and links at 600. The
 * build keeps only this part of the variable face's weight axis (200–900 in the package): 15.5 →
 * 13.0 KB, so that with its headers the file fits in what a phone's new connection carries in its
 * first round trip (docs/decisions.md). A bolder weight asked for (a browser's own bold, 700) is
 * drawn at 600.
 */
export const bodyWeights = { min: 400, max: 600 } as const

/**
 * The two faces: `module`, the whole Latin file in its font package; `subset`, the build's copy of
 * it with only the characters the site shows, which ./fonts.ts imports; `url`, where the build
 * copies that subset for the endpoints' pages, which do not know the name webpack gives it.
 */
interface FontFile {
  module: string
  subset: string
  url: string
  /** The part of a variable face's weight axis the subset keeps; all of it when not given. */
  weights?: { min: number; max: number }
}

export const fixedFontFiles: Record<"body" | "display", FontFile> = {
  body: {
    module: "@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2",
    subset: `${fontSubsetDir}/source-sans-3-latin-wght-normal.woff2`,
    url: "/fonts/source-sans-3-latin-wght-normal.woff2",
    weights: bodyWeights,
  },
  display: {
    module: "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2",
    subset: `${fontSubsetDir}/cormorant-garamond-latin-600-normal.woff2`,
    url: "/fonts/cormorant-garamond-latin-600-normal.woff2",
  },
}

interface FontMetrics {
  unitsPerEm: number
  ascent: number
  descent: number
  lineGap: number
  xWidthAvg: number
}

/**
 * A local font (Liberation Sans and Arimo share Arial's metrics) stretched to the web font's
 * average width and vertical metrics, so a page painted in the fallback looks as laid out.
 */
function metricFallback(name: string, localFonts: string[], font: FontMetrics, local: FontMetrics) {
  const sizeAdjust = font.xWidthAvg / font.unitsPerEm / (local.xWidthAvg / local.unitsPerEm)
  const percent = (value: number) => `${((value / font.unitsPerEm / sizeAdjust) * 100).toFixed(2)}%`
  return `
    @font-face {
      font-family: "${name}";
      src: ${localFonts.map((localFont) => `local("${localFont}")`).join(", ")};
      size-adjust: ${(sizeAdjust * 100).toFixed(2)}%;
      ascent-override: ${percent(font.ascent)};
      descent-override: ${percent(Math.abs(font.descent))};
      line-gap-override: ${percent(font.lineGap)};
    }`
}

// Only the Latin files of the weights in use: Source Sans 3 variable (400–600), Cormorant 600,
// each cut down to the characters the site shows. A character outside the subset is drawn by the
// metric-matched fallback face below, as the browser falls back glyph by glyph.
// `font-display: optional`: a face that has not arrived when the text first paints (within about
// 100 ms; both are preloaded) is not swapped in later, so the text never waits and never moves.
// With `swap`, a late face moved the menu and re-wrapped lines on a slow line (measured by
// e2e/arriving-in-pieces.spec.ts); the next page she opens has the face from the cache.
// The CMS's preview (src/cms/cms.tsx) and the staff's page of the list
// (src/membership/staffPage/membersApp.tsx) ask for `swap`: the preview's frame has no preload, so with
// `optional` the faces arrived too late for it and its text stayed in the fallback faces; a face
// arriving late there moves nothing anyone is reading.
/**
 * A face's file, fetched as the <head> is read, for `optional` to draw it on a first visit: the
 * site's pages (gatsby-ssr.tsx) and the endpoints' own (src/endpointPages/) preload both.
 */
export const fontPreload = (href: string) =>
  ({ rel: "preload", href, as: "font", type: "font/woff2", crossOrigin: "anonymous" }) as const

export const fontFaceRules = (
  { body, display }: FontUrls,
  { fontDisplay = "optional" }: { fontDisplay?: "optional" | "swap" } = {},
) => `
  @font-face {
    font-family: "Source Sans 3";
    font-style: normal;
    font-weight: ${bodyWeights.min} ${bodyWeights.max};
    font-display: ${fontDisplay};
    src: url(${body}) format("woff2");
    unicode-range: U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD;
  }
  @font-face {
    font-family: "Cormorant Garamond";
    font-style: normal;
    font-weight: 600;
    font-display: ${fontDisplay};
    src: url(${display}) format("woff2");
    unicode-range: U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD;
  }
  ${metricFallback("Source Sans 3 Fallback", ["Arial", "Liberation Sans", "Arimo"], sourceSans3, arial)}
  ${metricFallback(
    "Cormorant Garamond Fallback",
    // Liberation Serif and Tinos share Times New Roman's metrics.
    ["Times New Roman", "Liberation Serif", "Tinos"],
    cormorantGaramond,
    timesNewRoman,
  )}
`
