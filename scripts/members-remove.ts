// `npm run members:remove -- ann@example.com`: erases a person from the embedded store entirely
// (the privacy page's right to erasure): her record, the e-mails still waiting for her, and the
// copies of her e-mails written as .eml files when no SMTP server is set. MEMBERS_STORE as for
// members:export. The staff's page (/admin/members/) does the same in the browser.
import { eraseEmailCopies } from "../src/node/emailCopies"
import { memberStoreFolder, removeMember } from "../src/node/memberStore"

const address = process.argv[2]
if (!address) {
  console.error("Usage: npm run members:remove -- <e-mail address>")
  process.exit(2)
}

const folder = memberStoreFolder(process.env)
void Promise.all([removeMember(folder, address), eraseEmailCopies(folder, address)]).then(
  ([removed, copies]) => {
    console.log(removed ? "Erased from the list." : "That address is not on the list.")
    if (copies > 0) console.log(`${copies} copies of e-mails to her erased from the outbox folder.`)
    process.exit(removed || copies > 0 ? 0 : 1)
  },
)
