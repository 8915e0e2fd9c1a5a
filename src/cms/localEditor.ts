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
