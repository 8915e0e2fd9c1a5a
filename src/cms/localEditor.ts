import type { CmsBackendClass, CmsRegistryBackend } from "decap-cms-core"

/**
 * The editor on a computer (`npm run cms`, scripts/cms.ts), as against the live site's: the site it
 * shows her changes on. scripts/cms.ts starts `gatsby develop` with GATSBY_CMS_LOCAL_EDITOR=1,
 * which webpack writes into the CMS's bundle; the production build never has it.
 *
 * There, Publish merges the draft into the branch checked out on the computer, and `gatsby develop`
 * (which serves /admin/ itself) shows it a few seconds later: "View Live" and the site link at the
 * top right open the page there, not on the live site, which has the change only once it is
 * pushed.
 */
export interface LocalEditorEnv {
  GATSBY_CMS_LOCAL_EDITOR?: string
  /** decap-server's port, from CMS_BACKEND_PORT (scripts/cms.ts); Decap's own 8081 when unset. */
  GATSBY_CMS_BACKEND_PORT?: string
}

/** The address "View Live" and the site link open: the local site under `npm run cms`. */
export function siteUrlFor(env: LocalEditorEnv, origin: string, liveSiteUrl: string): string {
  return env.GATSBY_CMS_LOCAL_EDITOR === "1" ? origin : liveSiteUrl
}

/**
 * Where the CMS looks for decap-server: Decap's default (`true`, http://localhost:8081/api/v1), or
 * the port `CMS_BACKEND_PORT=… npm run cms` gave it, so that two copies of the project can each run
 * the local editor at once.
 */
export function localBackendFor(env: LocalEditorEnv): true | { url: string } {
  const port = env.GATSBY_CMS_BACKEND_PORT?.trim()
  return port ? { url: `http://localhost:${port}/api/v1` } : true
}

/** What the CMS's registry gives for a backend's name (CMS.getBackend). */
interface BackendRegistry {
  getBackend(name: string): CmsRegistryBackend | undefined
}

/**
 * decap-server, which the CMS uses in place of GitHub wherever it runs on the editor's computer
 * (Decap's "proxy" backend), has no preview of a draft: it answers every look with none. Decap
 * then showed "Check for Preview" turning for two minutes after each Save, and a button after
 * that which could never find one. Here its backend says at once that there is nothing to show
 * (an empty status: Decap shows no button), as docs/editing-content.md tells her; the preview
 * beside the form is the one there is. "View Live" on a published entry is Decap's own, unchanged.
 */
export function noPreviewsOnDecapServer(cms: BackendRegistry) {
  const proxy = cms.getBackend(decapServerBackend)
  // Gone from a later Decap: the button is back, nothing else (e2e/cms.spec.ts fails then).
  if (!proxy) return
  // Decap calls it with the configuration and its options (the workflow's first status among them).
  const init = proxy.init as (...args: unknown[]) => CmsBackendClass
  proxy.init = (...args: unknown[]) =>
    Object.assign(init(...args), { getDeployPreview: () => Promise.resolve(noPreview) })
}

/** The name Decap gives the backend it talks to decap-server with (its actions/config.ts). */
export const decapServerBackend = "proxy"

/** A look's answer with no status: Decap's toolbar then shows no preview control. */
const noPreview = { url: "", status: "" }
