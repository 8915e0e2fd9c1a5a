import type { ChildProcess } from "node:child_process"
import type { Server } from "node:http"
import path from "node:path"
import { closeMemberStores } from "../../membership/node/store/lmdbStore"
import type { Settings } from "../../server/app"
import { postStatus } from "../web/commitStatus"
import type { PublishingDesk } from "../web/desk"
import type { BuildStep } from "./build"
import { systemClock, type Clock } from "./clock"
import { startControl } from "./control"
import { Repository } from "./git"
import { History } from "./history"
import { LiveSite } from "./liveSite"
import { NginxPolicy } from "./nginxPolicy"
import { startPreviewServer } from "./previewServer"
import { Previews } from "./previews"
import { Publisher } from "./publisher"
import { Releases } from "./releases"
import { settingsWarnings, withoutCredentials, type PublishSettings } from "./settings"

/**
 * The site's own server when it publishes itself (scripts/serve.ts with PUBLISH_REPO set): the
 * publisher, the site answering from the live release (./liveSite.ts) on the site's port, the
 * drafts' previews on theirs, and the command line's door (./control.ts), in one process.
 */

export interface PublishingServerOptions {
  settings: PublishSettings
  /** The server's settings, as the site's endpoints read them. */
  env: Settings
  port: number
  hostname: string
  trustProxy?: boolean
  clock?: Clock
  onBuildStep?: (step: BuildStep, child: ChildProcess) => void
  log?: (line: string) => void
}

export interface PublishingServer {
  publisher: Publisher
  /** Stops building, then answers what is in flight, stops the e-mail sender and the store. */
  stop(): Promise<void>
}

export async function startPublishingServer({
  settings,
  env,
  port,
  hostname,
  trustProxy = false,
  clock = systemClock,
  onBuildStep,
  log = (line) => console.log(`publish: ${line}`),
}: PublishingServerOptions): Promise<PublishingServer> {
  const { stateDir } = settings
  const releases = new Releases(stateDir)
  const previews = new Previews(stateDir)
  // The site's endpoints reach the publisher through this desk (the webhook, the staff's page);
  // the server listens only once the publisher has started.
  const desk: PublishingDesk = {
    receive: (...event) => publisher.receive(...event),
    publishes: () => publisher.publishes(),
    // Every argument handed on: the live release the staff's page showed among them.
    rollback: (...asked) => publisher.rollback(...asked),
    publishAgain: (by) => publisher.publishAgain(by),
  }
  const site = new LiveSite({
    releases,
    packagesDir: path.join(settings.appDir, "node_modules"),
    env,
    trustProxy,
    publishing: desk,
    log,
  })
  const statuses = settings.statuses
  const publisher = new Publisher({
    settings,
    source: new Repository(path.join(stateDir, "repo.git"), settings.repo),
    releases,
    previews,
    history: new History(stateDir),
    site,
    nginx: new NginxPolicy(stateDir, { reload: settings.nginxReload, url: settings.nginxUrl }),
    clock,
    postStatus: statuses
      ? (repository, sha, status) => postStatus(statuses, repository, sha, status)
      : undefined,
    onBuildStep,
    log,
  })

  const control = await startControl(stateDir, publisher)
  let previewServer: Server | undefined
  let server: Server | undefined
  try {
    previewServer = await startPreviewServer(previews, settings.previewPort, settings.previewHost)
    await publisher.start()
    server = await site.listen(port, hostname)
  } catch (error) {
    publisher.stop()
    control.close()
    previewServer?.close()
    await site.stop()
    throw error
  }
  log(
    `publishing ${settings.branch} of ${withoutCredentials(settings.repo)} (GitHub's webhook: POST ${settings.siteUrl}/api/publish); previews at ${settings.previewUrl}`,
  )
  for (const warning of settingsWarnings(settings, env)) log(warning)

  const listening = server
  return {
    publisher,
    async stop() {
      publisher.stop()
      await publisher.drain()
      control.close()
      previewServer?.close()
      previewServer?.closeAllConnections()
      await new Promise((resolve) => listening.close(resolve))
      await site.stop()
      await closeMemberStores()
    },
  }
}
