import { chmodSync, mkdirSync } from "node:fs"

/**
 * The member store's folder holds addresses, signed links and the links' secret: readable by the
 * service's own user alone, whatever the umask (a folder of 0700, files of 0600), so another user
 * of the machine (nginx's, say) reads none of it. The systemd unit sets UMask=0077 as well.
 */
export const privateFileMode = 0o600

/** Makes the folder if need be, and closes it to everyone but its owner. */
export function privateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 })
  chmodSync(folder, 0o700)
}
