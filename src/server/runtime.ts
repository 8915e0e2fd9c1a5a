import type { Context } from "hono"
import type { CmsAuthEnv } from "../cmsAuth/config"
import type { ExchangeOptions } from "../cmsAuth/github"
import type { Membership } from "../mail/handleMembership"
import type { PublishEnv, PublishingDesk } from "../publishing/web/desk"
import type { MailingList, SignupEnv } from "../signup/mailingList"
import type { RateLimiter } from "../signup/rateLimit"
import type { StaffEnv } from "../staffApi/access"
import type { StaffList } from "../staffApi/handleStaff"

/** The host's settings: process.env in Node, the project's variables on Cloudflare. */
export type Settings = SignupEnv & CmsAuthEnv & StaffEnv & PublishEnv

/**
 * What each runtime hands the app (./app.ts): the one thing its adapter knows that the app does
 * not. An adapter is this object and a line that passes requests in (src/node/runtime.ts,
 * src/gatsby/functionAdapter.ts, functions/api/[[route]].ts).
 */
export interface Runtime {
  /** The settings, read at each request: a key set on the host alone is seen without a build. */
  settings(c: Context): Settings
  /** The visitor's address, for the sign-up limit: the host's connection info (hono/conninfo). */
  client(c: Context): string | undefined
  /** Where sign-ups go, and a per-visitor limit where the runtime is one long-lived process. */
  signupList(settings: Settings): { list: MailingList; rateLimit?: RateLimiter }
  /**
   * Her e-mail's confirm and leave links, where the runtime keeps its own list (the embedded store
   * on a disk); undefined where a provider keeps it.
   */
  membership?(settings: Settings): Promise<Membership | undefined>
  /** The same list for the staff's page (src/staffApi/), where the runtime keeps its own. */
  staffList?(settings: Settings): Promise<StaffList | undefined>
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
