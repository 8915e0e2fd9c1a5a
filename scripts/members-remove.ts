// `npm run members:remove -- ann@example.com`: erases a person from the embedded store entirely
// (the privacy page's right to erasure): her record, the e-mails still waiting for her, and the
// copies of her e-mails written as .eml files when no SMTP server is set; then the store is
// compacted, so that her address is in none of its files. Through the running server when one has
// the store open (src/membership/node/storeControl.ts), else here. MEMBERS_STORE as for
// members:export. The staff's page (/admin/members/) does the same in the browser.
import { eraseEmailCopies } from "../src/membership/node/emailCopies"
import {
  closeMemberStores,
  memberStore,
  memberStoreFolder,
} from "../src/membership/node/store/lmdbStore"
import { eraseThroughServer } from "../src/membership/node/storeControl"

const address = process.argv[2]
if (!address) {
  console.error("Usage: npm run members:remove -- <e-mail address>")
  process.exit(2)
}

const folder = memberStoreFolder(process.env)

async function erase(her: string): Promise<boolean> {
  const throughServer = await eraseThroughServer(folder, her)
  if (throughServer !== undefined) {
    console.log("Erased through the running server, which has the store open.")
    return throughServer
  }
  const store = memberStore(folder, { onRemoved: (gone) => eraseEmailCopies(folder, gone) })
  const erased = await store.erase({ address: her })
  // Copies of e-mails to someone no longer on the list go all the same.
  if (!erased) await eraseEmailCopies(folder, her)
  await closeMemberStores()
  return erased
}

erase(address).then(
  (erased) => {
    console.log(
      erased
        ? "Erased from the list, with the e-mails waiting for her and their copies."
        : "That address is not on the list (any copies of e-mails to her are erased).",
    )
    process.exit(erased ? 0 : 1)
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
