import { chmodSync, copyFileSync, existsSync, readdirSync, renameSync, rmSync } from "node:fs"
import path from "node:path"
import type { Database, RootDatabase } from "lmdb"
import type { AuditEntry } from "../../membersApi"
import type { Member, MemberStore, OutboxJob } from "../../web/memberStore"
import { processWide } from "../../../utils/processWide"
import { secretFile } from "../linksSecret"
import { privateFileMode, privateFolder } from "../privateFiles"
import { auditLog } from "./auditLog"
import { moveFirstMembers } from "./firstStore"
import { members } from "./members"
import { outbox } from "./outbox"
import { errorMessage } from "../../../utils/errorMessage"
import type { HostEnv } from "../../../shared/hostEnv"

/**
 * Where the list lives: LMDB, an embedded transactional database (npm `lmdb`, whose builds for
 * each platform come from the npm registry), in a folder of the server's own disk. Each
 * transaction is flushed to disk before it is acknowledged; writers are serialised by LMDB, across
 * processes too. This file opens it, shares its one handle, compacts it after an erasure, and
 * makes the member store of its parts (below).
 */

/** The members (by lower-cased address), an index from id to that key, the outbox, the audit log. */
export interface Databases {
  root: RootDatabase
  members: Database<Member, string>
  ids: Database<string, string>
  outbox: Database<OutboxJob, string>
  audit: Database<AuditEntry, string>
  /**
   * By her id, never her address: when confirmations went to a sign-up she left unconfirmed,
   * kept for a day, so that her address signed up again cannot reset the resend limit.
   */
  sentBeforeLeaving: Database<string[], string>
}

/** What each part of the store is given (memberStore, below): reads and writes on the databases. */
export interface StorePart {
  folder: string
  now: () => Date
  /** A write transaction, all or nothing, resolved once it is on the disk (overlappingSync off). */
  write<T>(change: (db: Databases) => T): Promise<T>
  read<T>(look: (db: Databases) => T): Promise<T>
  /** Records deleted outright: the store is compacted (no freed page keeps them), then onRemoved. */
  removed(addresses: string[]): Promise<void>
}

const databaseFile = "members.mdb"
/** LMDB's files beside the data: its lock file (the readers' table). */
const lockFile = `${databaseFile}-lock`

/** The store's folder: MEMBERS_STORE, or .members/ beside package.json (never under public/). */
export function memberStoreFolder(env: HostEnv, cwd = process.cwd()): string {
  return path.resolve(cwd, env.MEMBERS_STORE || ".members")
}

/** Whether a store was ever made in the folder (the scripts read none into being). */
export const storeExists = (folder: string) => existsSync(path.join(folder, databaseFile))

/**
 * A folder's open store, and the uses of it under way: compacting it (after an erasure) waits for
 * them to end and holds new ones back until the compacted file is open.
 */
interface OpenStore {
  databases: Promise<Databases>
  using: Set<Promise<unknown>>
  compacting?: Promise<void>
}

// LMDB allows one handle per database file in a process: every caller shares it.
const openStores = processWide("memberStores.v3", () => new Map<string, OpenStore>())

async function openDatabases(folder: string): Promise<Databases> {
  privateFolder(folder)
  // Required at run time from the project's node_modules, never bundled: Gatsby compiles its
  // Functions with webpack, which cannot bundle LMDB's native binary (Gatsby refuses an
  // `import "lmdb"` there), and the Functions run in Node beside node_modules. Node's module
  // API is reached through process.getBuiltinModule (Node 20.16+) because webpack rewrites
  // an imported createRequire into its own require (docs/architecture.md, the bends table).
  const { createRequire } = process.getBuiltinModule("node:module")
  const requireFromProject = createRequire(path.join(process.cwd(), "package.json"))
  const { open } = requireFromProject("lmdb") as typeof import("lmdb")
  // Each commit is synced to the disk before its promise resolves. LMDB's default on Linux
  // (overlappingSync) resolves first and flushes later, and its `flushed` promise could then wait
  // for a flush that only the next write brings: the last sign-ups of a burst hung (loadtest).
  const root = open({ path: path.join(folder, databaseFile), overlappingSync: false, maxDbs: 8 })
  for (const file of [databaseFile, lockFile]) chmodSync(path.join(folder, file), privateFileMode)
  const db: Databases = {
    root,
    members: root.openDB<Member, string>({ name: "members" }),
    ids: root.openDB<string, string>({ name: "ids" }),
    outbox: root.openDB<OutboxJob, string>({ name: "outbox" }),
    audit: root.openDB<AuditEntry, string>({ name: "audit" }),
    sentBeforeLeaving: root.openDB<string[], string>({ name: "sentBeforeLeaving" }),
  }
  await moveFirstMembers(root, db.members, db.ids)
  return db
}

function openStore(folder: string): OpenStore {
  let store = openStores.get(folder)
  if (!store) {
    const databases = openDatabases(folder)
    store = { databases, using: new Set() }
    openStores.set(folder, store)
    databases.catch(() => openStores.delete(folder))
  }
  return store
}

/** Runs `use` on the folder's databases, once any compaction of them is done. */
async function using<T>(folder: string, use: (db: Databases) => T | Promise<T>): Promise<T> {
  let store = openStore(folder)
  while (store.compacting) {
    // A failed one is the erasure's to report (memberStore's `removed`): this use goes on.
    await store.compacting.catch(() => undefined)
    store = openStore(folder)
  }
  // Counted from here, with no wait in between: a compaction that starts now waits for it.
  const run = store.databases.then(use)
  store.using.add(run)
  try {
    return await run
  } finally {
    store.using.delete(run)
  }
}

/**
 * Rewrites the store without its free pages. LMDB does not zero what it frees: an erased address
 * stays in the file until its page is used again, perhaps many writes later. A compacting copy
 * (LMDB's own MDB_CP_COMPACT) holds only what is live; it replaces the file, and the store opens
 * again. Waits for the uses under way and holds new ones back meanwhile (a few milliseconds for a
 * boutique's list: docs/signups.md). Another process with the store open keeps the old file: erase
 * through the running server (`npm run members:remove` does).
 */
async function compact(folder: string): Promise<void> {
  const store = openStores.get(folder)
  if (!store || store.compacting) return store?.compacting
  store.compacting = (async () => {
    await Promise.allSettled([...store.using])
    const db = await store.databases
    const file = path.join(folder, databaseFile)
    const copy = `${file}.compacting`
    rmSync(copy, { force: true })
    await compactingCopy(db, copy)
    try {
      await db.root.close()
      renameSync(copy, file)
    } finally {
      // Closed: the next use opens the file again, compacted or (had the rename failed) as it was.
      openStores.delete(folder)
    }
  })()
  try {
    await store.compacting
  } finally {
    // A failed copy leaves the store as it was, open: nothing is lost, and the next erase tries again.
    store.compacting = undefined
  }
}

/** lmdb's environment handle, whose copy() takes LMDB's compact flag (its backup() does not). */
interface CompactingEnv {
  copy(path: string, compact: boolean, done: (error?: Error) => void): void
}

/** LMDB's own copy of one moment of the store, without its free pages (mdb_copy -c), 0600. */
async function compactingCopy(db: Databases, file: string): Promise<void> {
  const env = (db.root as unknown as { env: CompactingEnv }).env
  await new Promise<void>((resolve, reject) =>
    env.copy(file, true, (error) => (error ? reject(error) : resolve())),
  )
  chmodSync(file, privateFileMode)
}

/**
 * A copy of the store into a new folder, as it was at one moment, taken while the server runs,
 * with the links' secret beside it when the store keeps it: what `npm run members:backup` writes
 * (docs/signups.md, "Backups"). Answers how many people it holds.
 */
export async function backUpStore(folder: string, destination: string): Promise<number> {
  if (!storeExists(folder)) throw new Error(`No member store at ${folder} (set MEMBERS_STORE?).`)
  if (existsSync(destination) && readdirSync(destination).length > 0) {
    throw new Error(`${destination} is not empty: give each copy a new folder.`)
  }
  privateFolder(destination)
  const count = await using(folder, async (db) => {
    await compactingCopy(db, path.join(destination, databaseFile))
    return db.members.getCount()
  })
  const secret = path.join(folder, secretFile)
  if (existsSync(secret)) {
    copyFileSync(secret, path.join(destination, secretFile))
    chmodSync(path.join(destination, secretFile), privateFileMode)
  }
  return count
}

/** Closes the handles this process opened (tests, scripts, the server's shutdown). */
export async function closeMemberStores(): Promise<void> {
  const opened = [...openStores.values()]
  openStores.clear()
  for (const store of opened) {
    await store.compacting?.catch(() => {})
    await Promise.allSettled([...store.using])
  }
  for (const db of await Promise.allSettled(opened.map((store) => store.databases))) {
    if (db.status === "fulfilled") await db.value.root.close()
  }
}

/**
 * The member store on the server's own disk (the port: ../../web/memberStore.ts), made of its
 * parts: the databases (above), the first store's migration (./firstStore.ts), a member's life
 * on the list with the e-mails it queues (./members.ts), the sender's side of the outbox
 * (./outbox.ts) and the audit log (./auditLog.ts). A sign-up is kept as pending and its confirmation e-mail written, as a job of
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
  /**
   * A new member's id from her address's key (the server: `memberIdFor`, under the links'
   * secret, so that her id is the same each time she joins); random when not given.
   */
  memberId?: (addressKey: string) => Promise<string>
}

/**
 * The cause of a failed commit as LMDB rejects it (see withCommitError). Duck-typed: LMDB's
 * error and promise may come from another realm than the caller's (a test's sandbox).
 */
function commitErrorOf(error: unknown): PromiseLike<unknown> | undefined {
  const cause = (error as { commitError?: PromiseLike<unknown> } | null | undefined)?.commitError
  return typeof cause?.then === "function" ? cause : undefined
}

export const isCommitFailure = (error: unknown) => commitErrorOf(error) !== undefined

/**
 * LMDB rejects a failed commit with "Commit failed (see commitError for details)" and the cause
 * in a promise of its own, which nobody else awaits: the cause (ENOSPC: the disk is full) is put
 * in the message the log shows, and its promise is handled.
 */
async function withCommitError(error: unknown): Promise<never> {
  const cause = commitErrorOf(error)
  if (!cause) throw error
  const reason = await cause.then(
    () => undefined,
    (failed: unknown) => failed,
  )
  const code = (reason as NodeJS.ErrnoException | undefined)?.code
  const said = (reason as Error | undefined)?.message ?? String(reason)
  throw new Error(`the write was not saved: ${said}${code ? ` (${code})` : ""}`, { cause: error })
}

export function memberStore(folder: string, options: MemberStoreOptions = {}): MemberStore {
  const part: StorePart = {
    folder,
    now: options.now ?? (() => new Date()),
    write: (change) =>
      using(folder, (db) => db.root.transaction(() => change(db))).catch(withCommitError),
    read: (look) => using(folder, look),
    async removed(addresses) {
      // Her record is gone already: a copy that cannot be made (a full disk) leaves her only in
      // free pages until the next erasure compacts, and must not stop her copies going, nor
      // answer her leave or the staff's erasure with a failure.
      await compact(folder).catch((error: unknown) =>
        console.error(
          `members: could not compact the store after an erasure (the next one tries again): ${errorMessage(error)}`,
        ),
      )
      for (const address of addresses) await options.onRemoved?.(address)
    },
  }
  return {
    ...members(part, options.onQueued ?? (() => {}), options.memberId),
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
