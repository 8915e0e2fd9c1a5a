import displayFontUrl from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2"
import bodyFontUrl from "@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2"
import { fontFaceRules } from "./fontFaces"

// The same two files as `fixedFontFiles` in ./fontFaces.ts (__tests__/endpointPages.test.tsx
// holds that), here as webpack names them, by their content.

/** The two files the first screen paints with; gatsby-ssr preloads them. */
export const preloadFontUrls = [bodyFontUrl, displayFontUrl]

/** The pages' @font-face rules, written into the static <head> by gatsby-ssr. */
export const fontFaces = fontFaceRules({ body: bodyFontUrl, display: displayFontUrl })
