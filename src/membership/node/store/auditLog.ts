import type { AuditEntry } from "../../membersApi"
import type { AuditLog } from "../../web/memberStore"
import { newMemberId } from "../../web/links/signedLinks"
import type { Databases, StorePart } from "./lmdbStore"

/** The audit log keeps the latest entries only: who did what lately, not a history. */
export const auditLength = 200

/** An entry, in the caller's transaction (a refusal is noted with the mark on her record). */
export function keepEntry(db: Databases, entry: AuditEntry) {
  db.audit.putSync(`${entry.at}~${newMemberId()}`, entry)
  const keys = [...db.audit.getKeys({ reverse: true })]
  for (const old of keys.slice(auditLength)) db.audit.removeSync(old)
}

/** The staff's actions on the list, and the mail servers' refusals: time, action; never an address. */
export function auditLog({ write, read }: StorePart): AuditLog {
  return {
    record: (entry) => write((db) => keepEntry(db, entry)),
    recent: (limit = auditLength) =>
      read((db) =>
        [...db.audit.getRange({ reverse: true, limit })].map(({ value }) =>
          // Before /api/members/leave became /api/members/take-off, the action was called so.
          (value.action as string) === "leave" ? { ...value, action: "takeOff" as const } : value,
        ),
      ),
  }
}
