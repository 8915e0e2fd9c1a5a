import type { MailDelay } from "../../membersApi"
import type { Outbox, OutboxJob } from "../../web/memberStore"
import type { StorePart } from "./lmdbStore"
import { keepEntry } from "./auditLog"

/**
 * The outbox as the sender (../sender.ts) works through it. Each e-mail the list sends is a job,
 * queued in the same transaction as the member's change that calls for it (./members.ts).
 */

/** The sender's side of it. */
export function outbox({ write, read, now }: StorePart): Outbox {
  return {
    claimDue: (at, limit, leaseMs) =>
      write((db) => {
        const due: OutboxJob[] = []
        // Keys sort by creation time: oldest first.
        for (const { value } of db.outbox.getRange()) {
          if (due.length >= limit) break
          if (Date.parse(value.notBefore) > at.getTime()) continue
          const claimed = { ...value, notBefore: new Date(at.getTime() + leaseMs).toISOString() }
          db.outbox.putSync(value.id, claimed)
          due.push(value)
        }
        return due
      }),
    complete: (id) => write((db) => void db.outbox.removeSync(id)),
    refused: (id, why) =>
      write((db) => {
        const job = db.outbox.get(id)
        if (!job) return
        db.outbox.removeSync(id)
        const key = db.ids.get(job.memberId)
        const member = key === undefined ? undefined : db.members.get(key)
        if (key === undefined || !member) return
        const at = now().toISOString()
        db.members.putSync(key, { ...member, refused: { email: job.kind, at, answer: why } })
        keepEntry(db, { at, action: `${job.kind}Refused` })
      }),
    retry: (id, notBefore, error) =>
      write((db) => {
        const job = db.outbox.get(id)
        if (!job) return
        db.outbox.putSync(id, {
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
    delayed: () =>
      read((db) => {
        let delay: MailDelay | undefined
        // Oldest first: the first failed job gives `since`, the last the latest answer.
        for (const { value } of db.outbox.getRange()) {
          if (value.attempts === 0) continue
          delay = {
            waiting: (delay?.waiting ?? 0) + 1,
            since: delay?.since ?? value.createdAt,
            lastAnswer: value.lastError ?? delay?.lastAnswer,
          }
        }
        return delay
      }),
  }
}
