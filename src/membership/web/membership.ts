import type { MailingList } from "./mailingList"
import type { MemberStore } from "./memberStore"
import type { SignupLimits } from "./rateLimit"

/**
 * What a runtime gives the membership wing, for the settings of a request (src/server/runtime.ts):
 * where sign-ups go and their limits, and, where the runtime keeps the list itself, the store and
 * the secret that signs her links.
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
}
