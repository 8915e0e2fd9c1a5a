// `npm run members:remove -- ann@example.com`: erases a person from the embedded store entirely
// (the privacy page's right to erasure): her record, the e-mails still waiting for her, and the
// copies of her e-mails written as .eml files when no SMTP server is set. MEMBERS_STORE as for
// members:export.
import { existsSync } from "node:fs"
import { readdir, readFile, rm } from "node:fs/promises"
import path from "node:path"
import { memberKey } from "../src/signup/address"
import { memberStoreFolder, removeMember } from "../src/node/memberStore"

const address = process.argv[2]
if (!address) {
  console.error("Usage: npm run members:remove -- <e-mail address>")
  process.exit(2)
}

/** The .eml files addressed to her (their To: line), in the store's outbox/ folder. */
async function eraseEmailCopies(folder: string, to: string): Promise<number> {
  const outbox = path.join(folder, "outbox")
  if (!existsSync(outbox)) return 0
  let erased = 0
  for (const name of await readdir(outbox)) {
    if (!name.endsWith(".eml")) continue
    const file = path.join(outbox, name)
    const headers = (await readFile(file, "utf8")).split(/\r?\n\r?\n/, 1)[0] ?? ""
    const toLine = /^To:(.*(?:\r?\n[ \t].*)*)/im.exec(headers)?.[1] ?? ""
    // Her address exactly, not another that ends like it (ann@ in joann@).
    const addresses: string[] = toLine.toLowerCase().match(/[^\s<>,"]+@[^\s<>,"]+/g) ?? []
    if (addresses.includes(to)) {
      await rm(file)
      erased++
    }
  }
  return erased
}

const folder = memberStoreFolder(process.env)
void Promise.all([
  removeMember(folder, address),
  eraseEmailCopies(folder, memberKey(address)),
]).then(([removed, copies]) => {
  console.log(removed ? "Erased from the list." : "That address is not on the list.")
  if (copies > 0) console.log(`${copies} copies of e-mails to her erased from the outbox folder.`)
  process.exit(removed || copies > 0 ? 0 : 1)
})
