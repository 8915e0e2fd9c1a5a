import { chmodSync, existsSync, renameSync, rmSync } from "node:fs"
import path from "node:path"
import type { Database, RootDatabase } from "lmdb"
import type { ConfirmResult, LeaveResult, MemberActions } from "../mail/handleMembership"
import {
  resendLimit,
  type AuditEntry,
  type MemberRow,
  type MemberStatus,
} from "../shared/membersApi"
import type { EmailKind, Outbox, OutboxJob } from "../mail/outbox"
import { newMemberId } from "../mail/tokens"
import { memberKey } from "../signup/address"
import type { Consent, MailingList, SignupEnv, SubscribeResult } from "../signup/mailingList"
import { privateFileMode, privateFolder } from "./privateFiles"

/**
 * The default list: members kept on the server's own disk in LMDB, an embedded transactional
 * database (npm `lmdb`, whose builds for each platform come from the npm registry), with double
 * opt-in. A sign-up is kept as pending and its confirmation e-mail is written, as a job of the
 * outbox, in the same transaction: the sender (./sender.ts) delivers it later, so a sign-up the
 * visitor saw succeed always has its e-mail, even if the process dies the moment after. Each
 * transaction is flushed to disk before it is acknowledged; writers are serialised by LMDB, across
 * processes too; the list is keyed by the lower-cased address, so the same address twice is one
 * member.
 *
 * For each member it keeps the proof of her consent and no more: the address, when she asked,
 * when she confirmed, from which page, which version of the sign-up's wording she saw, when she
 * left. No IP address, name or tracking.
 */

export type { MemberStatus }

/**
 * A member as kept: what the staff see of her (src/shared/membersApi.ts: her id, which her links'
 * tokens carry, never the address; her address, status and dates, in ISO 8601 UTC; `askedAt` the
 * last time she asked, if she joined again), and the rest of the proof of her consent.
 */
export interface Member extends MemberRow {
  /** The page whose form she used. */
  page: string
  /** The sign-up wording she saw (src/signup/texts.ts, `wordingVersion`). */
  wording: string
  /** When confirmation e-mails were queued for her in the last day (for the resend limit). */
  confirmationsSent: string[]
}

export { resendLimit }
const dayMs = 24 * 60 * 60_000

/** Her confirmations sent in the last day, and whether one more now would break the limit. */
function resendState(member: Member | undefined, at: Date) {
  const recent = (member?.confirmationsSent ?? []).filter(
    (t) => at.getTime() - Date.parse(t) < dayMs,
  )
  const last = Math.max(0, ...recent.map((t) => Date.parse(t)))
  const limited =
    at.getTime() - last < resendLimit.minimumGapMs || recent.length >= resendLimit.perDay
  return { recent, limited }
}

/** The store's folder: MEMBERS_STORE, or .members/ beside package.json (never under public/). */
export function memberStoreFolder(env: SignupEnv, cwd = process.cwd()): string {
  return path.resolve(cwd, env.MEMBERS_STORE || ".members")
}

/** The members, an index from id to address key, the outbox and the staff's audit log. */
interface Databases {
  root: RootDatabase
  members: Database<Member, string>
  ids: Database<string, string>
  outbox: Database<OutboxJob, string>
  audit: Database<AuditEntry, string>
}

/** The audit log keeps the latest entries only: who did what lately, not a history. */
export const auditLength = 200

/**
 * A folder's open store, and the uses of it under way: compacting it (after an erasure) waits for
 * them to end and holds new ones back until the compacted file is open.
 */
interface OpenStore {
  databases: Promise<Databases>
  using: Set<Promise<unknown>>
  compacting?: Promise<void>
}

// LMDB allows one handle per database file in a process: every caller shares it, even a module
// loaded again (Gatsby reloads a Function's module for every request), hence globalThis.
const registry = Symbol.for("evergrace.signup.databases.v3")
const holder = globalThis as typeof globalThis & { [registry]?: Map<string, OpenStore> }
const openStores = (holder[registry] ??= new Map<string, OpenStore>())

const databaseFile = "members.mdb"
/** LMDB's files beside the data: its lock file (the readers' table). */
const lockFile = `${databaseFile}-lock`

async function openDatabase(folder: string): Promise<Databases> {
  privateFolder(folder)
  // Required at run time from the project's node_modules, never bundled: Gatsby compiles its
  // Functions with webpack, which cannot bundle LMDB's native binary (Gatsby refuses an
  // `import "lmdb"` there), and the Functions run in Node beside node_modules. Node's module
  // API is reached through process.getBuiltinModule (Node 20.16+) because webpack rewrites
  // an imported createRequire into its own require.
  const { createRequire } = process.getBuiltinModule("node:module")
  const requireFromProject = createRequire(path.join(process.cwd(), "package.json"))
  const { open } = requireFromProject("lmdb") as typeof import("lmdb")
  // Each commit is synced to the disk before its promise resolves. LMDB's default on Linux
  // (overlappingSync) resolves first and flushes later, and its `flushed` promise could then wait
  // for a flush that only the next write brings: the last sign-ups of a burst hung (loadtest).
  const root = open({ path: path.join(folder, databaseFile), overlappingSync: false, maxDbs: 5 })
  for (const file of [databaseFile, lockFile]) chmodSync(path.join(folder, file), privateFileMode)
  const db: Databases = {
    root,
    members: root.openDB<Member, string>({ name: "members" }),
    ids: root.openDB<string, string>({ name: "ids" }),
    outbox: root.openDB<OutboxJob, string>({ name: "outbox" }),
    audit: root.openDB<AuditEntry, string>({ name: "audit" }),
  }
  await moveFirstMembers(db)
  return db
}

/**
 * The first store kept members in LMDB's unnamed database, where the named ones now keep their
 * names: its members (keys with an @) move into `members` once, in one transaction.
 */
async function moveFirstMembers({ root, members, ids }: Databases) {
  const first = [...root.getKeys()].filter((key) => typeof key === "string" && key.includes("@"))
  if (first.length === 0) return
  await root.transaction(() => {
    for (const key of first as string[]) {
      // Read again inside the transaction: another process may have moved it already.
      const value = root.get(key) as { address: string; joinedAt: string } | undefined
      if (value === undefined) continue
      if (members.get(key) === undefined) {
        const member = { ...asMember(value), id: newMemberId() }
        members.put(key, member)
        ids.put(member.id, key)
      }
      root.remove(key)
    }
  })
}

function openStore(folder: string): OpenStore {
  let store = openStores.get(folder)
  if (!store) {
    const databases = openDatabase(folder)
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
    await store.compacting
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
    const env = (db.root as unknown as { env: CompactingEnv }).env
    await new Promise<void>((resolve, reject) =>
      env.copy(copy, true, (error) => (error ? reject(error) : resolve())),
    )
    chmodSync(copy, privateFileMode)
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

/** A record from before double opt-in ({ address, joinedAt }): she joined, so she is a member. */
function asMember(value: Member | { address: string; joinedAt: string }): Member {
  if ("status" in value) return value
  return {
    id: "",
    address: value.address,
    status: "confirmed",
    askedAt: value.joinedAt,
    confirmedAt: value.joinedAt,
    page: "",
    wording: "",
    confirmationsSent: [],
  }
}

// Sorts by creation: the time, then this process's count (two jobs in one millisecond keep their
// order), then a random part (unique across processes).
let jobsMade = 0
const jobId = (now: Date) =>
  `${now.toISOString()}~${(jobsMade++).toString(36).padStart(8, "0")}~${newMemberId()}`

function queue(db: Databases, kind: EmailKind, member: Member, now: Date) {
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
function dropJobs(db: Databases, memberId: string) {
  for (const { key, value } of db.outbox.getRange()) {
    if (value.memberId === memberId) db.outbox.remove(key)
  }
}

export interface MemberStoreOptions {
  now?: () => Date
  /** Called once a transaction that queued an e-mail is on the disk: the sender wakes. */
  onQueued?: () => void
}

export interface MemberStore extends MailingList, MemberActions {
  /** Her link's confirmation: pending becomes confirmed, and the welcome is queued. */
  confirm(memberId: string, linkSignedAt?: Date): Promise<ConfirmResult>
  /** Her one click: she leaves at once, and what was waiting for her is dropped. */
  leave(memberId: string): Promise<LeaveResult>
  /** The member with this id, if she is still on the list (the sender, before each e-mail). */
  byId(memberId: string): Promise<Member | undefined>
  /** Deletes pending sign-ups asked for before `before`, with their jobs. */
  forgetUnconfirmed(before: Date): Promise<number>
  /** The staff resend her confirmation: pending only, within the form's limit. */
  resendConfirmation(memberId: string): Promise<ResendResult>
  /** Erases her entirely (the right to erasure); her address, for the copies kept elsewhere. */
  erase(memberId: string): Promise<string | undefined>
  /** Every member, by the time she asked, oldest first. */
  list(): Promise<Member[]>
  audit: AuditLog
  outbox: Outbox
}

export type ResendResult = "sent" | "limited" | "notPending" | "unknown"

/** The staff's actions on the list (src/staffApi/): login, time, action; never an address. */
export interface AuditLog {
  record(entry: AuditEntry): Promise<void>
  /** Newest first. */
  recent(limit?: number): Promise<AuditEntry[]>
}

export function memberStore(folder: string, options: MemberStoreOptions = {}): MemberStore {
  const now = options.now ?? (() => new Date())
  // A transaction's callback runs inside LMDB's write transaction, all or nothing; its promise
  // resolves once that is on the disk (overlappingSync off).
  const write = <T>(change: (db: Databases) => T): Promise<T> =>
    using(folder, (db) => db.root.transaction(() => change(db)))

  const byId = (memberId: string) =>
    using(folder, (db) => {
      const key = db.ids.get(memberId)
      const value = key === undefined ? undefined : db.members.get(key)
      return value && asMember(value)
    })

  return {
    name: "embedded store",

    async subscribe(address, consent?: Consent): Promise<SubscribeResult> {
      try {
        let queued = false
        const result = await write((db): SubscribeResult => {
          const key = memberKey(address)
          const found = db.members.get(key)
          const at = now()
          const member = found && asMember(found)
          if (member?.status === "confirmed") return "already-member"
          // The same address again (pending, or one who left): the confirmation once more, within
          // the limit, which a bot re-submitting her address cannot reset.
          const { recent, limited } = resendState(member, at)
          if (member?.status === "pending") {
            if (limited) return "joined"
            const updated = { ...member, confirmationsSent: [...recent, at.toISOString()] }
            db.members.put(key, updated)
            queue(db, "confirmation", updated, at)
            queued = true
            return "joined"
          }
          if (member && limited) return "joined"
          // New, or one who left and joins again: pending until she confirms, by the same id.
          const fresh: Member = {
            id: member?.id || newMemberId(),
            address: member?.address ?? address,
            status: "pending",
            askedAt: at.toISOString(),
            page: consent?.page ?? "",
            wording: consent?.wording ?? "",
            confirmationsSent: [...recent, at.toISOString()],
          }
          db.members.put(key, fresh)
          db.ids.put(fresh.id, key)
          queue(db, "confirmation", fresh, at)
          queued = true
          return "joined"
        })
        if (queued) options.onQueued?.()
        return result
      } catch (error) {
        console.error(`sign-up: the member store at ${folder} failed: ${describe(error)}`)
        return "unavailable"
      }
    },

    async confirm(memberId, linkSignedAt) {
      const result = await write((db): ConfirmResult => {
        const key = db.ids.get(memberId)
        const found = key === undefined ? undefined : db.members.get(key)
        if (key === undefined || !found) return "unknown"
        const member = asMember(found)
        if (member.status === "confirmed") return "already-confirmed"
        if (member.status === "left") return "left"
        // Only a link sent for this sign-up: one from before she left and joined again is not
        // her consent to this one (links are signed in the same second as the sign-up or later).
        if (linkSignedAt && linkSignedAt.getTime() < Date.parse(member.askedAt) - 1000)
          return "stale"
        const at = now()
        const confirmed = { ...member, status: "confirmed" as const, confirmedAt: at.toISOString() }
        db.members.put(key, confirmed)
        // Her confirmation is done with: only the welcome goes out now.
        dropJobs(db, memberId)
        queue(db, "welcome", confirmed, at)
        return "confirmed"
      })
      if (result === "confirmed") options.onQueued?.()
      return result
    },

    async leave(memberId) {
      let removed = false
      const result = await write((db): LeaveResult => {
        const key = db.ids.get(memberId)
        const found = key === undefined ? undefined : db.members.get(key)
        if (key === undefined || !found) return "unknown"
        const member = asMember(found)
        dropJobs(db, memberId)
        if (member.status === "pending") {
          // She never joined: nothing of her is kept (as if she had ignored the e-mail).
          db.members.remove(key)
          db.ids.remove(memberId)
          removed = true
        } else if (member.status !== "left") {
          db.members.put(key, { ...member, status: "left", leftAt: now().toISOString() })
        }
        return "left"
      })
      if (removed) await compact(folder)
      return result
    },

    byId,

    async resendConfirmation(memberId) {
      let queued = false
      const result = await write((db): ResendResult => {
        const key = db.ids.get(memberId)
        const found = key === undefined ? undefined : db.members.get(key)
        if (key === undefined || !found) return "unknown"
        const member = asMember(found)
        if (member.status !== "pending") return "notPending"
        const at = now()
        const { recent, limited } = resendState(member, at)
        if (limited) return "limited"
        const updated = { ...member, confirmationsSent: [...recent, at.toISOString()] }
        db.members.put(key, updated)
        queue(db, "confirmation", updated, at)
        queued = true
        return "sent"
      })
      if (queued) options.onQueued?.()
      return result
    },

    async erase(memberId) {
      const address = await write((db) => {
        const key = db.ids.get(memberId)
        return key === undefined ? undefined : eraseKey(db, key)
      })
      if (address !== undefined) await compact(folder)
      return address
    },

    list: () => listMembers(folder),

    audit: {
      async record(entry) {
        await write((db) => {
          db.audit.put(`${entry.at}~${newMemberId()}`, entry)
          const keys = [...db.audit.getKeys({ reverse: true })]
          for (const old of keys.slice(auditLength)) db.audit.remove(old)
        })
      },
      recent: (limit = auditLength) =>
        using(folder, (db) =>
          [...db.audit.getRange({ reverse: true, limit })].map(({ value }) => value),
        ),
    },

    async forgetUnconfirmed(before) {
      const forgotten = await write((db) => {
        let forgotten = 0
        for (const { key, value } of db.members.getRange()) {
          const member = asMember(value)
          // From the last confirmation sent: a link sent yesterday keeps its week.
          const lastAsked = Math.max(
            Date.parse(member.askedAt),
            ...member.confirmationsSent.map((t) => Date.parse(t)),
          )
          if (member.status !== "pending" || lastAsked >= before.getTime()) continue
          db.members.remove(key)
          db.ids.remove(member.id)
          dropJobs(db, member.id)
          forgotten++
        }
        return forgotten
      })
      if (forgotten > 0) await compact(folder)
      return forgotten
    },

    outbox: {
      async claimDue(at, limit, leaseMs) {
        return write((db) => {
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
        })
      },
      async complete(id) {
        await write((db) => db.outbox.remove(id))
      },
      async retry(id, notBefore, error) {
        await write((db) => {
          const job = db.outbox.get(id)
          if (!job) return
          const attempts = job.attempts + 1
          db.outbox.put(id, {
            ...job,
            attempts,
            notBefore: notBefore.toISOString(),
            lastError: error,
          })
        })
      },
      nextDue: () =>
        using(folder, (db) => {
          let next: number | undefined
          for (const { value } of db.outbox.getRange()) {
            const at = Date.parse(value.notBefore)
            if (next === undefined || at < next) next = at
          }
          return next === undefined ? undefined : new Date(next)
        }),
    },
  }
}

/** Every member, pending and former ones included, by the time she asked, oldest first. */
export async function listMembers(folder: string): Promise<Member[]> {
  if (!existsSync(path.join(folder, databaseFile))) return []
  return using(folder, (db) => {
    const members = [...db.members.getRange()].map(({ value }) => asMember(value))
    return members.sort((a, b) => a.askedAt.localeCompare(b.askedAt))
  })
}

/** The e-mails waiting in the outbox (tests, the export's checks). */
export async function listJobs(folder: string): Promise<OutboxJob[]> {
  if (!existsSync(path.join(folder, databaseFile))) return []
  return using(folder, (db) => [...db.outbox.getRange()].map(({ value }) => value))
}

/**
 * Erases a person entirely (the privacy page's right to erasure): her record, her id and every
 * e-mail still waiting for her. False when she was not on the list.
 */
export async function removeMember(folder: string, address: string): Promise<boolean> {
  if (!existsSync(path.join(folder, databaseFile))) return false
  const erased = await using(folder, (db) =>
    db.root.transaction(() => eraseKey(db, memberKey(address)) !== undefined),
  )
  if (erased) await compact(folder)
  return erased
}

/** Her record, her id and her waiting e-mails, in the caller's transaction; her address. */
function eraseKey(db: Databases, key: string): string | undefined {
  const found = db.members.get(key)
  if (found === undefined) return undefined
  const member = asMember(found)
  db.members.remove(key)
  if (member.id) {
    db.ids.remove(member.id)
    dropJobs(db, member.id)
  }
  return member.address
}

/** Closes the handles this process opened (tests, scripts). */
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

/** Error names and messages from LMDB or the file system carry paths, never addresses. */
function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}
