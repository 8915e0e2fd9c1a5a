import displayFontUrl from "../../node_modules/.cache/evergrace-fonts/cormorant-garamond-latin-600-normal.woff2"
import bodyFontUrl from "../../node_modules/.cache/evergrace-fonts/source-sans-3-latin-wght-normal.woff2"
import { fontFaceRules } from "./fontFaces"

// The build's subsets of the two faces, written before webpack runs (gatsby-node's onPreInit,
// src/build/fontSubsets.ts): `fixedFontFiles.*.subset` in ./fontFaces.ts (__tests__/fontSubsets.test.ts
// holds that), here as webpack names them, by their content.

/** The two faces' files, as webpack names them. */
export const fontUrls = { body: bodyFontUrl, display: displayFontUrl }

/** The two files the first screen paints with; gatsby-ssr preloads them. */
export const preloadFontUrls = [fontUrls.body, fontUrls.display]

/** The pages' @font-face rules, written into the static <head> by gatsby-ssr. */
export const fontFaces = fontFaceRules(fontUrls)
