import type { AuditEntry } from "../../membersApi"
import type { AuditLog } from "../../web/memberStore"
import { randomId } from "../../../utils/base64url"
import type { Databases, StorePart } from "./lmdbStore"

/** The audit log keeps the latest entries only: who did what lately, not a history. */
export const auditLength = 200

/**
 * Of those, the mail servers' refusals kept: anyone may sign up, so a run of dead addresses would
 * otherwise push the staff's own actions out of the log.
 */
export const refusalsKept = 20

/** An entry, in the caller's transaction (a refusal is noted with the mark on her record). */
export function keepEntry(db: Databases, entry: AuditEntry) {
  db.audit.putSync(`${entry.at}~${randomId()}`, entry)
  let kept = 0
  let refusals = 0
  for (const { key, value } of db.audit.getRange({ reverse: true })) {
    const refusal = value.login === undefined
    if (refusal) refusals += 1
    if (kept >= auditLength || (refusal && refusals > refusalsKept)) db.audit.removeSync(key)
    else kept += 1
  }
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
