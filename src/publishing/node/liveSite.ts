import { rmSync } from "node:fs"
import type { Server } from "node:http"
import { listenSite } from "../../siteServer/siteServer"
import type { PublishingDesk } from "../web/desk"
import type { LiveSwitch } from "./publisher"
import type { OpenedSite, SiteOptions } from "./release"
import { publicDirOf, type Release, type Releases } from "./releases"

/**
 * The live release, served by the site's own server: one HTTP server for the process, asking the
 * live release for each answer. A release going live is opened from its own site file (its
 * commit's src/publishing/node/release.ts, bundled: its code, its content's words), then `current` moves (nginx
 * serves its pages from then on) and the server answers from it, in one assignment: every answer
 * comes whole from one release. The release before stops its members' e-mail sender after the
 * e-mail in flight, the new one starts its own, and the old one's modules are let go, so the
 * server's memory stays flat from publish to publish. The member store stays open throughout,
 * in this one process. A release whose code does not open leaves the live one serving.
 */

export interface LiveSiteOptions {
  releases: Releases
  /** The server's node_modules, where a release's site finds its packages. */
  packagesDir: string
  env: SiteOptions["env"]
  trustProxy: boolean
  publishing: PublishingDesk
  log: (line: string) => void
}

export class LiveSite implements LiveSwitch {
  private live?: { release: Release; site: OpenedSite }

  constructor(private readonly options: LiveSiteOptions) {}

  async goLive(release: Release): Promise<void> {
    const site = this.open(release)
    await this.options.releases.switchTo(release)
    const before = this.live
    this.live = { release, site }
    await before?.site.stop()
    const mail = site.start()
    if (!before && mail) this.options.log(`e-mail: ${mail}`)
  }

  /** The HTTP server, answering from whichever release is live. */
  listen(port: number, hostname: string): Promise<Server> {
    return listenSite(
      () => {
        if (!this.live) throw new Error("no release is live yet")
        return this.live.site
      },
      port,
      hostname,
      this.options.trustProxy,
    )
  }

  /** Stops the live release's sender (the server's shutdown). */
  async stop(): Promise<void> {
    await this.live?.site.stop()
  }

  private open(release: Release): OpenedSite {
    // Node keeps what it learns of a module's source maps for good: none for a release's file.
    const withMaps = process.sourceMapsEnabled
    let file: string | undefined
    try {
      file = this.options.releases.stageSite(release, this.options.packagesDir)
      process.setSourceMapsEnabled(false)
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { openSite } = require(file) as typeof import("./release")
      return openSite({
        publicDir: publicDirOf(release),
        env: this.options.env,
        trustProxy: this.options.trustProxy,
        publishing: this.options.publishing,
      })
    } finally {
      process.setSourceMapsEnabled(withMaps)
      // Compiled and run: nothing needs the module's entry, and the file goes.
      if (file) {
        forget(file)
        rmSync(file, { force: true })
      }
    }
  }
}

/**
 * Node's module cache lets go of a release's site (one file: ./releases.ts bundles it; the
 * packages it requires are the server's own, and stay): what it made lives on in the opened site
 * alone, let go of when the site is no longer live.
 */
function forget(file: string) {
  delete require.cache[file]
  const parent = require.cache[__filename]
  if (parent) parent.children = parent.children.filter((child) => child.id !== file)
}
