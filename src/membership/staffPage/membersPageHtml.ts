import site from "../../../data/site.json"
import { staffPagePolicy } from "../../shared/policy"
import { pageTexts } from "./staffPageTexts"

/** Where the app (./membersApp.tsx) renders. */
export const membersRootId = "members"

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`)

/**
 * The HTML of /admin/members/, written by the CMS's webpack build (src/gatsby/cmsWebpack.ts) with the
 * app's script files: the policy first, then what a visitor without JavaScript needs to read.
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
