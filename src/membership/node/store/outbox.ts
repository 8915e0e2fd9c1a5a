import type { EmailKind } from "../../emails/renderEmail"
import type { Member, Outbox, OutboxJob } from "../../web/memberStore"
import { newMemberId } from "../../web/links/signedLinks"
import type { Databases, StorePart } from "./storePart"

/**
 * The outbox: each e-mail the list sends is a job, written in the same transaction as the change
 * that calls for it (./members.ts), and worked through by the sender (../sender.ts).
 */

// Sorts by creation: the time, then this process's count (two jobs in one millisecond keep their
// order), then a random part (unique across processes).
let jobsMade = 0
const jobId = (now: Date) =>
  `${now.toISOString()}~${(jobsMade++).toString(36).padStart(8, "0")}~${newMemberId()}`

/** Queues an e-mail to her, in the caller's transaction. */
export function queue(db: Databases, kind: EmailKind, member: Member, now: Date) {
  const job: OutboxJob = {
    id: jobId(now),
    kind,
    to: member.address,
    memberId: member.id,
    createdAt: now.toISOString(),
    attempts: 0,
    notBefore: now.toISOString(),
  }
  db.outbox.put(job.id, job)
}

/** Her jobs still waiting (she left, or is erased: nothing more goes out to her). */
export function dropJobs(db: Databases, memberId: string) {
  for (const { key, value } of db.outbox.getRange()) {
    if (value.memberId === memberId) db.outbox.remove(key)
  }
}

/** The sender's side of it. */
export function outbox({ write, read }: StorePart): Outbox {
  return {
    claimDue: (at, limit, leaseMs) =>
      write((db) => {
        const due: OutboxJob[] = []
        // Keys sort by creation time: oldest first.
        for (const { value } of db.outbox.getRange()) {
          if (due.length >= limit) break
          if (Date.parse(value.notBefore) > at.getTime()) continue
          const claimed = { ...value, notBefore: new Date(at.getTime() + leaseMs).toISOString() }
          db.outbox.put(value.id, claimed)
          due.push(value)
        }
        return due
      }),
    complete: (id) => write((db) => void db.outbox.remove(id)),
    retry: (id, notBefore, error) =>
      write((db) => {
        const job = db.outbox.get(id)
        if (!job) return
        db.outbox.put(id, {
          ...job,
          attempts: job.attempts + 1,
          notBefore: notBefore.toISOString(),
          lastError: error,
        })
      }),
    nextDue: () =>
      read((db) => {
        let next: number | undefined
        for (const { value } of db.outbox.getRange()) {
          const at = Date.parse(value.notBefore)
          if (next === undefined || at < next) next = at
        }
        return next === undefined ? undefined : new Date(next)
      }),
  }
}
