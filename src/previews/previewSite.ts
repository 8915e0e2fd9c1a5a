import type { HostEnv } from "../shared/hostEnv"

/**
 * Whether this build and its endpoints are a preview of a draft, not the live site: never
 * indexed (a `noindex` on every page, robots.txt and `X-Robots-Tag` refuse crawlers), with no
 * list of members (sign-ups are refused in plain words, her links and the staff's list are not
 * there), so a preview never writes to, or reads, the live site's members.
 *
 * One setting says so, SITE_PREVIEW=1, read by the build and by the endpoints at each request.
 * Hosts build previews of their own accord (Netlify's deploy previews, Cloudflare Pages' other
 * branches): there the build stops unless SITE_PREVIEW is set as well, since the endpoints see
 * only the variables the host hands them at run time, and without it a preview's sign-ups would
 * go to the live list. Web-standard: the endpoints read it on every host.
 */

export const previewSetting = "SITE_PREVIEW"

/**
 * A preview build's own file at its root, `{ "preview": true, "commit": "<sha>" }`: what whoever
 * announces the preview waits for (announceCloudflarePreview in ./commitStatus.ts).
 */
export const previewFile = "preview.json"

/** The element id of the notice at the top of a preview's pages (src/components/layout/PreviewNotice.tsx). */
export const previewNoticeId = "preview-notice"

export function isPreviewSite(env: HostEnv): boolean {
  return /^(?:1|true|yes)$/i.test(env[previewSetting]?.trim() ?? "")
}

/** How the host says it is building a preview, in words; undefined for a production build. */
export function hostPreview(env: HostEnv): string | undefined {
  if (env.NETLIFY === "true" && /^(?:deploy-preview|branch-deploy)$/.test(env.CONTEXT ?? "")) {
    return `Netlify builds its ${env.CONTEXT} context`
  }
  // Cloudflare names the branch it builds; the production branch is the one the site is built
  // from (GATSBY_CMS_BRANCH, as the CMS publishes to it).
  const production = env.GATSBY_CMS_BRANCH?.trim() || "main"
  if (env.CF_PAGES === "1" && env.CF_PAGES_BRANCH && env.CF_PAGES_BRANCH !== production) {
    return `Cloudflare Pages builds branch ${env.CF_PAGES_BRANCH}, not ${production}`
  }
  return undefined
}

/** Why the build must stop: the host builds a preview that SITE_PREVIEW does not mark. */
export function previewSettingProblem(env: HostEnv): string | undefined {
  const host = hostPreview(env)
  if (!host || isPreviewSite(env)) return undefined
  const lines = [
    `This is a preview build (${host}), but ${previewSetting} is not set, so its sign-up form would`,
    `add people to the live site's list. Set ${previewSetting}=1 for previews on the host, for its`,
    `builds and its functions alike (docs/deploying.md, "Previews of drafts"), and build again.`,
  ]
  // Never SITE_PREVIEW on the live site's own branch: its sign-ups would be refused.
  if (env.CF_PAGES === "1")
    lines.push(
      `If ${env.CF_PAGES_BRANCH} is the branch the live site is built from, set GATSBY_CMS_BRANCH=${env.CF_PAGES_BRANCH}`,
      `for Production instead (docs/deploying.md, "A CDN host: Cloudflare Pages").`,
    )
  return lines.join(" ")
}
