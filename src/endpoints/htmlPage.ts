import { colors, fonts, fontSizes, sizes, space } from "../theme/tokens"

/**
 * The plain HTML pages the site's endpoints answer with (the sign-up's thank-you and problems,
 * the CMS sign-in's window): the site's tokens, the boutique's name at the top, no web fonts or
 * files from the build, so an endpoint needs nothing but itself on any host.
 */

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character] ?? character)
}

const baseStyles = `
*{box-sizing:border-box}
body{margin:0;background:${colors.ivory};color:${colors.ink};font:${fontSizes.body}/1.6 ${fonts.body}}
header{padding:${space.sm} ${space.md};border-bottom:1px solid ${colors.linen}}
header a{font:600 ${fontSizes.logo}/1.2 ${fonts.display};color:${colors.ink};text-decoration:none}
main{max-width:${sizes.measure};margin:0 auto;padding:${space.lg} ${space.md}}
h1{font:600 ${fontSizes.h2}/1.15 ${fonts.display};margin:0 0 ${space.sm}}
a{color:${colors.accent}}
a,button,input{min-height:${sizes.tapTarget}}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid ${colors.focus};outline-offset:2px}
.problem{padding:${space.sm};border-left:6px solid ${colors.problem};background:${colors.white};color:${colors.problem};font-weight:600}
.small{font-size:${fontSizes.small};color:${colors.inkSoft}}
code{font:${fontSizes.small} ${fonts.mono};overflow-wrap:anywhere}
`

export interface PageParts {
  /** The tab's title (the brand name follows it) and, unless `body` has its own, nothing else. */
  title: string
  brandName: string
  homePath: string
  /** The main content, already HTML. */
  body: string
  /** More rules for this kind of page. */
  styles?: string
  /** HTML before </body>: an inline script, which the response's policy must allow by hash. */
  end?: string
}

export function htmlPage({ title, brandName, homePath, body, styles = "", end = "" }: PageParts) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(brandName)}</title>
<style>${baseStyles}${styles}</style>
</head>
<body>
<header><a href="${escapeHtml(homePath)}">${escapeHtml(brandName)}</a></header>
<main>
${body}
</main>
${end}</body>
</html>
`
}
