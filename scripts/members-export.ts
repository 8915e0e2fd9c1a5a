// `npm run members:export`: the confirmed members of the embedded store as CSV (address, when she
// asked, when she confirmed; UTC), oldest first, ready to import into a mailing tool.
// `npm run members:export -- --all` adds the pending and former members, with a status column.
// MEMBERS_STORE names the store's folder (default .members/). Safe while the site is running:
// LMDB lets readers and writers share it. The staff's page (/admin/members/) offers the same file.
import { existsSync } from "node:fs"
import { readMembers, memberStoreFolder } from "../src/membership/node/store/lmdbStore"
import { membersCsv } from "../src/membership/web/staff/membersCsv"

const all = process.argv.includes("--all")
const folder = memberStoreFolder(process.env)
// An empty list from the wrong folder would look like no members at all: say where it looked.
if (!existsSync(folder)) console.error(`No member store at ${folder} yet (set MEMBERS_STORE?).`)

void readMembers(folder).then((members) => {
  // LMDB's handle would keep Node alive: exit once the output is written.
  process.stdout.write(membersCsv(members, { all }), () => process.exit(0))
})
