/**
 * What /api/members and its actions answer (src/membership/web/staff/handleStaff.ts), and what the staff's page
 * (src/membership/staffPage/components/MembersPage.tsx) reads: one description for both. Imports nothing: the
 * browser's bundle includes it.
 */

/**
 * Days her confirmation link works (src/membership/web/links/signedLinks.ts signs it so); the
 * CMS's hint for how long an unconfirmed sign-up is kept names it (src/content/model/membership.ts).
 */
export const confirmationDays = 7

export type MemberStatus = "pending" | "confirmed" | "left"

/**
 * Her e-mail that her mail server refused for good (a 5xx: no such mailbox, or the message
 * refused three times), recorded by the sender (src/membership/node/sender.ts) until another
 * e-mail is queued for her.
 */
export interface MailRefusal {
  /** Which of her two e-mails (src/membership/emails/renderEmail.ts, EmailKind). */
  email: "confirmation" | "welcome"
  /** ISO 8601, UTC. */
  at: string
  /** The mail server's answer, her address taken out. */
  answer: string
}

/**
 * How often a pending sign-up is sent her confirmation, by the form or by the staff: at most once
 * a quarter hour, three times a day (src/membership/node/store/members.ts keeps it; the staff are told it).
 */
export const resendLimit = { minimumGapMs: 15 * 60_000, perDay: 3 }

/** One person, as the staff see her: nothing the store keeps as proof of consent beyond this. */
export interface MemberRow {
  id: string
  address: string
  status: MemberStatus
  /** ISO 8601, UTC. */
  askedAt: string
  confirmedAt?: string
  leftAt?: string
  /** She had been a member, and left then (ISO 8601), before this sign-up. */
  leftBefore?: string
  refused?: MailRefusal
}

/**
 * Her status as the staff's page and its figures show it: a sign-up whose confirmation her mail
 * server refused is not waiting for her any more, and says so.
 */
export type ShownStatus = MemberStatus | "refused"

export function shownStatus({ status, refused }: MemberRow): ShownStatus {
  return status === "pending" && refused?.email === "confirmation" ? "refused" : status
}

export interface MemberCounts {
  /** Confirmed members. */
  members: number
  /** Pending, but for those whose confirmation was refused. */
  pending: number
  /** Pending, and her confirmation refused by her mail server. */
  refused: number
  left: number
  /** Confirmed in the last 7 and 30 days. */
  joinedThisWeek: number
  joinedThisMonth: number
}

/**
 * E-mails of the list that have not gone out: the mail server refused them for now, or could not
 * be reached. They are tried again by themselves; the staff's page says so until they go.
 */
export interface MailDelay {
  /** E-mails waiting that failed at least once. */
  waiting: number
  /** ISO 8601, UTC: when the oldest of them was queued. */
  since: string
  /** The mail server's last answer, or why it could not be reached (never an address). */
  lastAnswer?: string
}

export type StaffAction = "export" | "export-all" | "resend" | "takeOff" | "erase"

/** What a mail server did to the list's e-mail, which the audit log keeps beside the staff's. */
type MailServerAction = "confirmationRefused" | "welcomeRefused"

/** The audit log: who did what, when; never whom it was done to. */
export interface AuditEntry {
  at: string
  /** The staff's GitHub login; none for a mail server's doing. */
  login?: string
  action: StaffAction | MailServerAction
}

/** Who the page is signed in as; `local` on this computer under `npm run cms` (no sign-in). */
export interface StaffIdentity {
  login: string
  local: boolean
}

export type MembersAnswer =
  | (StaffIdentity & {
      list: "store"
      counts: MemberCounts
      /** Everyone, newest sign-up first. */
      members: MemberRow[]
      /** The latest entries, newest first. */
      audit: AuditEntry[]
      /** Set while e-mails wait on the mail server. */
      mailDelay?: MailDelay
      /** Set where the server has no mail server: its e-mails are written as files, and go to no one. */
      mailOff?: true
    })
  /** A provider keeps the list: the page links to it. */
  | (StaffIdentity & { list: "provider"; provider: { name: string; url: string } })
  /** Neither a store nor a provider (a host without a disk, and none set). */
  | (StaffIdentity & { list: "none" })

/** A refusal (any 4xx or 5xx of the staff's endpoints): what happened and what to do, in plain words. */
export interface StaffProblem {
  problem:
    | "signIn"
    | "refused"
    | "noPush"
    | "otherApp"
    | "tooMany"
    | "notSetUp"
    | "githubDown"
    | "otherSite"
    | "badRequest"
  message: string
}

/** What became of resending her confirmation (`limited`: within `resendLimit`). */
export type ResendResult = "sent" | "waiting" | "limited" | "notPending" | "unknown"

/** An action's answer (200 for every outcome; the message says what happened). */
export interface ActionAnswer {
  result: ResendResult | "left" | "forgotten" | "erased"
  message: string
}

/** The action endpoints' body. */
export interface ActionRequest {
  member: string
}
