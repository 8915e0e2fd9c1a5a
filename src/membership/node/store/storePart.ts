import type { Database, RootDatabase } from "lmdb"
import type { AuditEntry } from "../../membersApi"
import type { Member, OutboxJob } from "../../web/memberStore"

/** What each part of the LMDB store (./lmdbStore.ts) works with. */

/** The members (by lower-cased address), an index from id to that key, the outbox, the audit log. */
export interface Databases {
  root: RootDatabase
  members: Database<Member, string>
  ids: Database<string, string>
  outbox: Database<OutboxJob, string>
  audit: Database<AuditEntry, string>
}

/** What each part of the store is given (./memberStore.ts makes it): reads and writes on the databases. */
export interface StorePart {
  folder: string
  now: () => Date
  /** A write transaction, all or nothing, resolved once it is on the disk (overlappingSync off). */
  write<T>(change: (db: Databases) => T): Promise<T>
  read<T>(look: (db: Databases) => T): Promise<T>
  /** Records deleted outright: the store is compacted (no freed page keeps them), then onRemoved. */
  removed(addresses: string[]): Promise<void>
}
