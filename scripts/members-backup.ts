// `npm run members:backup -- <new folder>`: a copy of the embedded store as it was at one moment,
// safe to take while the site runs (LMDB's own copy), with the links' secret beside it when the
// store keeps it. Restore it with the server stopped: docs/signups.md, "Backups". MEMBERS_STORE as
// for members:export; run it as the store's user.
import path from "node:path"
import { backUpStore, memberStoreFolder } from "../src/membership/node/store/lmdbStore"

const destination = process.argv[2]
if (!destination) {
  console.error("Usage: npm run members:backup -- <a new folder for the copy>")
  process.exit(2)
}

backUpStore(memberStoreFolder(process.env), path.resolve(destination)).then(
  (count) => {
    console.log(
      `Copied the list (${count} ${count === 1 ? "person" : "people"}) to ${destination}.`,
    )
    process.exit(0)
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
