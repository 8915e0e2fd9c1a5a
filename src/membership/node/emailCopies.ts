import { existsSync } from "node:fs"
import { readdir, readFile, rm } from "node:fs/promises"
import path from "node:path"
import addressparser from "nodemailer/lib/addressparser"
import { memberKey } from "../web/signup/address"

/**
 * Erases the copies of her e-mails that the mailer writes as .eml files in the store's outbox/
 * folder when no SMTP server is set (./mailer.ts): the files addressed to her (their To: line).
 * Part of erasing a person (`npm run members:remove`, the staff's page).
 */
export async function eraseEmailCopies(storeFolder: string, address: string): Promise<number> {
  const outbox = path.join(storeFolder, "outbox")
  if (!existsSync(outbox)) return 0
  const to = memberKey(address)
  let erased = 0
  for (const name of await readdir(outbox)) {
    if (!name.endsWith(".eml")) continue
    const file = path.join(outbox, name)
    const headers = (await readFile(file, "utf8")).split(/\r?\n\r?\n/, 1)[0] ?? ""
    const toLine = /^To:(.*(?:\r?\n[ \t].*)*)/im.exec(headers)?.[1] ?? ""
    // Her address exactly, not another that ends like it (ann@ in joann@), read as the mailer
    // wrote it: a local part the form lets through but mail must quote ("ann..lee"@) unquoted.
    const addresses = addressparser(toLine.replace(/\r?\n[ \t]/g, " "), { flatten: true }).map(
      ({ address }) => memberKey(address.replace(/^"(.*)"@/, "$1@")),
    )
    if (addresses.includes(to)) {
      await rm(file, { force: true })
      erased++
    }
  }
  return erased
}
