import { execFile } from "node:child_process"
import { promisify } from "node:util"
import type { ShownStatus } from "../../src/membership/membersApi"

/**
 * An address no earlier run has used: the store keeps members across runs. `tag` ends the local
 * part (`…+down@`), which tells the provider stub how to answer.
 */
export function uniqueAddress(name: string, tag?: string): string {
  const unique = `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
  return `${unique}${tag ? `+${tag}` : ""}@example.com`
}

export interface ExportedMember {
  address: string
  /** As the staff's page shows it: "refused" where her confirmation was refused. */
  status: ShownStatus
}

/**
 * Every person `npm run members:export -- --all` prints, pending and former members included, for
 * the store in `store` (default: the one the suite's server writes to).
 */
export async function exportedMembers(store?: string): Promise<ExportedMember[]> {
  const { stdout } = await promisify(execFile)(
    "npm",
    ["run", "--silent", "members:export", "--", "--all"],
    { env: store ? { ...process.env, MEMBERS_STORE: store } : process.env },
  )
  const [header, ...rows] = stdout.trimEnd().split("\r\n")
  if (
    header !==
    "email,asked_at_utc,confirmed_at_utc,status,left_at_utc,email_refused,refused_at_utc,mail_server_answer"
  ) {
    throw new Error(`members:export printed ${header}`)
  }
  // The test's addresses hold no comma or quote: the columns split plainly.
  return rows.map((row) => {
    const [address = "", , , status] = row.split(",")
    return { address, status: status as ExportedMember["status"] }
  })
}

/** The addresses that asked to join (pending or confirmed), as members:export prints them. */
export async function exportedAddresses(): Promise<string[]> {
  return (await exportedMembers()).map((member) => member.address)
}
