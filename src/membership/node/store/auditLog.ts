import type { AuditLog } from "../../web/memberStore"
import { newMemberId } from "../../web/links/signedLinks"
import type { StorePart } from "./lmdbStore"

/** The audit log keeps the latest entries only: who did what lately, not a history. */
export const auditLength = 200

/** The staff's actions on the list: login, time, action; never an address. */
export function auditLog({ write, read }: StorePart): AuditLog {
  return {
    record: (entry) =>
      write((db) => {
        db.audit.putSync(`${entry.at}~${newMemberId()}`, entry)
        const keys = [...db.audit.getKeys({ reverse: true })]
        for (const old of keys.slice(auditLength)) db.audit.removeSync(old)
      }),
    recent: (limit = auditLength) =>
      read((db) =>
        [...db.audit.getRange({ reverse: true, limit })].map(({ value }) =>
          // Before /api/members/leave became /api/members/take-off, the action was called so.
          (value.action as string) === "leave" ? { ...value, action: "takeOff" as const } : value,
        ),
      ),
  }
}
