import type { ChildProcess } from "node:child_process"
import type { Server } from "node:http"
import path from "node:path"
import { postStatus } from "../web/commitStatus"
import type { BuildStep } from "./build"
import { systemClock, type Clock } from "./clock"
import { answerDesk } from "./deskOverIpc"
import { startControl } from "./control"
import { Repository } from "./git"
import { History } from "./history"
import { LiveSite } from "./liveSite"
import { NginxPolicy } from "./nginxPolicy"
import { startPreviewServer } from "./previewServer"
import { Previews } from "./previews"
import { Publisher } from "./publisher"
import { Releases } from "./releases"
import { withoutCredentials, type PublishSettings } from "./settings"

/**
 * The site's own server when it publishes itself (scripts/serve.ts with PUBLISH_REPO set): this
 * process holds the site's port, the publisher and the previews' port; the site itself is served
 * by a worker process on the live release (./liveSite.ts).
 */

export interface PublishingServerOptions {
  settings: PublishSettings
  /** The server's environment, handed to the site's worker. */
  env: NodeJS.ProcessEnv
  clock?: Clock
  onBuildStep?: (step: BuildStep, child: ChildProcess) => void
  log?: (line: string) => void
}

export interface PublishingServer {
  publisher: Publisher
  site: LiveSite
  stop(): Promise<void>
}

export async function startPublishingServer({
  settings,
  env,
  clock = systemClock,
  onBuildStep,
  log = (line) => console.log(`publish: ${line}`),
}: PublishingServerOptions): Promise<PublishingServer> {
  const { stateDir } = settings
  const releases = new Releases(stateDir)
  const previews = new Previews(stateDir)
  let answer: ReturnType<typeof answerDesk> = () => undefined
  const site = new LiveSite({
    releases,
    // The members' store stays where the server keeps it, whichever release runs.
    env: { ...env, MEMBERS_STORE: path.resolve(settings.appDir, env.MEMBERS_STORE || ".members") },
    onMessage: (worker, message) => answer(worker, message),
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
  answer = answerDesk(publisher)

  const control = await startControl(stateDir, publisher)
  let previewServer: Server | undefined
  try {
    previewServer = await startPreviewServer(previews, settings.previewPort, settings.previewHost)
    await publisher.start()
  } catch (error) {
    control.close()
    previewServer?.close()
    await site.stop()
    throw error
  }
  log(
    `publishing ${settings.branch} of ${withoutCredentials(settings.repo)} (GitHub's webhook: POST ${settings.siteUrl}/api/publish); previews at ${settings.previewUrl}`,
  )
  if (!statuses) log("no commit statuses: set PUBLISH_GITHUB_TOKEN to post them on GitHub")

  return {
    publisher,
    site,
    async stop() {
      publisher.stop()
      control.close()
      previewServer?.close()
      previewServer?.closeAllConnections()
      await site.stop()
    },
  }
}
