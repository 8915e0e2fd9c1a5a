import type { Database, RootDatabase } from "lmdb"
import type { Member } from "../../web/memberStore"
import { randomId } from "../../../utils/base64url"

/**
 * The first store, from before double opt-in, kept `{ address, joinedAt }` in LMDB's unnamed
 * database, keyed by the address. Those members joined, so they are confirmed members: they move
 * into `members` once, in one transaction, each with an id of her own for her links. The first
 * double opt-in store (02e2a2c) moved them as they were, so `members` may hold such records too:
 * they are made members the same way. Done when the store opens, so every read after it finds
 * members only.
 */

type FirstRecord = { address: string; joinedAt: string }

function asMember(value: FirstRecord): Member {
  return {
    id: randomId(),
    address: value.address,
    status: "confirmed",
    askedAt: value.joinedAt,
    confirmedAt: value.joinedAt,
    page: "",
    wording: "",
    confirmationsSent: [],
  }
}

/** A record of the first store's shape, and no member's (which has a status). */
function isFirstRecord(value: unknown): value is FirstRecord {
  if (typeof value !== "object" || value === null || "status" in value) return false
  const record = value as Partial<Record<keyof FirstRecord, unknown>>
  return typeof record.address === "string" && typeof record.joinedAt === "string"
}

export async function moveFirstMembers(
  root: RootDatabase,
  members: Database<Member, string>,
  ids: Database<string, string>,
) {
  const first = [...root.getKeys()].filter((key) => typeof key === "string" && key.includes("@"))
  const movedRaw = [...members.getRange()].filter(({ value }) => isFirstRecord(value))
  if (first.length === 0 && movedRaw.length === 0) return
  await root.transaction(() => {
    const keep = (key: string, value: FirstRecord) => {
      const member = asMember(value)
      members.putSync(key, member)
      ids.putSync(member.id, key)
    }
    for (const key of first as string[]) {
      // Read again inside the transaction: another process may have moved it already.
      const value: unknown = root.get(key)
      if (value === undefined) continue
      if (!isFirstRecord(value)) {
        // Not one it could make a member of: left where it is, and said, rather than guessed at.
        console.error(
          `members: a record of the first store is not { address, joinedAt }; left as it is`,
        )
        continue
      }
      if (members.get(key) === undefined) keep(key, value)
      root.removeSync(key)
    }
    for (const { key } of movedRaw) {
      const value: unknown = members.get(key)
      if (isFirstRecord(value)) keep(key, value)
    }
  })
}
