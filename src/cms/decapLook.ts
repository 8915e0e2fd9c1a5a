import type { CSSObject } from "@emotion/react"
import { fixedSpace } from "../theme/tokens"

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

/** A card in the editor's corner (./CmsCorner.tsx): news, or a Save refused. */
export const cornerCard = {
  ...decapLook,
  maxWidth: "min(360px, calc(100vw - 32px))",
  // Over the form on a phone: never more than part of the screen (what it says scrolls).
  maxHeight: "45vh",
  overflowY: "auto",
  padding: "12px 16px",
  fontSize: "15px",
  "& p": { margin: "0 0 8px" },
  "& a": { color: "#3a69c7", fontWeight: 600 },
} as const

/** A corner card's small heading. */
export const cornerLabel = {
  fontSize: "13px",
  fontWeight: 600,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
} as const

/** A corner card's Hide. */
export const cornerHideButton = {
  ...decapLook,
  boxShadow: "none",
  // A control in a finger's reach, as the site's are (Decap's own are 36 px).
  minHeight: fixedSpace.tapTarget,
  marginTop: "4px",
  padding: "0 14px",
  fontWeight: 600,
  cursor: "pointer",
} as const
