// `npm run members:remove -- ann@example.com`: erases a person from the embedded store entirely
// (the privacy page's right to erasure): her record, the e-mails still waiting for her, and the
// copies of her e-mails written as .eml files when no SMTP server is set; then the store is
// compacted, so that her address is in none of its files. Through the running server when one has
// the store open (src/node/storeControl.ts), else here. MEMBERS_STORE as for members:export. The
// staff's page (/admin/members/) does the same in the browser.
import { eraseEmailCopies } from "../src/node/emailCopies"
import { closeMemberStores, memberStoreFolder, removeMember } from "../src/node/memberStore"
import { eraseThroughServer } from "../src/node/storeControl"

const address = process.argv[2]
if (!address) {
  console.error("Usage: npm run members:remove -- <e-mail address>")
  process.exit(2)
}

const folder = memberStoreFolder(process.env)

async function erase() {
  const throughServer = await eraseThroughServer(folder, address!)
  if (throughServer) {
    console.log("Erased through the running server, which has the store open.")
    return throughServer
  }
  const erased = await removeMember(folder, address!)
  const copies = await eraseEmailCopies(folder, address!)
  await closeMemberStores()
  return { erased, copies }
}

erase().then(
  ({ erased, copies }) => {
    console.log(erased ? "Erased from the list." : "That address is not on the list.")
    if (copies > 0) console.log(`${copies} copies of e-mails to her erased from the outbox folder.`)
    process.exit(erased || copies > 0 ? 0 : 1)
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
