import { existsSync } from "node:fs"
import { mkdir } from "node:fs/promises"
import path from "node:path"
import type { RootDatabase } from "lmdb"
import { memberKey } from "../signup/address"
import type { MailingList, SignupEnv, SubscribeResult } from "../signup/mailingList"

/**
 * The default list: members kept on the server's own disk in LMDB, an embedded transactional
 * database (npm `lmdb`, whose builds for each platform come from the npm registry). Each sign-up
 * is one transaction, acknowledged only once it is flushed to disk, so a sign-up the visitor saw
 * succeed survives a restart or a crash; a crash mid-write leaves the last committed state.
 * Writers are serialised by LMDB, across processes too, and the list is keyed by the address, so
 * the same address twice is one member and concurrent sign-ups lose nothing.
 */

export interface Member {
  address: string
  /** ISO 8601, UTC. */
  joinedAt: string
}

/** The store's folder: MEMBERS_STORE, or .members/ beside package.json (never under public/). */
export function memberStoreFolder(env: SignupEnv, cwd = process.cwd()): string {
  return path.resolve(cwd, env.MEMBERS_STORE || ".members")
}

type MemberDatabase = RootDatabase<Member, string>

// LMDB allows one handle per database file in a process: every caller shares it, even a module
// loaded again (Gatsby reloads a Function's module for every request), hence globalThis.
const registry = Symbol.for("evergrace.signup.databases")
const holder = globalThis as typeof globalThis & {
  [registry]?: Map<string, Promise<MemberDatabase>>
}
const openDatabases = (holder[registry] ??= new Map<string, Promise<MemberDatabase>>())

const databaseFile = "members.mdb"

async function openDatabase(folder: string): Promise<MemberDatabase> {
  await mkdir(folder, { recursive: true })
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
  return open<Member, string>({ path: path.join(folder, databaseFile), overlappingSync: false })
}

function database(folder: string): Promise<MemberDatabase> {
  let opened = openDatabases.get(folder)
  if (!opened) {
    opened = openDatabase(folder)
    openDatabases.set(folder, opened)
    opened.catch(() => openDatabases.delete(folder))
  }
  return opened
}

export function memberStore(folder: string, now: () => Date = () => new Date()): MailingList {
  return {
    name: "embedded store",
    async subscribe(address): Promise<SubscribeResult> {
      try {
        const db = await database(folder)
        const key = memberKey(address)
        const added = await db.ifNoExists(key, () => {
          db.put(key, { address, joinedAt: now().toISOString() })
        })
        // Only what is on the disk counts as joined: with overlappingSync off, a commit's promise
        // resolves once it is there, and `flushed` adds nothing to wait for.
        await db.flushed
        return added ? "joined" : "already-member"
      } catch (error) {
        console.error(`sign-up: the member store at ${folder} failed: ${describe(error)}`)
        return "unavailable"
      }
    },
  }
}

/** Every member, oldest first. An absent store has none. */
export async function listMembers(folder: string): Promise<Member[]> {
  if (!existsSync(path.join(folder, databaseFile))) return []
  const db = await database(folder)
  const members = [...db.getRange()].map(({ value }) => value)
  return members.sort((a, b) => a.joinedAt.localeCompare(b.joinedAt))
}

/** Takes a member off the list (she asked to leave); false when she was not on it. */
export async function removeMember(folder: string, address: string): Promise<boolean> {
  if (!existsSync(path.join(folder, databaseFile))) return false
  const db = await database(folder)
  const key = memberKey(address)
  // LMDB's remove() reports success whether or not the key was there.
  if (db.get(key) === undefined) return false
  await db.remove(key)
  await db.flushed
  return true
}

/** Closes the handles this process opened (tests, scripts). */
export async function closeMemberStores(): Promise<void> {
  const opened = [...openDatabases.values()]
  openDatabases.clear()
  for (const db of await Promise.allSettled(opened)) {
    if (db.status === "fulfilled") await db.value.close()
  }
}

/** Error names and messages from LMDB or the file system carry paths, never addresses. */
function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}
