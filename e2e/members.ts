import { execFile } from "node:child_process"
import { promisify } from "node:util"

/**
 * An address no earlier run has used: the store keeps members across runs. `tag` ends the local
 * part (`…+down@`), which tells the provider stub how to answer.
 */
export function uniqueAddress(name: string, tag?: string): string {
  const unique = `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
  return `${unique}${tag ? `+${tag}` : ""}@example.com`
}

/** The addresses `npm run members:export` prints (the store the served site writes to). */
export async function exportedAddresses(): Promise<string[]> {
  const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "members:export"])
  const [header, ...rows] = stdout.trimEnd().split("\r\n")
  if (header !== "email,joined_at") throw new Error(`members:export printed ${header}`)
  return rows.map((row) => row.slice(0, row.lastIndexOf(",")))
}
