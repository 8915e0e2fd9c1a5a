// The site's API service behind nginx (src/endpoints/server.ts): `npm run api-server`, or the
// systemd unit in deploy/evergrace-api.service.
import { authPath, callbackPath } from "../src/cmsAuth/paths"
import { startApiServer } from "../src/endpoints/server"
import { signupEndpoint } from "../src/signup/fields"
import { closeMemberStores } from "../src/signup/memberStore"

void startApiServer().then((server) => {
  const address = server.address()
  const port = typeof address === "object" && address ? address.port : "?"
  console.log(
    `API service on http://127.0.0.1:${port}: ${[signupEndpoint, authPath, callbackPath].join(", ")}`,
  )

  // systemd stops it with SIGTERM: finish the requests in flight, then close the store.
  const stop = () => server.close(() => void closeMemberStores().then(() => process.exit(0)))
  process.on("SIGTERM", stop)
  process.on("SIGINT", stop)
})
