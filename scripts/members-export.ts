// `npm run members:export`: every member of the embedded store as CSV (address, time joined, in
// UTC), oldest first, ready to import into a mailing tool. MEMBERS_STORE names the store's folder
// (default .members/). Safe while the site is running: LMDB lets readers and writers share it.
import { existsSync } from "node:fs"
import { listMembers, memberStoreFolder } from "../src/node/memberStore"

/** RFC 4180: quoted when it holds a comma, a quote or a line break. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

const folder = memberStoreFolder(process.env)
// An empty list from the wrong folder would look like no members at all: say where it looked.
if (!existsSync(folder)) console.error(`No member store at ${folder} yet (set MEMBERS_STORE?).`)

void listMembers(folder).then((members) => {
  const rows = members.map((member) => `${csvField(member.address)},${member.joinedAt}`)
  const csv = ["email,joined_at", ...rows].map((line) => `${line}\r\n`).join("")
  // LMDB's handle would keep Node alive: exit once the output is written.
  process.stdout.write(csv, () => process.exit(0))
})
