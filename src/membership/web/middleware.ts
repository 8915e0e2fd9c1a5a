import type { Context } from "hono"
import { createMiddleware } from "hono/factory"
import type { StaffIdentity } from "../membersApi"
import type { MailingList } from "./mailingList"
import type { MemberStore } from "./memberStore"
import type { SignupLimits } from "./rateLimit"

/**
 * The wing's middleware for the route table (src/server/app.ts): what a handler works with is put
 * on the context (`c.var`) before it runs, so each handler is a plain `(c) => Response`.
 */
export type MembershipEnv = {
  Variables: {
    /** The visitor's address as the host reports it, for the limits. */
    client?: string
    membership: Membership
    /** The list the site keeps itself (her links' and the staff's endpoints). */
    own: OwnList
    /** Put there by the staff's door (./staff/staffAccess.ts). */
    staff: StaffDesk
  }
}

/**
 * What a runtime gives the membership wing for the settings of a request (src/server/runtime.ts),
 * and `withMembership` puts on the context: where sign-ups go and their limits, and, where the
 * runtime keeps the list itself, the store and the secret that signs her links.
 */
export interface Membership {
  /** Where sign-ups go: the site's own store, a provider, or none that works (and says why). */
  list: MailingList
  /** Each visitor's limit and the whole site's, where the runtime is one long-lived process. */
  limits?: SignupLimits
  /**
   * The list the site keeps itself, on the site's own server; undefined where a provider keeps
   * it, on a host without a disk, or when no secret for her links could be had.
   */
  own?: Promise<OwnList | undefined>
}

export interface OwnList {
  store: MemberStore
  /** Signs and checks her links' tokens (MEMBERS_SECRET, or one kept beside the store). */
  secret: string
  /**
   * The provider the list has moved to (docs/signups.md): the store is kept for the leave links
   * in the e-mails it sent before, and each leave is passed on to the provider.
   */
  movedTo?: MailingList
}

/** What a request the staff's door let in works with. */
export interface StaffDesk {
  identity: StaffIdentity
  /** The list kept here; none where a provider keeps it, or on a host without a disk. */
  store?: MemberStore
  provider?: { name: string; url: string }
}

/** The wing for this request's settings, as `c.var.membership`. */
export const withMembership = (membership: (c: Context) => Membership) =>
  createMiddleware<MembershipEnv>(async (c, next) => {
    c.set("membership", membership(c))
    await next()
  })

/**
 * Only where the site keeps its own list; elsewhere (a provider sends its own links, or the host
 * has no disk) `otherwise` answers, for a link from an e-mail the site sent before.
 */
export const ownListOnly = (
  otherwise: (c: Context<MembershipEnv>) => Response | Promise<Response>,
) =>
  createMiddleware<MembershipEnv>(async (c, next) => {
    const own = await c.var.membership.own
    if (!own) return otherwise(c)
    c.set("own", own)
    await next()
  })
