// The sign-up service behind nginx (src/signup/server.ts): `npm run signup-server`, or the
// systemd unit in deploy/evergrace-signup.service.
import { signupEndpoint } from "../src/signup/fields"
import { closeMemberStores } from "../src/signup/memberStore"
import { startSignupServer } from "../src/signup/server"

void startSignupServer().then((server) => {
  const address = server.address()
  const port = typeof address === "object" && address ? address.port : "?"
  console.log(`sign-up service on http://127.0.0.1:${port}${signupEndpoint}`)

  // systemd stops it with SIGTERM: finish the requests in flight, then close the store.
  const stop = () => server.close(() => void closeMemberStores().then(() => process.exit(0)))
  process.on("SIGTERM", stop)
  process.on("SIGINT", stop)
})
