import { randomBytes } from "node:crypto"
import { link, readFile, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { privateFileMode, privateFolder } from "./privateFiles"
import type { HostEnv } from "../../shared/hostEnv"

/** The secret's file in the store's folder, when the host sets no MEMBERS_SECRET. */
export const secretFile = "links.secret"

const minimumLength = 32

/**
 * The key that signs her links (src/membership/web/links/signedLinks.ts): MEMBERS_SECRET from the host, or on a fresh
 * clone one made once, kept in the store's folder and readable by its owner alone. It is written
 * whole under another name and linked into place, which fails if the file is there already: two
 * processes starting together end up with the same key, and neither ever reads half of it.
 */
export async function membersSecret(env: HostEnv, folder: string): Promise<string> {
  const fromHost = env.MEMBERS_SECRET?.trim()
  if (fromHost !== undefined && fromHost !== "") return checked(fromHost, "MEMBERS_SECRET")
  const file = path.join(folder, secretFile)
  privateFolder(folder)
  const draft = `${file}.${process.pid}.${Date.now()}`
  await writeFile(draft, randomBytes(32).toString("base64url"), { mode: privateFileMode })
  try {
    await link(draft, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
  } finally {
    await rm(draft, { force: true })
  }
  return checked((await readFile(file, "utf8")).trim(), file)
}

function checked(secret: string, where: string): string {
  if (secret.length < minimumLength) {
    throw new Error(
      `${where}: the links' secret is too short: give ${minimumLength} characters or more.`,
    )
  }
  return secret
}
