// `npm run members:remove -- ann@example.com`: takes an address off the embedded store, for a
// member who writes to ask (the privacy page promises it). MEMBERS_STORE as for members:export.
import { memberStoreFolder, removeMember } from "../src/node/memberStore"

const address = process.argv[2]
if (!address) {
  console.error("Usage: npm run members:remove -- <e-mail address>")
  process.exit(2)
}
void removeMember(memberStoreFolder(process.env), address).then((removed) => {
  console.log(removed ? "Removed from the list." : "That address is not on the list.")
  process.exit(removed ? 0 : 1)
})
