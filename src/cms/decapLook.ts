import type { CSSObject } from "@emotion/react"

/**
 * What the site adds to the CMS's own page (./CmsCorner.tsx) looks like a quiet Decap button:
 * Decap's greys and its system font, since the CMS's page has none of the site's styles.
 */
export const decapLook = {
  border: "1px solid #dfdfe3",
  borderRadius: "5px",
  background: "#ffffff",
  boxShadow: "0 2px 6px rgba(68, 74, 87, 0.15)",
  color: "#313d3e",
  font: "16px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
} satisfies CSSObject
