import type { Context } from "hono"
import type { CmsAuthEnv } from "../cmsAuth/config"
import type { ExchangeOptions } from "../cmsAuth/github"
import type { Membership } from "../membership/web/middleware"
import type { SignupEnv } from "../membership/web/mailingList"
import type { StaffEnv } from "../membership/web/staff/staffAccess"
import type { PublishEnv, PublishingDesk } from "../publishing/web/desk"

/** The host's settings: process.env in Node, the project's variables on Cloudflare. */
export type Settings = SignupEnv & CmsAuthEnv & StaffEnv & PublishEnv

/**
 * What each runtime hands the app (./app.ts): the one thing its adapter knows that the app does
 * not. An adapter is this object and a line that passes requests in (src/siteServer/nodeRuntime.ts,
 * src/gatsby/functionAdapter.ts, functions/api/[[route]].ts).
 */
export interface Runtime {
  /** The settings, read at each request: a key set on the host alone is seen without a build. */
  settings(c: Context): Settings
  /** The visitor's address, for the limits: the host's connection info (hono/conninfo). */
  client(c: Context): string | undefined
  /**
   * The membership wing for these settings: where sign-ups go and their limits, and where the
   * runtime keeps the list itself (the site's own server), the store and her links' secret.
   */
  membership(settings: Settings): Membership
  /**
   * True for a request the editor makes on her own computer under `npm run cms` (gatsby develop,
   * from localhost): the staff's page then needs no sign-in, as the local CMS needs none. Never
   * set by a production runtime.
   */
  localEditing?(c: Context): boolean
  /** How the sign-in and the staff's check call GitHub; tests pass their own fetch. */
  github?: ExchangeOptions
  /** The publisher, where the runtime is the self-hosted server that builds (src/publishing/). */
  publishing?: PublishingDesk
}
