// The preview draws what she types before any build has seen it: a letter the site has never
// shown (the é of "Café") is in none of the build's subsets (src/build/fontSubsets.ts), and was
// drawn in the fallback face beside the site's. So the preview has the font packages' whole Latin
// files (`fixedFontFiles.*.module` in src/theme/fontFaces.ts; __tests__/fontSubsets.test.ts holds
// that), 51 KB the staff load once; the visitors' pages keep the subsets.
import bodyFontUrl from "@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2"
import displayFontUrl from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2"

export const previewFontUrls = { body: bodyFontUrl, display: displayFontUrl }
