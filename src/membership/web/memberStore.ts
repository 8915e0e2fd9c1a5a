import type { EmailKind } from "../emails/renderEmail"
import type { AuditEntry, MailDelay, MemberRow, ResendResult, StaffIdentity } from "../membersApi"
import type { SignupLimits } from "./rateLimit"
import type { MailingList } from "./mailingList"

/**
 * The list the site keeps itself, as the whole wing sees it: the sign-up puts addresses in, her
 * links confirm her and take her off, the sender works through the outbox, the staff read and
 * change the list. One interface, web-standard, typed once here; on the site's own server LMDB
 * keeps it (../node/store/lmdbStore.ts). A host without a disk has none, and a provider keeps
 * the list (./providers/).
 */
export interface MemberStore extends MailingList {
  /** Her link's confirmation: pending becomes confirmed, and the welcome is queued. */
  confirm(memberId: string, linkSignedAt?: Date): Promise<ConfirmResult>
  /** Her one click: she leaves at once, and what was waiting for her is dropped. */
  leave(memberId: string): Promise<LeaveResult>
  /** The member with this id, if she is still on the list (the sender, before each e-mail). */
  byId(memberId: string): Promise<Member | undefined>
  /** The staff resend her confirmation: pending only, within the form's limit. */
  resendConfirmation(memberId: string): Promise<ResendResult>
  /**
   * Erases her entirely (the right to erasure), with what is kept of her beside the list (the
   * copies of her e-mails); false when she was not on it.
   */
  erase(who: { id: string } | { address: string }): Promise<boolean>
  /** Deletes pending sign-ups last asked for before `before`, with their e-mails. */
  forgetUnconfirmed(before: Date): Promise<number>
  /** Every member, pending and former ones included, by the time she asked, oldest first. */
  list(): Promise<Member[]>
  audit: AuditLog
  outbox: Outbox
}

/**
 * A member as kept: what the staff see of her (../membersApi.ts: her id, which her links' tokens
 * carry, never the address; her address, status and dates, in ISO 8601 UTC; `askedAt` the last
 * time she asked, if she joined again), and the rest of the proof of her consent.
 */
export interface Member extends MemberRow {
  /** The page whose form she used. */
  page: string
  /** The sign-up wording she saw (./signup/signupTexts.ts, `wordingVersion`). */
  wording: string
  /** When confirmation e-mails were queued for her in the last day (for the resend limit). */
  confirmationsSent: string[]
  /**
   * Her memberships before she left, oldest first, once she signs up again: the proof of her
   * consent then, kept whatever becomes of the new sign-up (anyone may type her address into the
   * form) until she is erased.
   */
  earlier?: FormerMembership[]
}

/** A membership that ended: when she asked, on which page and wording, confirmed and left. */
export type FormerMembership = Pick<
  Member,
  "askedAt" | "page" | "wording" | "confirmedAt" | "leftAt"
>

/** `stale`: a link from before her latest sign-up (she left and joined again since). */
export type ConfirmResult = "confirmed" | "already-confirmed" | "left" | "stale" | "unknown"
/** `forgotten`: she had not confirmed, so nothing of her is kept (her sign-up is deleted). */
export type LeaveResult = "left" | "forgotten" | "unknown"

/** The staff's actions on the list: login, time, action; never an address. */
export interface AuditLog {
  record(entry: AuditEntry): Promise<void>
  /** Newest first. */
  recent(limit?: number): Promise<AuditEntry[]>
}

/**
 * An e-mail the list sends, as a job: written in the same transaction as the member's change that
 * calls for it, so a sign-up the visitor saw succeed always has its e-mail waiting, and a sender
 * in the long-lived process delivers it (../node/sender.ts).
 */
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

/** The store's side of the outbox: the sender works through it, the staff's page asks what waits. */
export interface Outbox {
  /**
   * Up to `limit` jobs due at `now`, oldest first, each claimed for `leaseMs` (its `notBefore`
   * moved on in one transaction), so two senders never take the same job.
   */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxJob[]>
  /** Sent: the job is deleted. */
  complete(id: string): Promise<void>
  /**
   * Refused for good by her mail server (`why`: its answer, without her address): the job is
   * deleted, her record says which e-mail was refused, when and why, until another is queued for
   * her, and the audit log notes it. Nothing is recorded for a job no longer waiting (she
   * confirmed, left or was erased meanwhile).
   */
  refused(id: string, why: string): Promise<void>
  /** Not sent: tried again from `notBefore`, with `attempts` one more. */
  retry(id: string, notBefore: Date, error: string): Promise<void>
  /** The next time a job is due, to sleep until then (undefined: the outbox is empty). */
  nextDue(): Promise<Date | undefined>
  /** The jobs that failed at least once and wait to be tried again; undefined when none. */
  delayed(): Promise<MailDelay | undefined>
}

/**
 * What the wing's handlers find on the context (`c.var`), put there by the route table's
 * middleware (src/server/app.ts) before each runs, so each handler is a plain `(c) => Response`.
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
 * What a runtime gives the membership wing for the settings of a request (`Runtime` in
 * src/server/app.ts), put on the context as `c.var.membership`: where sign-ups go and their
 * limits, and, where the runtime keeps the list itself, the store and the secret that signs her
 * links.
 */
export interface Membership {
  /** Where sign-ups go: the site's own store, a provider, or none that works (and says why). */
  list: MailingList
  /**
   * The provider the settings name (SIGNUP_PROVIDER, lower-cased, as `providerNamed` in
   * ./providers/fromEnv.ts reads it), known to the site or not; undefined where none is named.
   * The staff's door shows it (./staff/staffAccess.ts) in place of the store.
   */
  provider?: string
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
  /** A live server with no mail server set: its e-mails are written as files, and no one has them. */
  mailOff?: true
}

/** What a request the staff's door let in works with. */
interface StaffDesk {
  identity: StaffIdentity
  /** The list kept here; none where a provider keeps it, or on a host without a disk. */
  store?: MemberStore
  /** The list's e-mails go to no one (`OwnList`'s). */
  mailOff?: true
  provider?: { name: string; url: string }
}
