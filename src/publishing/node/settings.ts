import path from "node:path"
import { githubUrlFrom } from "../../cmsAuth/config"
import { githubApiUrl } from "../../membership/web/staff/staffAccess"
import { previewPlaceholder } from "../web/previewAddress"

/**
 * The publisher's settings, from the environment of the site's own server. Two are needed; every
 * other has a default, so a fresh clone with these two is a self-publishing site:
 *
 *   PUBLISH_REPO     the repository staff publish to: a GitHub address with a token in it
 *                    (https://x-access-token:<token>@github.com/owner/name.git), an SSH address
 *                    with a deploy key (GIT_SSH_COMMAND), or any Git address or folder
 *   PUBLISH_SECRET   the webhook's secret (GitHub: the webhook's "Secret")
 *
 *   PUBLISH_BRANCH         the branch that is the live site (GATSBY_CMS_BRANCH, else main)
 *   PUBLISH_DIR            where builds, releases and previews are kept (.publish in the checkout)
 *   PUBLISH_SITE_URL       the live site's address, for the statuses (SITE_URL, else this server)
 *   PUBLISH_GITHUB_TOKEN   a token that may write commit statuses (else the one in PUBLISH_REPO;
 *                          with neither, no statuses: the staff's page still lists each publish)
 *   PUBLISH_PREVIEW_PORT   the previews' server (the site's PORT + 1)
 *   PUBLISH_PREVIEW_URL    a preview's address, {preview} its name
 *                          (http://{preview}.preview.localhost:<preview port>)
 *   PUBLISH_KEEP           releases kept for undo (5)
 *   PUBLISH_MIN_FREE_MB    free disk a build needs before it starts (1024)
 *   PUBLISH_BUILD_MINUTES  a build stopped after this long (20)
 *   PUBLISH_NGINX_RELOAD   a command that reloads nginx, run when the pages' policy changes
 *   PUBLISH_NGINX_URL      nginx's address on this machine, asked until it sends the new policy
 */
export interface PublishSettings {
  repo: string
  secret: string
  branch: string
  /** Absolute. */
  stateDir: string
  /** The checkout the server runs from: its node_modules serve every build. */
  appDir: string
  siteUrl: string
  statuses?: { apiUrl: string; token: string }
  previewPort: number
  previewHost: string
  previewUrl: string
  keep: number
  minFreeBytes: number
  buildTimeoutMs: number
  nginxReload?: string
  nginxUrl?: string
}

type Env = Record<string, string | undefined>

/** The settings, or undefined when publishing is off (PUBLISH_REPO unset); throws on a bad one. */
export function publishSettings(
  env: Env,
  { appDir, port, host }: { appDir: string; port: number; host: string },
): PublishSettings | undefined {
  const repo = env.PUBLISH_REPO?.trim()
  if (!repo) return undefined
  const secret = env.PUBLISH_SECRET?.trim()
  if (!secret) {
    throw new Error(
      "PUBLISH_REPO is set but PUBLISH_SECRET is not: set it to the secret of GitHub's webhook",
    )
  }
  const previewPort = whole(env, "PUBLISH_PREVIEW_PORT", port + 1)
  const previewUrl =
    env.PUBLISH_PREVIEW_URL?.trim() ||
    `http://${previewPlaceholder}.preview.localhost:${previewPort}`
  if (!previewUrl.includes(previewPlaceholder)) {
    throw new Error(`PUBLISH_PREVIEW_URL must contain ${previewPlaceholder}, the preview's name`)
  }
  const githubUrl = githubUrlFrom(env.GITHUB_URL)
  const token =
    env.PUBLISH_GITHUB_TOKEN?.trim() || (githubUrl ? tokenIn(repo, githubUrl) : undefined)
  return {
    repo,
    secret,
    branch: env.PUBLISH_BRANCH?.trim() || env.GATSBY_CMS_BRANCH?.trim() || "main",
    stateDir: path.resolve(appDir, env.PUBLISH_DIR?.trim() || ".publish"),
    appDir,
    siteUrl: (
      env.PUBLISH_SITE_URL?.trim() ||
      env.SITE_URL?.trim() ||
      `http://${host}:${port}`
    ).replace(/\/+$/, ""),
    statuses: token && githubUrl ? { apiUrl: githubApiUrl(githubUrl), token } : undefined,
    previewPort,
    previewHost: host,
    previewUrl,
    keep: Math.max(2, whole(env, "PUBLISH_KEEP", 5)),
    minFreeBytes: whole(env, "PUBLISH_MIN_FREE_MB", 1024) * 1024 * 1024,
    buildTimeoutMs: whole(env, "PUBLISH_BUILD_MINUTES", 20) * 60_000,
    nginxReload: env.PUBLISH_NGINX_RELOAD?.trim() || undefined,
    nginxUrl: env.PUBLISH_NGINX_URL?.trim() || undefined,
  }
}

/**
 * What the server says at its start of a setting it will run with, though the staff would be let
 * down by it: no commit statuses (and why); and on a live server (NODE_ENV=production, as
 * deploy/evergrace-api.service runs it, or a public site address), statuses that would link to
 * this server's own loopback address, or previews at the `localhost` address the server falls
 * back to, which "View Preview" would open on her own computer.
 */
export function settingsWarnings(
  { siteUrl, previewUrl, statuses }: PublishSettings,
  env: Env = {},
): string[] {
  const warnings: string[] = []
  if (!statuses) {
    warnings.push(
      env.GITHUB_URL?.trim() && !githubUrlFrom(env.GITHUB_URL)
        ? `no commit statuses: GITHUB_URL is ${JSON.stringify(env.GITHUB_URL)}, not an https:// address of GitHub's`
        : "no commit statuses: set PUBLISH_GITHUB_TOKEN to post them on GitHub",
    )
  }
  const local = (url: string) => {
    const host = new URL(url.replace(previewPlaceholder, "x")).hostname
    return host === "localhost" || host.endsWith(".localhost") || /^127\.|^\[?::1\]?$/.test(host)
  }
  // The builds take the server's own settings (buildEnvironment): without the CMS's repository,
  // the first publish replaced the editor at /admin/ with "The editor is not set up yet".
  if (env.NODE_ENV === "production" && !env.GATSBY_CMS_REPO?.trim()) {
    warnings.push(
      'GATSBY_CMS_REPO is not set: every version this server builds says "The editor is not set up yet" at /admin/, so after the first publish the staff cannot edit; set it to the GitHub repository, owner/name (docs/editing-content.md, "Setting up sign-in")',
    )
  }
  if (env.NODE_ENV !== "production" && local(siteUrl)) return warnings
  if (statuses && local(siteUrl)) {
    warnings.push(
      `the commit statuses link to ${siteUrl}, this server's own address: set SITE_URL (or PUBLISH_SITE_URL) to the live site's (docs/deploying.md, "The self-hosted publisher")`,
    )
  }
  if (local(previewUrl)) {
    warnings.push(
      `previews are at ${previewUrl}, which the staff's "View Preview" opens on their own computer: set PUBLISH_PREVIEW_URL (docs/deploying.md, "Previews of drafts")`,
    )
  }
  return warnings
}

function whole(env: Env, name: string, fallback: number): number {
  const text = env[name]?.trim()
  if (!text) return fallback
  const value = Number(text)
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number, got "${text}"`)
  return value
}

/**
 * The token of an https address with credentials (https://x-access-token:<token>@github.com/…),
 * only when the repository is on the GitHub the statuses go to: another host's password is not
 * sent to GitHub.
 */
function tokenIn(repo: string, githubUrl: string): string | undefined {
  try {
    const url = new URL(repo)
    if (url.protocol !== "https:" || url.host !== new URL(githubUrl).host) return undefined
    return decodeURIComponent(url.password || url.username) || undefined
  } catch {
    return undefined
  }
}

/** An address fit for a log: any credentials in it replaced. */
export function withoutCredentials(text: string): string {
  return text.replace(/(\/\/)[^/@\s]+@/g, "$1***@")
}
