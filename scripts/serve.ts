// The site's own server (src/siteServer/siteServer.ts): `npm run serve` after a build (`npm start` does
// both), and the API service behind nginx (deploy/evergrace-api.service).
import path from "node:path"
import { closeMemberStores, isCommitFailure } from "../src/membership/node/store/lmdbStore"
import { nodeMembership, stopMemberships } from "../src/membership/node/nodeMembership"
import { startPublishingServer } from "../src/publishing/node/publishingServer"
import { publishSettings, type PublishSettings } from "../src/publishing/node/settings"
import { startSiteServer } from "../src/siteServer/siteServer"

const port = Number(process.env.PORT ?? 9000)
const hostname = process.env.HOST ?? "localhost"
// Without an SMTP server (a fresh clone) the e-mails are written to files for the developer to
// open: their links lead to this server, unless SITE_URL says otherwise.
const env =
  process.env.SMTP_URL || process.env.SITE_URL
    ? process.env
    : { ...process.env, SITE_URL: `http://${hostname}:${port}` }

// A request must never end the process: what escapes the app is logged by name (never what was
// sent, which may hold an address) and the server goes on.
process.on("unhandledRejection", (error) => {
  // LMDB also rejects, unawaited, the batch a failed write was in: the store has said why.
  if (isCommitFailure(error)) return
  console.error(`site: unhandled ${error instanceof Error ? error.name : "rejection"}`)
})

// With PUBLISH_REPO set, the server publishes the site itself from that repository, and serves
// its live release (src/publishing/node/).
const publishing = publishSettings(env, { appDir: process.cwd(), port, host: hostname })
if (publishing) publishFrom(publishing)
else serve()

function publishFrom(settings: PublishSettings) {
  void startPublishingServer({
    settings,
    env,
    port,
    hostname,
    trustProxy: process.env.TRUST_PROXY === "1",
  }).then(
    (server) => {
      console.log(`Evergrace on http://${hostname}:${port}`)
      // systemd stops it with SIGTERM: no more builds, then as below.
      const stop = () => void server.stop().then(() => process.exit(0))
      process.on("SIGTERM", stop)
      process.on("SIGINT", stop)
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    },
  )
}

function serve() {
  void startSiteServer(
    {
      publicDir: path.resolve(process.env.PUBLIC_DIR ?? "public"),
      env,
      trustProxy: process.env.TRUST_PROXY === "1",
    },
    port,
    hostname,
  ).then(
    (server) => {
      console.log(`Evergrace on http://${hostname}:${port}`)
      // The list's sender starts with the server, so e-mails left waiting by the last run go out.
      const { mail } = nodeMembership(env)
      if (mail) console.log(`e-mail: ${mail}`)
      // systemd stops it with SIGTERM: finish the requests in flight and the e-mail being sent,
      // then close the store.
      const stop = () =>
        server.close(
          () =>
            void stopMemberships()
              .then(closeMemberStores)
              .then(() => process.exit(0)),
        )
      process.on("SIGTERM", stop)
      process.on("SIGINT", stop)
    },
    (error: unknown) => {
      // No build to serve, or the port taken: say which, and fail, so systemd and CI notice.
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    },
  )
}
