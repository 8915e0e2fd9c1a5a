import { resendLimit, type ResendResult } from "../../membersApi"
import { embeddedStoreName, type Consent, type SubscribeResult } from "../../web/mailingList"
import type { EmailKind } from "../../emails/renderEmail"
import type {
  ConfirmResult,
  FormerMembership,
  LeaveResult,
  Member,
  MemberStore,
  OutboxJob,
} from "../../web/memberStore"
import { randomId } from "../../../utils/base64url"
import { memberKey } from "../../web/signup/address"
import type { Databases, StorePart } from "./lmdbStore"
import { dayMs } from "../../../utils/dates"

/**
 * A member's life on the list, with double opt-in: a sign-up is kept as pending and her
 * confirmation queued in the same transaction; her link confirms her and queues the welcome; she
 * leaves at once; the staff resend or erase; an unconfirmed sign-up is forgotten in time. Keyed by
 * the lower-cased address, so the same address twice is one member.
 *
 * For each member it keeps the proof of her consent and no more: the address, when she asked,
 * when she confirmed, from which page, which version of the sign-up's wording she saw, when she
 * left; and an e-mail her mail server refused for good, until another is queued for her
 * (./outbox.ts). No IP address, name or tracking.
 */

type Lifecycle = Omit<MemberStore, "audit" | "outbox">

// Sorts by creation: the time, then this process's count (two jobs in one millisecond keep their
// order), then a random part (unique across processes).
let jobsMade = 0
const jobId = (now: Date) =>
  `${now.toISOString()}~${(jobsMade++).toString(36).padStart(8, "0")}~${randomId()}`

/**
 * Queues an e-mail to her, in the caller's transaction (the outbox: ./outbox.ts), to go at once
 * or once `notBefore` has come.
 */
function queue(db: Databases, kind: EmailKind, member: Member, now: Date, notBefore = now) {
  const job: OutboxJob = {
    id: jobId(now),
    kind,
    to: member.address,
    memberId: member.id,
    createdAt: now.toISOString(),
    attempts: 0,
    notBefore: notBefore.toISOString(),
  }
  db.outbox.putSync(job.id, job)
}

/** Her jobs still waiting (she left, or is erased: nothing more goes out to her). */
function dropJobs(db: Databases, memberId: string) {
  for (const { key, value } of db.outbox.getRange()) {
    if (value.memberId === memberId) db.outbox.removeSync(key)
  }
}

/** Of the times her confirmations went (or are to go), those of the last day before `at`, and later. */
const withinDay = (sent: readonly string[] | undefined, at: Date) =>
  (sent ?? []).filter((t) => at.getTime() - Date.parse(t) < dayMs)

/**
 * Her confirmations sent (or to be sent) in the last day, of the times kept in her record (or
 * since she left unconfirmed), whether one more now would break the limit, and when the next may go.
 */
function resendState(sent: readonly string[] | undefined, at: Date) {
  const recent = withinDay(sent, at)
  const times = recent.map((t) => Date.parse(t)).sort((a, b) => a - b)
  const afterGap = Math.max(0, ...times) + resendLimit.minimumGapMs
  // A day after the one that leaves room for another within the day's count.
  const dayFrees =
    times.length >= resendLimit.perDay ? (times.at(-resendLimit.perDay) ?? 0) + dayMs : 0
  const next = new Date(Math.max(at.getTime(), afterGap, dayFrees))
  return { recent, limited: next.getTime() > at.getTime(), next }
}

/**
 * Whether her confirmation still waits in the outbox (the mail server down or out of reach, one
 * being sent, or one held back by the limit): another would reach her as a second copy.
 */
function confirmationWaiting(db: Databases, memberId: string): boolean {
  for (const { value: job } of db.outbox.getRange()) {
    if (job.memberId === memberId && job.kind === "confirmation") return true
  }
  return false
}

/** Her record as a new e-mail is queued for her: a refusal before it is no longer news. */
function withoutRefusal(member: Member): Member {
  const updated = { ...member }
  delete updated.refused
  return updated
}

/** Her confirmation once more, counted, in the caller's transaction. */
function confirmAgain(db: Databases, key: string, member: Member, recent: string[], at: Date) {
  const updated = { ...withoutRefusal(member), confirmationsSent: [...recent, at.toISOString()] }
  db.members.putSync(key, updated)
  queue(db, "confirmation", updated, at)
}

/** What a record of one who left keeps of her membership, when she signs up again. */
function formerMembership({
  askedAt,
  page,
  wording,
  confirmedAt,
  leftAt,
}: Member): FormerMembership {
  return {
    askedAt,
    page,
    wording,
    ...(confirmedAt ? { confirmedAt } : {}),
    ...(leftAt ? { leftAt } : {}),
  }
}

/** The member with this id, and her key, in the caller's transaction. */
function found(db: Databases, memberId: string) {
  const key = db.ids.get(memberId)
  const value = key === undefined ? undefined : db.members.get(key)
  return key === undefined || value === undefined ? undefined : { key, member: value }
}

/**
 * A new sign-up of one who left, unconfirmed, given up (taken off, or forgotten after
 * `pendingDays`): she is back as she was, one who left, with her earlier membership's proof.
 */
function backToEarlier(db: Databases, key: string, member: Member, earlier: FormerMembership[]) {
  dropJobs(db, member.id)
  const { id, address, confirmationsSent } = member
  const last = earlier.at(-1)
  if (!last) return
  const before = earlier.slice(0, -1)
  db.members.putSync(key, {
    id,
    address,
    confirmationsSent,
    ...last,
    status: "left",
    ...(before.length > 0 ? { earlier: before } : {}),
  })
}

/** Deletes her record, her id and her waiting e-mails, in the caller's transaction. */
function remove(db: Databases, key: string, member: Member) {
  db.members.removeSync(key)
  db.ids.removeSync(member.id)
  dropJobs(db, member.id)
}

export function members(
  { folder, now, write, read, removed }: StorePart,
  onQueued: () => void,
  memberId: (addressKey: string) => Promise<string> = async () => randomId(),
): Lifecycle {
  return {
    name: embeddedStoreName,

    async subscribe(address, consent?: Consent): Promise<SubscribeResult> {
      try {
        let queued = false
        const key = memberKey(address)
        const newId = await memberId(key)
        const result = await write((db): SubscribeResult => {
          const at = now()
          const member = db.members.get(key)
          if (member?.status === "confirmed") return "already-member"
          // The same address again (pending, one who left, or one who left unconfirmed lately):
          // the confirmation once more, within the limit, which a bot re-submitting her address
          // cannot reset, not even by her own leave.
          const sent = member?.confirmationsSent ?? db.sentBeforeLeaving.get(newId)
          const { recent, limited, next } = resendState(sent, at)
          if (member?.status === "pending") {
            if (limited || confirmationWaiting(db, member.id)) return "already-asked"
            confirmAgain(db, key, member, recent, at)
            queued = true
            return "joined"
          }
          // New, or one who left and joins again: pending until she confirms, by the same id. One
          // who left has no link that confirms (they were for the sign-up before): hers goes as
          // soon as the limit allows, which a bot re-submitting her address cannot hasten.
          const fresh: Member = {
            id: member?.id ?? newId,
            address: member?.address ?? address,
            status: "pending",
            askedAt: at.toISOString(),
            page: consent?.page ?? "",
            wording: consent?.wording ?? "",
            confirmationsSent: [...recent, next.toISOString()],
            // One who left: her memberships before, this one last.
            ...(member ? { earlier: [...(member.earlier ?? []), formerMembership(member)] } : {}),
          }
          db.members.putSync(key, fresh)
          db.ids.putSync(fresh.id, key)
          db.sentBeforeLeaving.removeSync(fresh.id)
          queue(db, "confirmation", fresh, at, next)
          queued = true
          return "joined"
        })
        if (queued) onQueued()
        return result
      } catch (error) {
        console.error(`sign-up: the member store at ${folder} failed: ${describe(error)}`)
        return "unavailable"
      }
    },

    async confirm(memberId, linkSignedAt) {
      const result = await write((db): ConfirmResult => {
        const her = found(db, memberId)
        if (!her) return "unknown"
        const { key, member } = her
        if (member.status === "confirmed") return "already-confirmed"
        if (member.status === "left") return "left"
        // Only a link sent for this sign-up: one from before she left and joined again is not
        // her consent to this one (links are signed in the same second as the sign-up or later).
        if (linkSignedAt && linkSignedAt.getTime() < Date.parse(member.askedAt) - 1000)
          return "stale"
        const at = now()
        const confirmed = {
          ...withoutRefusal(member),
          status: "confirmed" as const,
          confirmedAt: at.toISOString(),
        }
        db.members.putSync(key, confirmed)
        // Her confirmation is done with: only the welcome goes out now.
        dropJobs(db, memberId)
        queue(db, "welcome", confirmed, at)
        return "confirmed"
      })
      if (result === "confirmed") onQueued()
      return result
    },

    async leave(memberId) {
      let gone: string | undefined
      const result = await write((db): LeaveResult => {
        const her = found(db, memberId)
        if (!her) return "unknown"
        const { key, member } = her
        dropJobs(db, memberId)
        if (member.status === "pending" && member.earlier?.length) {
          backToEarlier(db, key, member, member.earlier)
          return "left"
        }
        if (member.status === "pending") {
          // She never joined: nothing of her is kept (as if she had ignored the e-mail) but, by
          // her id, when her confirmations went this last day: else whoever typed her address
          // could send her one more after each leave, the more she asked to stop.
          const at = now()
          const sent = withinDay(member.confirmationsSent, at).filter(
            (t) => Date.parse(t) <= at.getTime(),
          )
          if (sent.length > 0) db.sentBeforeLeaving.putSync(member.id, sent)
          remove(db, key, member)
          gone = member.address
          return "forgotten"
        }
        if (member.status !== "left") {
          db.members.putSync(key, { ...member, status: "left", leftAt: now().toISOString() })
        }
        return "left"
      })
      if (gone !== undefined) await removed([gone])
      return result
    },

    byId: (memberId) => read((db) => found(db, memberId)?.member),

    async resendConfirmation(memberId) {
      let queued = false
      const result = await write((db): ResendResult => {
        const her = found(db, memberId)
        if (!her) return "unknown"
        const { key, member } = her
        if (member.status !== "pending") return "notPending"
        if (confirmationWaiting(db, memberId)) return "waiting"
        const at = now()
        const { recent, limited } = resendState(member.confirmationsSent, at)
        if (limited) return "limited"
        confirmAgain(db, key, member, recent, at)
        queued = true
        return "sent"
      })
      if (queued) onQueued()
      return result
    },

    async erase(who) {
      // Her id as the server makes it: what was kept of a sign-up she left goes too.
      const id = "id" in who ? who.id : await memberId(memberKey(who.address))
      const address = await write((db) => {
        db.sentBeforeLeaving.removeSync(id)
        const key = "id" in who ? db.ids.get(who.id) : memberKey(who.address)
        const member = key === undefined ? undefined : db.members.get(key)
        if (key === undefined || member === undefined) return undefined
        remove(db, key, member)
        return member.address
      })
      if (address === undefined) return false
      await removed([address])
      return true
    },

    async forgetUnconfirmed(before) {
      const forgotten = await write((db) => {
        // What was kept of a sign-up she left is kept a day, from her last confirmation.
        const at = now()
        for (const { key, value: sent } of db.sentBeforeLeaving.getRange()) {
          if (withinDay(sent, at).length === 0) db.sentBeforeLeaving.removeSync(key)
        }
        const addresses: string[] = []
        for (const { key, value: member } of db.members.getRange()) {
          // From the last confirmation sent: a link sent yesterday keeps its week.
          const lastAsked = Math.max(
            Date.parse(member.askedAt),
            ...member.confirmationsSent.map((t) => Date.parse(t)),
          )
          if (member.status !== "pending" || lastAsked >= before.getTime()) continue
          if (member.earlier?.length) {
            backToEarlier(db, key, member, member.earlier)
            continue
          }
          remove(db, key, member)
          addresses.push(member.address)
        }
        return addresses
      })
      if (forgotten.length > 0) await removed(forgotten)
      return forgotten.length
    },

    list: () =>
      read((db) => {
        const all = [...db.members.getRange()].map(({ value }) => value)
        return all.sort((a, b) => a.askedAt.localeCompare(b.askedAt))
      }),
  }
}

/** Error names and messages from LMDB or the file system carry paths, never addresses. */
function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}
