import { shownStatus, type MemberRow } from "../../membersApi"

/**
 * The list as CSV, for a mailing tool or a spreadsheet: the confirmed members (address, when she
 * asked, when she confirmed; UTC), oldest first; with `all`, everyone, with her status as the
 * staff's page shows it ("refused" where her confirmation was refused), when she left, and an
 * e-mail her mail server refused (which, when, its answer). One format for
 * `npm run members:export` and the staff's download, which hand over the store's members as they
 * are: a `Member` is a `MemberRow` with more fields, none of which is read here.
 */

/** A time as spreadsheets read a date and time (2026-11-28 22:33:16), in UTC as the header says. */
const csvTime = (iso: string | undefined) =>
  iso ? iso.replace("T", " ").replace(/(\.\d+)?Z$/, "") : ""

export function membersCsv(members: readonly MemberRow[], { all = false } = {}): string {
  const header = all
    ? "email,asked_at_utc,confirmed_at_utc,status,left_at_utc,email_refused,refused_at_utc,mail_server_answer"
    : "email,asked_at_utc,confirmed_at_utc"
  const shown = [...(all ? members : members.filter((member) => member.status === "confirmed"))]
  shown.sort((a, b) => a.askedAt.localeCompare(b.askedAt))
  const row = (member: MemberRow) => {
    const cells = [member.address, csvTime(member.askedAt), csvTime(member.confirmedAt)]
    const { refused } = member
    const more = [shownStatus(member), csvTime(member.leftAt)]
    const refusal = [refused?.email ?? "", csvTime(refused?.at), refused?.answer ?? ""]
    return (all ? [...cells, ...more, ...refusal] : cells).map(csvField).join(",")
  }
  return [header, ...shown.map(row)].map((line) => `${line}\r\n`).join("")
}

/**
 * RFC 4180 quoting, and safe in a spreadsheet: a cell that starts with =, +, -, @ (or a tab or a
 * carriage return) would be read as a formula, so it starts with an apostrophe instead (OWASP's
 * advice on CSV injection). An address may legally start with any of them, or with an apostrophe,
 * which gets one more: '=x@… and =x@… stay two addresses ('' and ' before them).
 */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r']/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}
