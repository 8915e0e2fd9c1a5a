import { randomBytes } from "node:crypto"
import { mkdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import type { SignupEnv } from "../signup/mailingList"

/** The secret's file in the store's folder, when the host sets no MEMBERS_SECRET. */
export const secretFile = "links.secret"

/**
 * The key that signs her links (src/mail/tokens.ts): MEMBERS_SECRET from the host, or on a fresh
 * clone one made once, kept in the store's folder and readable by its owner alone. Made with `wx`,
 * so two processes starting together end up with the same one.
 */
export async function membersSecret(env: SignupEnv, folder: string): Promise<string> {
  const fromHost = env.MEMBERS_SECRET?.trim()
  if (fromHost) {
    if (fromHost.length < 32)
      throw new Error("MEMBERS_SECRET is too short: give 32 characters or more.")
    return fromHost
  }
  const file = path.join(folder, secretFile)
  await mkdir(folder, { recursive: true })
  try {
    await writeFile(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
  }
  return (await readFile(file, "utf8")).trim()
}
