import type { MemberStore, OutboxJob } from "../../web/memberStore"
import { auditLog } from "./auditLog"
import { compact, storeExists, using, type StorePart } from "./databases"
import { members } from "./members"
import { outbox } from "./outbox"

/**
 * The member store on the server's own disk (the port: ../../web/memberStore.ts), made of its
 * parts: the databases (./databases.ts), the first store's migration (./firstStore.ts), a
 * member's life on the list (./members.ts), the outbox (./outbox.ts) and the audit log
 * (./auditLog.ts). A sign-up is kept as pending and its confirmation e-mail written, as a job of
 * the outbox, in the same transaction: the sender delivers it later, so a sign-up the visitor saw
 * succeed always has its e-mail, even if the process dies the moment after.
 */

export interface MemberStoreOptions {
  now?: () => Date
  /** Called once a transaction that queued an e-mail is on the disk: the sender wakes. */
  onQueued?: () => void
  /**
   * Called (and waited for) once a record is deleted outright, erased or forgotten, with her
   * address: what is kept of her beside the store goes too (the copies of her e-mails).
   */
  onRemoved?: (address: string) => Promise<unknown>
}

export function memberStore(folder: string, options: MemberStoreOptions = {}): MemberStore {
  const part: StorePart = {
    folder,
    now: options.now ?? (() => new Date()),
    write: (change) => using(folder, (db) => db.root.transaction(() => change(db))),
    read: (look) => using(folder, look),
    async removed(addresses) {
      await compact(folder)
      for (const address of addresses) await options.onRemoved?.(address)
    },
  }
  return {
    ...members(part, options.onQueued ?? (() => {})),
    audit: auditLog(part),
    outbox: outbox(part),
  }
}

/** The list, for a script, without making a store where none is (members:export). */
export async function readMembers(folder: string) {
  return storeExists(folder) ? memberStore(folder).list() : []
}

/** The e-mails waiting in the outbox (tests, the export's checks). */
export async function readJobs(folder: string): Promise<OutboxJob[]> {
  if (!storeExists(folder)) return []
  return using(folder, (db) => [...db.outbox.getRange()].map(({ value }) => value))
}

export { closeMemberStores, memberStoreFolder } from "./databases"
