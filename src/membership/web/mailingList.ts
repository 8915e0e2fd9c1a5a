/**
 * Where a sign-up goes: the embedded store on disk by default, or a mailing provider in
 * production. Each one takes an address that has already passed the check in ./signup/address.ts.
 */

/**
 * What became of one sign-up:
 * - `joined`: the list took the address, pending her confirmation: the confirmation e-mail is on
 *   its way (from the provider, or the embedded store's outbox);
 * - `already-member`: the address was on the list already (the visitor still sees success);
 * - `already-asked`: her sign-up waits for her confirmation, whose e-mail went lately or is on its
 *   way: none goes now (the visitor still sees success);
 * - `invalid-address`: the list refused the address as not deliverable;
 * - `unavailable`: the list could not be reached or failed (timeout, 5xx, rate limit, bad key).
 */
export type SubscribeResult =
  "joined" | "already-member" | "already-asked" | "invalid-address" | "unavailable"

/** What the site keeps as proof of her consent, beside the address and the times. */
export interface Consent {
  /** The page whose form she used (its path). */
  page: string
  /** The version of the sign-up's wording she saw (./signup/signupTexts.ts, `wordingVersion`). */
  wording: string
}

/**
 * What became of her leave, forwarded to the provider: `left` once she is off its list (or was
 * never on it), `unavailable` when it could not be reached or failed.
 */
type UnsubscribeResult = "left" | "unavailable"

export interface MailingList {
  /** For logs and docs/signups.md: "embedded store", "Buttondown", "Mailchimp". */
  readonly name: string
  /** Why no list can be used (`unavailableList`): said in the log as the server starts. */
  readonly problem?: string
  /** Never throws: every failure is `unavailable`, logged without the address. */
  subscribe(address: string, consent?: Consent): Promise<SubscribeResult>
  /**
   * A provider's side of her leave link from an e-mail the embedded store sent before the list
   * moved to the provider (docs/signups.md). `suppress`: where the provider never had her, keep
   * her as unsubscribed all the same, so that an import cannot add her (a confirmed member, whom
   * the move took there); otherwise only one it has is changed, and no address is added to it.
   * Never throws, as `subscribe`.
   */
  unsubscribe?(address: string, options?: { suppress?: boolean }): Promise<UnsubscribeResult>
}

/** The list the site keeps itself, by its name (the store is on the Node half: ../node/store/). */
export const embeddedStoreName = "embedded store"

/** How long a provider may take before the visitor is told it is unavailable. */
export const defaultProviderTimeoutMs = 8000

/**
 * Stands in when no list can be used (a provider misconfigured, or none on a host without a
 * disk): every sign-up is honestly "unavailable", and the reason goes to the log each time.
 */
export function unavailableList(reason: string): MailingList {
  return {
    name: "no list",
    problem: reason,
    async subscribe() {
      console.error(`sign-up: ${reason}`)
      return "unavailable"
    },
    async unsubscribe() {
      console.error(`leave: ${reason}`)
      return "unavailable"
    },
  }
}
