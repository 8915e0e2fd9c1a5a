// The site's own server (src/siteServer/siteServer.ts): `npm run serve` after a build (`npm start` does
// both), and the API service behind nginx (deploy/evergrace-api.service).
import cluster from "node:cluster"
import path from "node:path"
import { closeMemberStores } from "../src/membership/node/store/lmdbStore"
import { nodeMembership, stopMemberships } from "../src/membership/node/nodeMembership"
import { deskOverIpc } from "../src/publishing/node/deskOverIpc"
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
  console.error(`site: unhandled ${error instanceof Error ? error.name : "rejection"}`)
})

// With PUBLISH_REPO set, this process publishes the site from that repository and the site is
// served by a worker process it starts on the live release: this same file, as a worker.
const publishing = cluster.isPrimary
  ? publishSettings(env, { appDir: process.cwd(), port, host: hostname })
  : undefined
if (publishing) void publishFrom(publishing)
else serve()

function publishFrom(settings: PublishSettings) {
  void startPublishingServer({ settings, env }).then(
    (server) => {
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
      publishing: cluster.isWorker ? deskOverIpc() : undefined,
    },
    port,
    hostname,
  ).then(
    (server) => {
      console.log(`Evergrace on http://${hostname}:${port}`)
      // The list's sender starts with the server, so e-mails left waiting by the last run go out.
      const { mail } = nodeMembership(env)
      if (mail) console.log(`E-mail: ${mail}`)
      // systemd stops it with SIGTERM: finish the requests in flight and the e-mail being sent,
      // then close the store.
      const stop = (signal: string) => {
        console.log(`site: ${signal}: finishing the requests in flight, then stopping`)
        server.close(
          () =>
            void stopMemberships()
              .then(closeMemberStores)
              .then(() => process.exit(0)),
        )
      }
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
