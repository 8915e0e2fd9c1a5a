// `npm run members:export`: the confirmed members of the embedded store as CSV (address, when she
// asked, when she confirmed; UTC), oldest first, ready to import into a mailing tool.
// `npm run members:export -- --all` adds the pending and former members, with a status column.
// MEMBERS_STORE names the store's folder (default .members/). Safe while the site is running:
// LMDB lets readers and writers share it.
import { existsSync } from "node:fs"
import { listMembers, memberStoreFolder, type Member } from "../src/node/memberStore"

/**
 * RFC 4180 quoting, and safe in a spreadsheet: a cell that starts with =, +, -, @ (or a tab or a
 * carriage return) would be read as a formula, so it starts with an apostrophe instead (OWASP's
 * advice on CSV injection). An address may legally start with any of them.
 */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

const all = process.argv.includes("--all")
const folder = memberStoreFolder(process.env)
// An empty list from the wrong folder would look like no members at all: say where it looked.
if (!existsSync(folder)) console.error(`No member store at ${folder} yet (set MEMBERS_STORE?).`)

const row = (member: Member) => {
  const cells = [member.address, member.askedAt, member.confirmedAt ?? ""]
  return (all ? [...cells, member.status, member.leftAt ?? ""] : cells).map(csvField).join(",")
}
const header = all ? "email,asked_at,confirmed_at,status,left_at" : "email,asked_at,confirmed_at"

void listMembers(folder).then((members) => {
  const shown = all ? members : members.filter((member) => member.status === "confirmed")
  const csv = [header, ...shown.map(row)].map((line) => `${line}\r\n`).join("")
  // LMDB's handle would keep Node alive: exit once the output is written.
  process.stdout.write(csv, () => process.exit(0))
})
