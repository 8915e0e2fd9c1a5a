import type { CmsBackend, CmsBackendType } from "decap-cms-core"
import { authPath } from "../shared/endpoints"

/**
 * The Git host the live CMS publishes to, chosen when the site is built (docs/editing-content.md,
 * "Setting up sign-in"). Only names end up in the bundle, never a secret.
 *
 * - GATSBY_CMS_REPO ("owner/name"): the GitHub backend, signing in through the site's own
 *   endpoint (src/cmsAuth/, on the same origin as /admin/), or through an OAuth service of its
 *   own at GATSBY_CMS_AUTH_URL.
 * - GATSBY_CMS_BACKEND=git-gateway: Netlify's Git Gateway, deprecated with Netlify Identity.
 * - neither: a login screen that says what to set (./notSetUp.tsx).
 *
 * `npm run cms` works whatever is set: decap-server on the computer takes the backend's place.
 */
export interface BackendEnv {
  GATSBY_CMS_REPO?: string
  GATSBY_CMS_BRANCH?: string
  GATSBY_CMS_PREVIEW_CONTEXT?: string
  GATSBY_CMS_AUTH_URL?: string
  GATSBY_CMS_BACKEND?: string
}

/** Registered by cms.tsx; not one of Decap's own names, hence the cast. */
export const notSetUpBackendName = "not-set-up" as CmsBackendType

/** Decap's GitHub backend reads `preview_context` (decap-cms-backend-github); its types lack it. */
export type Backend = CmsBackend & { preview_context?: string }

export function productionBackend(env: BackendEnv, siteOrigin: string): Backend {
  // Every backend names the branch, the one that is not set up too: `npm run cms` puts decap-
  // server in its place, which takes its branch from here (or asks for "master").
  const branch = env.GATSBY_CMS_BRANCH?.trim() || "main"
  const choice = env.GATSBY_CMS_BACKEND?.trim() || "github"
  if (choice === "git-gateway") return { name: "git-gateway", branch }
  const repo = env.GATSBY_CMS_REPO?.trim()
  if (choice !== "github" || !repo) return { name: notSetUpBackendName, branch }
  const authUrl = env.GATSBY_CMS_AUTH_URL?.trim()
  // "View preview" follows the commit status of the draft whose context contains "deploy"
  // (Netlify's "deploy/netlify", ./previewStatus.ts's), unless this names the one to follow.
  const previewContext = env.GATSBY_CMS_PREVIEW_CONTEXT?.trim()
  return {
    name: "github",
    repo,
    branch,
    ...(previewContext ? { preview_context: previewContext } : {}),
    // Decap opens `${base_url}/${auth_endpoint}` and takes the token only from base_url's origin.
    ...(authUrl
      ? { base_url: authUrl }
      : { base_url: siteOrigin, auth_endpoint: authPath.slice(1) }),
  }
}
