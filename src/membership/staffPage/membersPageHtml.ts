import site from "../../../data/site.json"
import { fixedFontFiles } from "../../theme/fontFaces"
import { staffPagePolicy } from "../../shared/policy"
import { escapeHtml } from "../../utils/escapeHtml"
import { pageTexts } from "./staffPageTexts"

/** Where the app (./membersApp.tsx) renders. */
export const membersRootId = "members"

const escape = escapeHtml

/**
 * The HTML of /admin/members/, written by the CMS's webpack build (src/gatsby/cmsWebpack.ts) with the
 * app's script files: the policy first, the site's two faces asked for at once (the app's
 * @font-face rules come only with its script), then what a visitor without JavaScript needs to read.
 */
export function membersPageHtml(scripts: readonly string[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escape(staffPagePolicy())}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="description" content="${escape(pageTexts.description)}">
<title>${escape(pageTexts.title(site.brandName))}</title>
${Object.values(fixedFontFiles)
  .map(
    ({ url }) =>
      `<link rel="preload" href="${escape(url)}" as="font" type="font/woff2" crossorigin>`,
  )
  .join("\n")}
${scripts.map((src) => `<script defer src="${escape(src)}"></script>`).join("\n")}
</head>
<body>
<div id="${membersRootId}">
<p>${escape(pageTexts.loading)}</p>
<noscript><p>${escape(pageTexts.noScript)}</p></noscript>
</div>
</body>
</html>
`
}
