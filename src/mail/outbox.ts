/**
 * The e-mails the list sends, as jobs: each is written in the same LMDB transaction as the member's
 * change that calls for it (src/node/memberStore.ts), so a sign-up the visitor saw succeed always
 * has its e-mail waiting, and a sender in the long-lived process delivers it (src/node/sender.ts).
 */

/** Which e-mail: the double opt-in's confirmation, or the welcome with the gift once confirmed. */
export type EmailKind = "confirmation" | "welcome"

export interface OutboxJob {
  /** Sorts by creation: ISO time, then a random part. */
  id: string
  kind: EmailKind
  /** Her address, as she typed it. */
  to: string
  /** The member's id, which her links' tokens carry (never the address). */
  memberId: string
  /** ISO 8601, UTC. */
  createdAt: string
  /** How many sends failed so far. */
  attempts: number
  /** ISO 8601: not before this (a retry's backoff, or another sender's claim). */
  notBefore: string
  /** The last failure, without the address (SMTP's reply code and text). */
  lastError?: string
}

/** The store's side of the outbox, as the sender sees it. */
export interface Outbox {
  /**
   * Up to `limit` jobs due at `now`, oldest first, each claimed for `leaseMs` (its `notBefore`
   * moved on in one transaction), so two senders never take the same job.
   */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxJob[]>
  /** Sent: the job is deleted. */
  complete(id: string): Promise<void>
  /** Not sent: tried again from `notBefore`, with `attempts` one more. */
  retry(id: string, notBefore: Date, error: string): Promise<void>
  /** The next time a job is due, to sleep until then (undefined: the outbox is empty). */
  nextDue(): Promise<Date | undefined>
}
