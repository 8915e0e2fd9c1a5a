import { chmodSync, mkdirSync, readdirSync, statSync } from "node:fs"
import path from "node:path"

/**
 * The member store's folder holds addresses, signed links and the links' secret: readable by the
 * service's own user alone, whatever the umask (a folder of 0700, files of 0600), so another user
 * of the machine (nginx's, say) reads none of it. The systemd unit sets UMask=0077 as well.
 */
export const privateFileMode = 0o600

/**
 * Makes the folder if need be, and closes it to everyone but its owner. A folder, or a file in
 * it, of another user is refused in words before anything opens it: LMDB crashes the whole
 * process (a segmentation fault, no message) on a store file it cannot write, and a command run
 * as root would leave files the service could not write again.
 */
export function privateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 })
  ownedByThisUser(folder)
  chmodSync(folder, 0o700)
}

function ownedByThisUser(folder: string): void {
  const me = process.getuid?.()
  if (me === undefined) return
  const others = [folder, ...readdirSync(folder).map((name) => path.join(folder, name))].filter(
    (file) => statSync(file).uid !== me,
  )
  if (others.length === 0) return
  const owner = statSync(folder).uid
  throw new Error(
    `${others.join(", ")} belong${others.length === 1 ? "s" : ""} to another user than this one ` +
      `(uid ${me}), and the member store must be one user's alone. ` +
      (owner === me
        ? `Give them back to this user (chown -R ${me} ${folder}), as root.`
        : `Run this as the store's owner (uid ${owner}: sudo -u '#${owner}' …), ` +
          `or, if this user is the service's, give the folder back to it (chown -R ${me} ${folder}), as root.`),
  )
}
