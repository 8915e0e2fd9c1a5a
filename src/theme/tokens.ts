/**
 * Design tokens: the one place colours, type, spacing and radii are decided.
 * Contrast ratios noted are against `colors.ivory` (the page background), WCAG's formula.
 */
export const colors = {
  ink: "#231c20", // body text, 15.8:1
  inkSoft: "#4d4247", // secondary text, 9.1:1
  ivory: "#fbf8f4", // page background
  linen: "#f4ede5", // alternate section background
  blush: "#f0e0dc", // soft panels
  accent: "#7a2b48", // garnet: buttons, links, highlights, 8.75:1 (7.98:1 on linen, 7.24:1 on blush)
  accentDeep: "#5a1d34", // hover/active of accent
  gold: "#a8844f", // decorative rules only, never text
  sage: "#7f8f7a", // artwork only
  white: "#ffffff",
  focus: "#1f5fbf", // focus ring, distinct from the accent: 5.75:1 on ivory, only 2.74:1 on ink
  focusOnDark: "#8ab4f8", // focus ring on the ink footer and the hero's scrim: 7.92:1 on ink
  problem: "#8a1c1c", // what went wrong with a form, 8.76:1
} as const

/** A token colour made see-through: `alpha(colors.ink, 0.7)`. */
export function alpha(hex: string, opacity: number): string {
  const [red, green, blue] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16))
  return `rgba(${red}, ${green}, ${blue}, ${opacity})`
}

export const fonts = {
  display: `"Cormorant Garamond", "Cormorant Garamond Fallback", Georgia, "Times New Roman", serif`,
  body: `"Source Sans 3", "Source Sans 3 Fallback", "Segoe UI", Arial, sans-serif`,
  /** Machine text: an error's own message. */
  mono: `ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace`,
} as const

/** Type scale in rem (1rem = 16px); body copy is 1.1875rem = 19px. */
export const fontSizes = {
  small: "1.125rem", // 18px: the smallest text on the site
  body: "1.1875rem", // 19px
  lead: "1.375rem", // 22px
  /* The headings are capped by the screen's width at a quarter more than their share of a 320 px
     phone, so a long word of a heading fits her line at 200% text (see narrowCap). */
  h3: "min(1.75rem, 11vw)",
  h2: "min(clamp(2rem, 1.6rem + 1.6vw, 2.75rem), 12.5vw)",
  h1: "min(clamp(2.5rem, 1.8rem + 3vw, 4.25rem), 15.5vw)",
  hero: "min(clamp(2.75rem, 1.6rem + 4.6vw, 5.5rem), 17vw)",
  /** The boutique's name as the logo: in the header, and larger in the footer. */
  logo: "min(2rem, 12.5vw)",
  logoLarge: "min(2.25rem, 14vw)",
  /** The story's first letter, relative to its paragraph. */
  dropCap: "4.2em",
  /** A symbol that is a control, such as a toast's ×. */
  icon: "1.5rem",
} as const

/**
 * A length in rem that grows with her text, but on a narrow screen never past the share of it it
 * takes on a 320 px phone at the default text size (1rem there is 5vw): `narrowCap(1.5)` is
 * `min(1.5rem, 7.5vw)`. At the default text size nothing changes on any screen; at 200% on a
 * phone, paddings and headings no longer eat the line until words split.
 */
export const narrowCap = (rem: number) => `min(${rem}rem, ${+(rem * 5).toFixed(3)}vw)`

export const lineHeights = { tight: 1.15, body: 1.6 } as const

export const space = {
  xs: "0.5rem",
  sm: "1rem",
  md: "1.5rem",
  lg: "2.5rem",
  xl: "4rem",
  xxl: "6rem",
} as const

/**
 * Lengths that stay put whatever her text size, for a box whose width is fixed in pixels (the
 * sign-up toasts, 356 px by the spec): paddings in rem grew with a larger text until the words
 * had a third of the box. `tapTarget` is the 44 px a control needs.
 */
export const fixedSpace = {
  xxs: "4px",
  xs: "8px",
  sm: "16px",
  md: "24px",
  tapTarget: "44px",
} as const

export const radii = { sm: "4px", md: "10px", pill: "999px" } as const

export const sizes = {
  measure: "68ch", // comfortable line length for body copy
  content: "72rem",
  navHeight: "4.5rem",
  tapTarget: "2.75rem", // 44px
} as const

/**
 * Where the layout changes, in em: 480, 768, 1024 and 1200 pixels at the browser's default text
 * size, and wider for a visitor who has set a larger one, so her larger text gets the narrower
 * layout (a media query's em is the browser's text size, not the page's). `xl` is for a row of
 * four cards, which leaves each too narrow for its title and button below it.
 */
export const breakpoints = { sm: 30, md: 48, lg: 64, xl: 75 } as const

/** The query for "this layout width or wider" (also for `matchMedia`). */
export const fromWidth = (breakpoint: keyof typeof breakpoints) =>
  `(min-width: ${breakpoints[breakpoint]}em)`

/**
 * A screen tall enough to keep the header on it while she scrolls: 40em is 640 pixels at the
 * default text size. On a shorter screen (a phone turned sideways, a high zoom, a larger text)
 * the header, one to three rows of her text, would take a quarter to a half of it and hide what
 * she has tabbed to, so it scrolls away with the page.
 */
export const tallEnoughForStickyHeader = "(min-height: 40em)"

export const mq = {
  sm: `@media ${fromWidth("sm")}`,
  md: `@media ${fromWidth("md")}`,
  lg: `@media ${fromWidth("lg")}`,
  xl: `@media ${fromWidth("xl")}`,
  stickyHeader: `@media ${tallEnoughForStickyHeader}`,
  reducedMotion: "@media (prefers-reduced-motion: reduce)",
  /** Windows' contrast themes: the page's colours, backgrounds and shadows give way to hers. */
  forcedColors: "@media (forced-colors: active)",
  print: "@media print",
} as const

export const shadows = {
  card: `0 1px 2px ${alpha(colors.ink, 0.06)}, 0 8px 24px ${alpha(colors.ink, 0.06)}`,
} as const
