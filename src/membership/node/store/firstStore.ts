import type { Database, RootDatabase } from "lmdb"
import type { Member } from "../../web/memberStore"
import { newMemberId } from "../../web/links/signedLinks"

/**
 * The first store, from before double opt-in, kept `{ address, joinedAt }` in LMDB's unnamed
 * database, keyed by the address. Those members joined, so they are confirmed members: they move
 * into `members` once, in one transaction, each with an id of her own for her links.
 */

type FirstRecord = { address: string; joinedAt: string }

/** A record as kept, or one of the first store's as the member it stands for. */
export function asMember(value: Member | FirstRecord): Member {
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

export async function moveFirstMembers(
  root: RootDatabase,
  members: Database<Member, string>,
  ids: Database<string, string>,
) {
  const first = [...root.getKeys()].filter((key) => typeof key === "string" && key.includes("@"))
  if (first.length === 0) return
  await root.transaction(() => {
    for (const key of first as string[]) {
      // Read again inside the transaction: another process may have moved it already.
      const value = root.get(key) as FirstRecord | undefined
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
