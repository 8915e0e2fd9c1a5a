import { nodeMembership, stopMemberships } from "../../membership/node/nodeMembership"
import type { Settings } from "../../server/app"
import { siteApp, type SiteAnswers } from "../../siteServer/siteServer"
import type { PublishingDesk } from "../web/desk"

/**
 * A release's site, opened inside the running server: the publisher (./liveSite.ts) loads this
 * file from each release's own files, so the site answers with the release's code and its
 * content's words (the sign-up's answers, the members' e-mails, the endpoints' pages), and
 * nothing needs a restart. What the release's code keeps for the whole process (the member store,
 * the limits: src/utils/processWide.ts) is shared with the release before it, as under a Gatsby
 * Function, which loads the same modules afresh for each request.
 *
 * This is the one thing the publisher asks of a release's code: keep its name and shape.
 */

export interface OpenedSite extends SiteAnswers {
  /** Starts the members' e-mail sender with this release's words; says how mail goes out. */
  start(): string | undefined
  /** Stops it after the e-mail in flight (the next release starts its own). */
  stop(): Promise<void>
}

export interface SiteOptions {
  publicDir: string
  env: Settings
  trustProxy: boolean
  publishing: PublishingDesk
}

export function openSite({ publicDir, env, trustProxy, publishing }: SiteOptions): OpenedSite {
  const { site, failed, errorHeaders } = siteApp({ publicDir, env, trustProxy, publishing })
  return {
    fetch: (request, environment) => site.fetch(request, environment),
    failed,
    errorHeaders,
    start: () => nodeMembership(env).mail,
    stop: () => stopMemberships(),
  }
}
