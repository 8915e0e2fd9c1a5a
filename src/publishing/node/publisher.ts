import type { ChildProcess } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { mkdir, readdir, rm, statfs, writeFile } from "node:fs/promises"
import path from "node:path"
import { contentFilePath, dataFolder } from "../../content/fields"
import { contentFiles, contentLabel } from "../../content/model"
import {
  nextGoLive,
  showEveryEntry,
  waitingInContent,
  type WaitingEntry,
} from "../../content/goLive"
import { membersPagePath } from "../../shared/endpoints"
import { errorMessage } from "../../utils/errorMessage"
import {
  publishingPanelId,
  type PublishesAnswer,
  type PublishedCommit,
  type PublishRecord,
  type AgainAnswer,
  type RollbackAnswer,
} from "../publishesApi"
import { previewSetting } from "../../previews/previewSite"
import { previewContext, publishContext, type CommitStatus } from "../web/commitStatus"
import type { PublishingDesk, Reception } from "../web/desk"
import type { PublishEvent, PullRequestEvent, PushEvent } from "../web/events"
import { previewName, previewUrl } from "../web/previewAddress"
import {
  buildLog,
  buildSite,
  PackagesChanged,
  type BuildOptions,
  type BuildOutcome,
  type BuildStep,
} from "./build"
import type { Clock } from "./clock"
import { commitInfo, PushedSince, type CommitInfo, type Repository } from "./git"
import type { History } from "./history"
import type { NginxPolicy } from "./nginxPolicy"
import type { Previews } from "./previews"
import {
  appDirOf,
  DiskFull,
  draftsHoldingUndone,
  draftsNotChecked,
  undoneChangeLate,
  undoneChangeOut,
  undoneChangeStays,
  type Release,
  type Releases,
} from "./releases"
import type { PublishSettings } from "./settings"
import { failureWords, statusWords } from "./statusWords"

/**
 * The publisher: GitHub's verified events in, the live site and the drafts' previews out.
 *
 * - One build at a time, in one working copy (<state>/work, Gatsby's cache kept in it). A push
 *   asks for the branch's head to be built; pushes that arrive during a build ask for one more
 *   build, of the head as it is then: a burst costs at most two builds, the newest ends up live.
 * - A build is the content check, then `gatsby build`, at low priority (./build.ts). Only a
 *   complete build becomes a release, and only a release whose server started goes live
 *   (./liveSite.ts): a refused edit, a build error, a build killed, a full disk all leave the live
 *   site as it was, and the next push builds again: after a build Gatsby failed, from a clean
 *   cache; after a stopped build, from a clean cache if the cached one fails.
 * - Each pushed commit gets a commit status: pending, then success with the live address, or
 *   failure with the reason; the staff's page lists the same (./history.ts).
 * - Undo puts back the release that was live before the live one, and writes it into the branch
 *   as a commit of its files, where the branch holds just what was live: the editor shows it, and
 *   the next publish keeps the undone change out (elsewhere the undo lasts until the next
 *   publish). What was live, in order, is kept (./history.ts), so an undo after an undo and a
 *   publish goes back to what that publish replaced, not to the version undone.
 * - A dated entry's day coming, the live commit is built again at that moment (the clock). The
 *   moment is judged from the release's own build, so a day that came while the server was down,
 *   or during the build, is caught up at once.
 * - A `cms/…` draft's pull request gets a preview, removed when it closes.
 */

/** What the publisher needs of the repository (./git.ts). */
export type Source = Pick<
  Repository,
  | "fetch"
  | "head"
  | "branches"
  | "info"
  | "descends"
  | "checkout"
  | "archive"
  | "sameFiles"
  | "changedFiles"
  | "changedSince"
  | "mergeBase"
  | "undoCommit"
  | "pushUndo"
>

/** Puts a release live: the site's server on it, and `current` moved (./liveSite.ts). */
export interface LiveSwitch {
  goLive(release: Release): Promise<void>
}

export interface PublisherParts {
  settings: PublishSettings
  source: Source
  releases: Releases
  previews: Previews
  history: History
  site: LiveSwitch
  nginx: NginxPolicy
  clock: Clock
  postStatus?: (repository: string, sha: string, status: CommitStatus) => Promise<unknown>
  build?: (options: BuildOptions) => Promise<BuildOutcome>
  freeBytes?: (folder: string) => Promise<number>
  /** How long an undo's answer waits for its commit to reach the repository (10 s). */
  undoWaitMs?: number
  /** Each build step as it starts (tests stop one). */
  onBuildStep?: (step: BuildStep, child: ChildProcess) => void
  log?: (line: string) => void
}

type LiveWanted = {
  /**
   * A push, the server's start or a staff member's "publish again" build the branch's head if it
   * is new; a go-live, the live one.
   */
  reason: "push" | "goLive" | "start" | "again"
  /** Who asked to publish again. */
  by?: string
  pushes: Map<string, string>
  /** A dated entry's day has come: when the head is not new, the live version is built again. */
  goLiveDue: boolean
}
type PreviewWanted = { repository: string; action: "update" | "close"; pushes: Set<string> }

/**
 * Why a publish, an undo or a preview failed, as the staff's page and GitHub's status say it: a
 * Failure's own words, else `words` around the error's message. A path on the server ("not a git
 * repository: /srv/evergrace/state/work") means nothing to the staff and shows GitHub's readers
 * how the server is laid out: it is left out there, and `whole` keeps it for the server's log.
 */
export function failureReason(error: unknown, words: (what: string) => string) {
  const whole = error instanceof Failure ? error.reason : words((error as Error).message)
  return { whole, shown: whole.replace(serverPath, `$1${failureWords.serverFolder}`) }
}

/**
 * An absolute path of two or more parts, after a space, a quote, a bracket or an "=", up to a
 * space, a quote, a bracket, a comma or a semicolon, and without a full stop or colon at its end.
 */
const serverPath = /(^|[\s('"=])\/[\w.@+-]+(?:\/[^\s'"),;]*)*\/[^\s'"),;]*[^\s'"),;.:]/g

/** A preview's build stopped because a publish wants the server: built again after it. */
class SetAside extends Error {}

class Failure extends Error {
  constructor(
    readonly reason: string,
    /** The cache may be broken (a build stopped half-way, a full disk). */
    readonly suspect = false,
    /** The same build fails the same way until someone changes something (content, packages). */
    readonly lasting = false,
  ) {
    super(reason)
  }
}

const deliveriesKept = 500
/** A go-live that failed is tried again after this long, then twice and four times as long. */
const goLiveRetryMs = 10 * 60_000
const goLiveTries = 3

/** The newest record but a dated article's rebuild, when it is a publish (not an undo). */
function lastPublishOf(records: readonly PublishRecord[]): PublishRecord | undefined {
  const last = records.find((record) => record.kind !== "goLive")
  return last?.kind === "publish" ? last : undefined
}

/** A release's content file by name (data/shop.json for "shop"); undefined when it cannot be read. */
function contentOf(release: Release) {
  const dataDir = path.join(appDirOf(release), dataFolder)
  return (name: string) => {
    try {
      return JSON.parse(readFileSync(path.join(dataDir, `${name}.json`), "utf8")) as Record<
        string,
        unknown
      >
    } catch {
      return undefined
    }
  }
}

/** The moment a release was built for (GO_LIVE_NOW): its dated entries are judged at it. */
const builtFor = (release: Release) => Date.parse(release.goLiveNow ?? release.builtAt)

/**
 * The entries of the content files a publish changed (`data/journal.json`) that the release
 * holds back until their day: live on the website, the staff's change is not on its pages yet.
 */
function waitingIn(release: Release, changed: readonly string[]): WaitingEntry[] {
  const files = contentFiles.filter((file) => changed.includes(contentFilePath(file.name)))
  return waitingInContent(contentOf(release), builtFor(release), files)
}

/**
 * The entries a dated day's rebuild put on the website: held back at the moment the release
 * before it was built, on the website at this one's.
 */
function appearedIn(release: Release, before: Release | undefined): WaitingEntry[] {
  if (!before) return []
  const read = contentOf(release)
  const key = ({ name, day }: WaitingEntry) => `${day}\0${name ?? ""}`
  const still = new Set(waitingInContent(read, builtFor(release)).map(key))
  return waitingInContent(read, builtFor(before)).filter((entry) => !still.has(key(entry)))
}

/** The CMS's drafts' branches (editorial workflow), each with its preview. */
const draftPrefix = "cms/"

/** The page a draft's branch is of (`cms/pages/home`: the Home page's label), as the CMS names it. */
function draftLabel(branch: string): string {
  return contentLabel(branch.split("/").at(-1)) ?? branch
}
const logsKept = 20
/** An undo's answer waits this long for GitHub to take its commit, then says it is under way. */
const undoWaitMs = 10_000

export class Publisher implements PublishingDesk {
  private liveWanted?: LiveWanted
  private readonly previewsWanted = new Map<string, PreviewWanted>()
  private running?: Promise<void>
  private building?: string
  /** The live build under way, and the pushes it answers: a push of its commit joins them. */
  private publishing?: { commit: string; pushes: Map<string, string> }
  /** What the live build under way was asked for, from its fetch of the branch to its end. */
  private liveUnderWay?: LiveWanted
  private buildStep?: ChildProcess
  /**
   * Stops the preview build under way: a live build (a publish, a publish again, a dated day's
   * rebuild) comes first, where it waited for the preview, a minute or more after her Publish.
   */
  private previewBuild?: AbortController
  private switching: Promise<unknown> = Promise.resolve()
  private cacheSuspect = false
  private statusQueue: Promise<unknown> = Promise.resolve()
  private cancelGoLive?: () => void
  /** The go-live's tries again since the last one scheduled (one per failure, up to goLiveTries). */
  private goLiveRetries = 0
  private stopped = false
  /** Set as the server starts: the drafts' previews it missed are looked for after the live site. */
  private previewsMissed = false
  private readonly deliveries: string[] = []
  private readonly workDir: string
  /** There while a build runs: found as the server starts, the build was stopped half-way. */
  private readonly buildMarker: string
  private readonly log: (line: string) => void

  constructor(private readonly parts: PublisherParts) {
    this.workDir = path.join(parts.settings.stateDir, "work")
    this.buildMarker = path.join(parts.settings.stateDir, "build-unfinished")
    // The server stopped (a deploy, the out-of-memory killer) with a build half-way: its cache too.
    this.cacheSuspect = existsSync(this.buildMarker)
    this.log = parts.log ?? ((line) => console.log(`publish: ${line}`))
  }

  /** Serves the live release (the checkout's build the first time), then catches up. */
  async start(): Promise<void> {
    this.stopped = false
    const { releases, site, settings } = this.parts
    let live = await releases.current()
    if (!live) {
      const checkout = await releases.fromCheckout(
        settings.appDir,
        await checkoutInfo(settings.appDir),
      )
      await releases.switchTo(checkout)
      live = checkout
    }
    await this.parts.nginx.allow([live, ...(await releases.list())]).catch((error: unknown) => {
      this.log(`nginx: ${(error as Error).message}`)
    })
    await site.goLive(live)
    this.log(`serving ${live.commit.slice(0, 7) || "the checkout"} (${live.id})`)
    // The trail of what was live ends with it (one put live by hand, or by the command line
    // with no server running, included).
    this.parts.history.wentLive(live, "start", live, await releases.list())
    // A push made while the server was down is published now, and those whose status still says
    // pending (their build stopped with the server) are answered; a dated entry's day that came
    // then is caught up, by that build if there is one (asked first, so a day due already joins it).
    this.liveWanted = {
      reason: "start",
      pushes: new Map(this.parts.history.pending),
      goLiveDue: false,
    }
    this.scheduleGoLive(live)
    this.previewsMissed = true
    this.kick()
  }

  async receive(event: PublishEvent): Promise<Reception> {
    if (event.delivery) {
      if (this.deliveries.includes(event.delivery)) {
        return { outcome: "duplicate", message: "This delivery was received already." }
      }
      this.deliveries.push(event.delivery)
      if (this.deliveries.length > deliveriesKept) this.deliveries.shift()
    }
    return event.kind === "push" ? this.receivePush(event) : this.receivePullRequest(event)
  }

  private receivePush(event: PushEvent): Reception {
    const { branch } = this.parts.settings
    if (event.branch !== branch) {
      return {
        outcome: "ignored",
        message: `A push to ${event.branch}: only ${branch} is published.`,
      }
    }
    // Delivered again (GitHub's "Redeliver", a replay): the head taken up last is not built
    // again, whatever is live since. An older commit pushed again is built only if it is the
    // branch's head now: a force-push back to a good version.
    if (event.commit === this.parts.history.lastHead) {
      return {
        outcome: "duplicate",
        message: `${event.commit.slice(0, 7)} was taken up already: a push is published once.`,
      }
    }
    this.parts.history.repository = event.repository
    this.parts.history.addPending(event.commit, event.repository)
    // Its commit is being built already (fetched as the head by an earlier push's build).
    const publishing = this.publishing
    if (publishing?.commit === event.commit) {
      publishing.pushes.set(event.commit, event.repository)
      this.status(event.repository, event.commit, {
        state: "pending",
        description: statusWords.building,
        context: publishContext,
      })
      return { outcome: "accepted", message: `Publishing ${event.commit.slice(0, 7)}: building.` }
    }
    // A preview's build under way is stopped for it (wanted below): no commit to wait for.
    this.status(event.repository, event.commit, {
      state: "pending",
      description: statusWords.waiting(this.previewBuild ? undefined : this.building),
      context: publishContext,
    })
    this.want("push", event)
    return { outcome: "accepted", message: `Publishing ${event.commit.slice(0, 7)}.` }
  }

  private receivePullRequest(event: PullRequestEvent): Reception {
    const { branch } = this.parts.settings
    if (!event.branch.startsWith(draftPrefix) || event.base !== branch) {
      return {
        outcome: "ignored",
        message: `Previews are made of the CMS's drafts (cms/… into ${branch}), not of ${event.branch}.`,
      }
    }
    // Kept for the previews the server builds as it starts (wantMissedPreviews).
    this.parts.history.repository = event.repository
    const wanted = this.previewsWanted.get(event.branch) ?? {
      repository: event.repository,
      action: event.action,
      pushes: new Set<string>(),
    }
    wanted.action = event.action
    // No "pending" status meanwhile: Decap stops looking for the preview at the first status of
    // its context, whatever its state, and "View Preview" would then wait for her click
    // (src/previews/commitStatus.ts). The outcome is the one status the draft's commit gets.
    if (event.action === "update") wanted.pushes.add(event.commit)
    this.previewsWanted.set(event.branch, wanted)
    this.kick()
    return {
      outcome: "accepted",
      message:
        event.action === "update"
          ? `Building the preview of ${event.branch}.`
          : `Removing the preview of ${event.branch}.`,
    }
  }

  async publishes(): Promise<PublishesAnswer> {
    const { releases, history, settings } = this.parts
    const live = await releases.current()
    const previous = live ? await this.before(live) : undefined
    const again = this.offeredAgain()
    return {
      ...(live
        ? {
            live: {
              release: live.id,
              commit: live.commit,
              title: live.title,
              since: this.liveSince(live) ?? live.builtAt,
              address: settings.siteUrl,
            },
          }
        : {}),
      ...(previous ? { previous: { commit: previous.commit, title: previous.title } } : {}),
      ...(again
        ? {
            again: {
              commit: again.commit,
              title: again.title,
              ...(again.kind === "goLive" ? { dated: true as const } : {}),
            },
          }
        : {}),
      records: history.records().slice(0, 20),
      ...(this.liveWanted?.pushes.size ? { waiting: this.liveWanted.pushes.size } : {}),
      ...(this.running ? { working: true as const } : {}),
    }
  }

  /**
   * The newest publish, when it failed for a fault of the server's and nothing is under way: the
   * staff's page offers to publish it again. Its change is in the content, merged: she has no
   * draft to publish again, and the next publish of any page would otherwise be her only way.
   * A dated article's rebuild since changes nothing of that: it builds the live version, not the
   * branch's head, and her publish built again brings the day's articles with it. A rebuild that
   * failed for the server's fault, with no such publish before it, is offered itself (its reason
   * says to publish it again): the live version built again, never the head, which may hold a
   * change undone since.
   */
  private offeredAgain(): PublishRecord | undefined {
    if (this.running || this.liveWanted) return undefined
    const records = this.parts.history.records().filter((record) => record.kind !== "preview")
    const offered = (record?: PublishRecord) =>
      record?.state === "failed" && !record.lasting ? record : undefined
    const [newest] = records
    if (newest?.kind === "goLive") return offered(lastPublishOf(records)) ?? offered(newest)
    return newest?.kind === "publish" ? offered(newest) : undefined
  }

  /** The branch's head built again, where `offeredAgain` offers it; `by` asked. */
  async publishAgain(by: string): Promise<AgainAnswer> {
    const again = this.offeredAgain()
    if (!again) return { result: "nothingToPublish", message: statusWords.nothingToPublishAgain }
    this.log(`publishing ${again.commit.slice(0, 7)} again, asked by ${by}`)
    // Nothing waits (offeredAgain): this is the one build wanted. A dated article's rebuild is
    // the live version's again.
    this.want(again.kind === "goLive" ? "goLive" : "again", undefined, by)
    return { result: "started", message: statusWords.publishingAgain }
  }

  /**
   * The release that was live before the live one, back live; it stays until the next publish.
   * `from`, the live release the staff's page showed: when another undo or a publish came first,
   * nothing is done, so two undos confirmed at once go back once.
   */
  async rollback(by: string, from?: string): Promise<RollbackAnswer> {
    const done = await this.switch<RollbackAnswer | { undone: Release; target: Release }>(
      async () => {
        const live = await this.parts.releases.current()
        if (from !== undefined && live?.id !== from) {
          return {
            result: "busy",
            message: statusWords.undoOfAnother,
          } satisfies RollbackAnswer
        }
        const target = live ? await this.before(live) : undefined
        if (!live || !target) {
          return {
            result: "nothingToRollBack",
            message: "There is no earlier version kept to go back to.",
          } satisfies RollbackAnswer
        }
        const contentChanged = await this.contentChanged(live.commit, target.commit)
        const record = this.parts.history.start(
          {
            kind: "rollback",
            commit: target.commit,
            title: target.title,
            author: target.author,
            state: "building",
            by,
            address: this.parts.settings.siteUrl,
            ...(contentChanged.length > 0 ? { contentChanged } : {}),
          },
          this.now(),
        )
        try {
          await this.putLive(target, "undo")
        } catch (error) {
          const { whole, shown: reason } = failureReason(error, failureWords.server)
          this.log(`the undo failed: ${whole}`)
          this.parts.history.update(record, { state: "failed", reason, finishedAt: this.iso() })
          return {
            result: "nothingToRollBack",
            message: `The undo failed: ${reason}.`,
          } satisfies RollbackAnswer
        }
        this.parts.history.update(record, { state: "live", finishedAt: this.iso() })
        this.log(`rolled back to ${target.commit.slice(0, 7)} (${target.id}), asked by ${by}`)
        return { undone: live, target }
      },
    )
    if ("result" in done) return done
    // Outside the switch: GitHub's answer holds up no publish going live.
    const { undone, target } = done
    const writing = this.undoInRepository(undone, target, by)
    const waited = new Promise<"late">((resolve) =>
      setTimeout(resolve, this.parts.undoWaitMs ?? undoWaitMs, "late").unref(),
    )
    const written = await Promise.race([writing, waited])
    // Within the same wait: past it, the answer says the drafts could not be looked at.
    const drafts =
      written === "written" ? await Promise.race([this.draftsHolding(undone, target), waited]) : []
    const note =
      written === "late"
        ? undoneChangeLate
        : written === "written"
          ? [undoneChangeOut, drafts === "late" ? draftsNotChecked : draftsHoldingUndone(drafts)]
              .filter(Boolean)
              .join(" ")
          : undoneChangeStays[written]
    return {
      result: "rolledBack",
      message: `The site is back to ${target.commit.slice(0, 7)}: ${target.title}. ${note}`,
      live: { commit: target.commit, title: target.title },
    }
  }

  /**
   * The undo written into the branch too, as a commit of the earlier version's files, where the
   * branch holds just what was live (its head has the undone version's files) and the two
   * versions differ in the content alone (data/): the editor then shows the version put back,
   * and the next publish keeps the undone change out. Its push is taken up as live already
   * (publishLive), and builds nothing. Otherwise (a newer change pushed, code or packages among
   * what is undone, a repository the server may only read) the branch stays as it is, and the
   * answer says the undone change is still in the editor.
   */
  private async undoInRepository(
    undone: Release,
    target: Release,
    by: string,
  ): Promise<"written" | keyof typeof undoneChangeStays> {
    const { source, settings, history } = this.parts
    const stays = (why: keyof typeof undoneChangeStays, said: string) => {
      this.log(`undo not written to ${settings.branch}: ${said}`)
      return why
    }
    try {
      const head = await source.head(settings.branch)
      if (!head || !undone.commit || !target.commit)
        return stays("failed", "no commit to write it on")
      if (!(await source.sameFiles(head, undone.commit))) {
        // A publish under way or waiting takes it live (a dated article's rebuild builds the live
        // version only); else the head is the one last taken up, and an undo before this one left
        // it as it was; else its publish failed or was refused.
        const takesHeadLive = (wanted?: LiveWanted) =>
          wanted !== undefined && wanted.reason !== "goLive"
        const why =
          takesHeadLive(this.liveUnderWay) || takesHeadLive(this.liveWanted)
            ? "notLive"
            : head === history.lastHead
              ? "undoneBefore"
              : "notPublished"
        return stays(why, "it holds a change not live yet")
      }
      const changed = await source.changedFiles(undone.commit, target.commit)
      // The same files (a version published twice): the branch has the version put back already.
      if (changed.length === 0) return "written"
      const beyond = changed.find((file) => !file.startsWith(`${dataFolder}/`))
      if (beyond) return stays("code", `what is undone is more than content (${beyond})`)
      const commit = await source.undoCommit({
        parent: head,
        filesOf: target.commit,
        message: `Undo “${undone.title}”, asked by ${by}\n\nThe site went back to ${target.commit.slice(0, 7)}: this commit holds its files.`,
        by,
      })
      // Known before GitHub announces it, which may be before the push has answered here.
      history.wroteUndo(commit)
      await source.pushUndo(settings.branch, commit, head)
      this.log(`undo written to ${settings.branch} as ${commit.slice(0, 7)}`)
      return "written"
    } catch (error) {
      // Pushed since the last fetch: a newer change, as where it is seen before the push.
      if (error instanceof PushedSince) return stays("notLive", error.message)
      return stays("failed", (error as Error).message)
    }
  }

  /**
   * The drafts that would put an undone change back: begun after the version put back (the CMS
   * makes a draft from the branch as it is), so holding some of what was undone, and changing a
   * file that holds it. The CMS saves and publishes a draft's whole files (a Save replays its
   * commits on the branch; a publish GitHub cannot merge is forced), so the draft's copy, the
   * undone change in it, would replace the one put back. Named by the page each is a draft of;
   * none where GitHub cannot be read.
   */
  private async draftsHolding(undone: Release, target: Release): Promise<string[]> {
    const { source } = this.parts
    if (!undone.commit || !target.commit) return []
    try {
      // The drafts as they are now: one saved since the last webhook counts too.
      await source.fetch()
      const held: string[] = []
      for (const branch of await source.branches(draftPrefix)) {
        const tip = await source.head(branch)
        // Where the draft left the branch: at or before the version put back, it holds none of
        // the undone change (several publishes built together are undone together).
        const begun = tip && (await source.mergeBase(tip, undone.commit))
        if (!tip || !begun || (await source.descends(target.commit, begun))) continue
        const holding = new Set(await source.changedFiles(target.commit, begun))
        const own = await source.changedSince(begun, tip)
        if (own.some((file) => holding.has(file))) held.push(draftLabel(branch))
      }
      return held
    } catch (error) {
      this.log(`undo: the drafts could not be read: ${(error as Error).message}`)
      return []
    }
  }

  /**
   * Whether a draft's packages differ from the live branch's: begun before the site's code
   * changed, where the server has the branch's packages. Her next save brings it up to date (the
   * CMS replays a draft on the branch as it is), and the server has nothing to update.
   */
  private async draftBehindOnPackages(draft: string): Promise<boolean> {
    const { source, settings } = this.parts
    const live = await source.head(settings.branch)
    if (!live) return false
    return (await source.changedFiles(live, draft)).includes("package-lock.json")
  }

  /** Resolves once nothing is being built and nothing is waiting (tests, the measurements). */
  async idle(): Promise<void> {
    while (this.running) await this.running
    await this.statusQueue
    await this.parts.history.flushed()
  }

  /**
   * Once stopped: the commit statuses already queued go out (GitHub given `limitMs` in all), and
   * the history is on the disk, so a final status marked answered is not lost with the process.
   */
  async drain(limitMs = 5000): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    const limit = new Promise((resolve) => (timer = setTimeout(resolve, limitMs)))
    await Promise.race([this.statusQueue, limit])
    clearTimeout(timer)
    await this.parts.history.flushed()
  }

  /** The commit being built, if any. */
  get currentBuild(): string | undefined {
    return this.building
  }

  /** No more go-live timer, and the build in progress (its whole process group) stopped. */
  stop() {
    this.stopped = true
    this.cancelGoLive?.()
    this.liveWanted = undefined
    this.previewsWanted.clear()
    try {
      if (this.buildStep?.pid && this.buildStep.exitCode === null)
        process.kill(-this.buildStep.pid, "SIGKILL")
    } catch {
      // Ended already.
    }
  }

  // ---------------------------------------------------------------------------------------------

  /**
   * Asks for the live site to be looked at again: a push, the start, a dated entry's day, or
   * `by` someone on the staff's page.
   */
  private want(
    reason: LiveWanted["reason"],
    push?: { commit: string; repository: string },
    by?: string,
  ) {
    const wanted: LiveWanted = this.liveWanted ?? { reason, pushes: new Map(), goLiveDue: false }
    if (by) wanted.by = by
    // A push or the start builds the head with the moment of its build: a go-live waiting is
    // then the head's, if it is new, or the live version's again.
    if (reason === "goLive") wanted.goLiveDue = true
    else wanted.reason = reason
    if (push) wanted.pushes.set(push.commit, push.repository)
    this.liveWanted = wanted
    this.previewBuild?.abort()
    this.kick()
  }

  private kick() {
    if (this.running) return
    this.running = this.work().finally(() => {
      this.running = undefined
      // Asked for while the last job was ending.
      if (this.liveWanted || this.previewsWanted.size > 0) this.kick()
    })
  }

  private async work() {
    for (;;) {
      // Stopped (a deploy, Ctrl-C): nothing more starts, whatever was asked before.
      if (this.stopped) return
      const live = this.liveWanted
      if (live) {
        this.liveWanted = undefined
        this.liveUnderWay = live
        await this.publishLive(live).finally(() => (this.liveUnderWay = undefined))
        continue
      }
      if (this.previewsMissed) {
        this.previewsMissed = false
        await this.wantMissedPreviews()
      }
      const [branch, preview] = this.previewsWanted.entries().next().value ?? []
      if (!branch || !preview) return
      this.previewsWanted.delete(branch)
      await (preview.action === "close"
        ? this.removePreview(branch)
        : this.buildPreview(branch, preview))
    }
  }

  private async publishLive(wanted: LiveWanted) {
    const { source, settings, history, releases } = this.parts
    let record: PublishRecord | undefined
    let commit: string | undefined
    let goLive = wanted.reason === "goLive"
    let live: Release | undefined
    try {
      // A go-live builds the live commit again, which is here already: GitHub out of reach at
      // midnight does not hold back the day's article.
      if (!goLive) await this.fetch()
      live = await releases.current()
      if (!goLive) {
        commit = await source.head(settings.branch)
        if (!commit) throw new Failure(failureWords.noBranch(settings.branch))
        // The head last taken up, not the live commit: a push replayed later, or the server
        // starting again, leaves an undo as it is; a push that moves the branch back is published,
        // unless it moves it back to what is live (after an undo): that is taken up as it is.
        // So is an undo written into the branch (undoInRepository) that holds the live files.
        const taken = history.lastHead ?? live?.commit
        if (
          commit === taken ||
          commit === live?.commit ||
          (history.isUndo(commit) && live && (await source.sameFiles(commit, live.commit)))
        ) {
          if (commit !== taken) history.lastHead = commit
          for (const [sha, repository] of wanted.pushes) {
            this.status(repository, sha, {
              state: "success",
              description: statusWords.alreadyLive,
              targetUrl: settings.siteUrl,
              context: publishContext,
            })
          }
          history.answered(wanted.pushes.keys())
          wanted.pushes.clear()
          if (!wanted.goLiveDue) return
          goLive = true
        }
      }
      if (goLive) commit = live?.commit
      if (!commit) return
      // The head built is answered as the pushes are, where theirs go: one pushed after them and
      // fetched with them (its own push may come late, or never), or one the server's start
      // builds (it stopped during the build, or refused it).
      const repository = [...wanted.pushes.values()][0] ?? history.repository
      if (!goLive && repository && !wanted.pushes.has(commit)) {
        wanted.pushes.set(commit, repository)
        history.addPending(commit, repository)
      }
      const info = await source.info(commit)
      const togetherWith = goLive ? [] : await this.takenAlong(commit, wanted.pushes.keys())
      // A dated entry's day changes no file: the same version, built again.
      const contentChanged = goLive ? [] : await this.contentChanged(live?.commit, commit)
      record = history.start(
        {
          kind: goLive ? "goLive" : "publish",
          commit,
          title: info.title,
          author: info.author,
          state: "building",
          ...(wanted.by ? { by: wanted.by } : {}),
          ...(togetherWith.length > 0 ? { togetherWith } : {}),
          ...(contentChanged.length > 0 ? { contentChanged } : {}),
        },
        this.now(),
      )
      this.log(`building ${commit.slice(0, 7)} (${wanted.reason})`)
      if (!goLive) {
        this.publishing = { commit, pushes: wanted.pushes }
        // Its own push came while the head was fetched: it joins this build, not the next.
        const waiting = this.liveWanted
        const own = waiting?.pushes.get(commit)
        if (waiting && own) {
          wanted.pushes.set(commit, own)
          waiting.pushes.delete(commit)
          if (waiting.pushes.size === 0 && !waiting.goLiveDue) this.liveWanted = undefined
        }
      }
      this.pushStatuses(wanted, { state: "pending", description: statusWords.building })
      const release = await this.buildRelease(
        info,
        new Date(this.parts.clock.now()).toISOString(),
        record,
      )
      await this.switch(async () => {
        // A go-live rebuilds the version that was live: an undo since then stays.
        if (goLive && (await releases.current())?.id !== live?.id) {
          throw new Failure(failureWords.undoneMeanwhile)
        }
        await this.putLive(release, goLive ? "goLive" : "publish")
      })
      // Taken up: a restart does not build it again, nor undo an undo (a failed head is retried).
      // Said before the old releases are pruned: a stop during that leaves the record true.
      if (!goLive) history.lastHead = commit
      this.publishing = undefined
      const waiting = waitingIn(release, contentChanged)
      const appeared = goLive ? appearedIn(release, live) : []
      history.update(record, {
        state: "live",
        finishedAt: this.iso(),
        address: settings.siteUrl,
        ...(waiting.length > 0 ? { waiting } : {}),
        ...(appeared.length > 0 ? { appeared } : {}),
      })
      this.log(`${commit.slice(0, 7)} is live (${release.id})`)
      await history.flushed()
      await this.prune()
      for (const [sha, repository] of wanted.pushes) {
        const newer = sha !== commit
        const included = !newer || (await source.descends(commit, sha))
        this.status(repository, sha, {
          state: included ? "success" : "failure",
          description: !newer
            ? statusWords.live
            : included
              ? statusWords.liveWith(commit)
              : statusWords.replaced(commit),
          targetUrl: settings.siteUrl,
          context: publishContext,
        })
      }
      history.answered(wanted.pushes.keys())
    } catch (error) {
      this.publishing = undefined
      // The server is stopping: as it starts again it publishes the newest change, and answers
      // the pushes (still pending, in the history).
      if (this.stopped) return this.stoppedWithServer(record)
      const { whole, shown: reason } = failureReason(error, failureWords.build)
      if (error instanceof Failure && error.suspect) this.cacheSuspect = true
      this.log(`${commit?.slice(0, 7) ?? "the branch"} was not published: ${whole}`)
      // Failed before its build began (GitHub out of reach, a token it refuses): listed all the
      // same, under the newest push, as GitHub's status may not reach the staff either.
      const newest = [...wanted.pushes.keys()].at(-1)
      if (!record && !goLive && newest) {
        record = history.start({ kind: "publish", commit: newest, state: "building" }, this.now())
      }
      if (record) {
        history.update(record, {
          state: "failed",
          reason,
          finishedAt: this.iso(),
          ...(error instanceof Failure && error.lasting ? { lasting: true as const } : {}),
        })
      }
      // A dated entry's day that came while this was waiting: the live version, once more.
      if (wanted.goLiveDue && !goLive) this.want("goLive")
      // A go-live of a release no longer live (an undo meanwhile) is the new one's to schedule.
      if (goLive && (await releases.current())?.id === live?.id) this.retryGoLive(error)
      // GitHub cuts a description at 140 characters: the staff's page has the whole reason.
      this.pushStatuses(wanted, {
        state: "failure",
        description: statusWords.failed(reason),
        targetUrl: this.staffPage(),
      })
      history.answered(wanted.pushes.keys())
    }
  }

  /**
   * The pushes a build of `commit` takes along, newest first: those before it on the branch that
   * waited for another build (a push the branch no longer holds, forced away, is not among them).
   */
  private async takenAlong(commit: string, pushes: Iterable<string>): Promise<PublishedCommit[]> {
    const { source } = this.parts
    const along: PublishedCommit[] = []
    for (const sha of pushes) {
      if (sha === commit || !(await source.descends(commit, sha))) continue
      const { title, author } = await source.info(sha)
      along.unshift({ commit: sha, title, author })
    }
    return along
  }

  /**
   * The content files (data/*.json) that differ between the version live and the one going live:
   * none when either is unknown, or Git cannot say (the record is listed all the same).
   */
  private async contentChanged(live: string | undefined, next: string | undefined) {
    if (!live || !next) return []
    try {
      const changed = await this.parts.source.changedFiles(live, next)
      return changed.filter((file) => file.startsWith(`${dataFolder}/`) && file.endsWith(".json"))
    } catch (error) {
      this.log(`the content files changed were not listed: ${errorMessage(error)}`)
      return []
    }
  }

  private async buildPreview(branch: string, wanted: PreviewWanted) {
    const { source, history, previews, settings } = this.parts
    const name = previewName(branch)
    const address = previewUrl(settings.previewUrl, name)
    let record: PublishRecord | undefined
    let head: string | undefined
    try {
      await this.fetch()
      head = await source.head(branch)
      if (!head) return await this.removePreview(branch)
      const info = await source.info(head)
      record = history.start(
        {
          kind: "preview",
          commit: head,
          title: info.title,
          author: info.author,
          state: "building",
          branch,
          address,
        },
        this.now(),
      )
      await this.build(info, showEveryEntry, record, "preview")
      await previews.put(name, path.join(this.workDir, "public"))
      history.update(record, { state: "ready", finishedAt: this.iso() })
      history.previewDone(branch, head)
      this.log(`preview of ${branch} ready at ${address}`)
      for (const sha of new Set([...wanted.pushes, head])) {
        this.status(wanted.repository, sha, {
          state: "success",
          description: statusWords.previewReady,
          targetUrl: address,
          context: previewContext,
        })
      }
    } catch (error) {
      // The server is stopping: as it starts again it builds the preview (wantMissedPreviews),
      // and its status goes then.
      if (this.stopped) return this.stoppedWithServer(record)
      // Set aside for a publish: no status (the draft's one status is its preview's outcome);
      // wanted again, after the publish, unless a newer save or the draft's end is wanted already.
      if (error instanceof SetAside) {
        if (record) history.update(record, { state: "waiting" })
        const newer = this.previewsWanted.get(branch)
        if (newer) for (const sha of wanted.pushes) newer.pushes.add(sha)
        else this.previewsWanted.set(branch, wanted)
        this.log(`preview of ${branch} set aside for the live site; built after it`)
        return
      }
      const { whole, shown: reason } = failureReason(error, failureWords.build)
      if (error instanceof Failure && error.suspect) this.cacheSuspect = true
      this.log(`no preview of ${branch}: ${whole}`)
      if (head) history.previewDone(branch, head)
      if (record) history.update(record, { state: "failed", reason, finishedAt: this.iso() })
      for (const sha of new Set([...wanted.pushes, ...(head ? [head] : [])])) {
        this.status(wanted.repository, sha, {
          state: "failure",
          description: statusWords.previewFailed(reason),
          targetUrl: this.staffPage(),
          context: previewContext,
        })
      }
    }
  }

  /** A build cut short by the server stopping, said so in its record (the start takes it up). */
  private stoppedWithServer(record: PublishRecord | undefined) {
    if (!record) return
    this.parts.history.update(record, {
      state: "failed",
      reason: failureWords.serverStopped,
      finishedAt: this.iso(),
    })
  }

  /**
   * The previews the server missed while it was down: a draft saved then (its webhook never came),
   * or one whose build the stop cut short. Each draft whose head has no preview built or refused
   * is built, its status posted to the repository the webhooks name, as "View Preview" needs.
   * The branches as the start's catch-up fetched them.
   */
  private async wantMissedPreviews() {
    const { source, history } = this.parts
    const repository = history.repository
    if (!repository) return
    try {
      const branches = await source.branches(draftPrefix)
      history.keepPreviewsOf(branches)
      for (const branch of branches) {
        const head = await source.head(branch)
        const done = head !== undefined && history.previewedHead(branch) === head
        if (!head || done || this.previewsWanted.has(branch)) continue
        this.previewsWanted.set(branch, { repository, action: "update", pushes: new Set([head]) })
      }
    } catch (error) {
      this.log(
        `previews missed while stopped: the drafts could not be read: ${(error as Error).message}`,
      )
    }
  }

  private async removePreview(branch: string) {
    await this.removePreviewNamed(previewName(branch))
  }

  /**
   * The preview's files, and a record of its removal under its draft's last record. A preview
   * that was never built has no files, but its failure is its draft's news in the editor's
   * corner at the entry: with the draft gone, that news ends too.
   */
  private async removePreviewNamed(name: string) {
    const hadFiles = await this.parts.previews.remove(name)
    const record = this.newestPreviewRecords().get(name)
    if (!hadFiles && (!record || record.state === "removed")) return
    this.parts.history.start(
      {
        kind: "preview",
        commit: record?.commit ?? "",
        title: record?.title,
        state: "removed",
        branch: record?.branch,
        finishedAt: this.iso(),
      },
      this.now(),
    )
    this.log(`preview of ${record?.branch ?? name} removed`)
  }

  /**
   * The repository as GitHub has it now; then the previews of drafts whose branch is gone are
   * removed: one merged or deleted while the server was down, whose webhook it never had.
   */
  private async fetch() {
    const { source, previews } = this.parts
    await source.fetch().catch((error: Error) => {
      throw new Failure(failureWords.repository(error.message))
    })
    const drafts = new Set((await source.branches(draftPrefix)).map(previewName))
    const shown = new Set([...(await previews.names()), ...this.newestPreviewRecords().keys()])
    for (const name of shown) {
      if (!drafts.has(name)) await this.removePreviewNamed(name)
    }
  }

  /** Each draft's newest preview record among those kept, by its preview's name. */
  private newestPreviewRecords(): Map<string, PublishRecord> {
    const newest = new Map<string, PublishRecord>()
    for (const record of this.parts.history.records()) {
      if (record.kind !== "preview" || !record.branch) continue
      const name = previewName(record.branch)
      if (!newest.has(name)) newest.set(name, record)
    }
    return newest
  }

  /** The working copy built at the commit, made a release. */
  private async buildRelease(
    info: CommitInfo,
    goLiveNow: string,
    record: PublishRecord,
  ): Promise<Release> {
    await this.build(info, goLiveNow, record)
    try {
      return await this.parts.releases.create(
        this.workDir,
        info,
        (folder) => this.parts.source.archive(info.sha, folder),
        path.join(this.parts.settings.appDir, "node_modules"),
        goLiveNow,
      )
    } catch (error) {
      if (error instanceof DiskFull) throw new Failure(failureWords.diskDuring, true)
      throw error
    }
  }

  private async build(
    info: CommitInfo,
    goLiveNow: string,
    record: PublishRecord,
    kind: "release" | "preview" = "release",
  ) {
    const { settings, source } = this.parts
    await this.roomToBuild()
    this.building = info.sha
    const aside = kind === "preview" ? new AbortController() : undefined
    this.previewBuild = aside
    try {
      await source.checkout(this.workDir, info.sha)
      const logFile = await this.openLog(record.id)
      const options = {
        workDir: this.workDir,
        appDir: settings.appDir,
        env: buildEnvironment(process.env, goLiveNow, kind === "preview" ? info.sha : undefined),
        timeoutMs: settings.buildTimeoutMs,
        onStep: (step: BuildStep, child: ChildProcess) => {
          this.buildStep = child
          this.log(`${step} of ${info.sha.slice(0, 7)} (pid ${child.pid})`)
          this.parts.onBuildStep?.(step, child)
        },
        log: (text: string) => logFile.write(text),
        signal: aside?.signal,
      }
      const build = this.parts.build ?? buildSite
      let outcome: BuildOutcome
      try {
        await writeFile(this.buildMarker, `${info.sha}\n`)
        outcome = await build(options)
        if (!outcome.ok && outcome.kind === "build" && this.cacheSuspect) {
          // The last build was stopped half-way: its cache may be what fails. Once more, clean.
          this.log("building again from a clean cache")
          await this.cleanCache()
          outcome = await build(options)
        }
      } catch (error) {
        if (error instanceof PackagesChanged) {
          throw new Failure(
            kind === "preview" && (await this.draftBehindOnPackages(info.sha))
              ? failureWords.draftBehindOnPackages
              : error.message,
            false,
            true,
          )
        }
        throw error
      } finally {
        logFile.end()
      }
      if (outcome.ok) {
        // Only a finished build clears the suspicion, for this process and the next.
        await rm(this.buildMarker, { force: true })
        this.cacheSuspect = false
        return
      }
      // Stopped half-way, as a build the server stopped: its cache is suspect.
      if (aside?.signal.aborted) {
        this.cacheSuspect = true
        throw new SetAside()
      }
      if (outcome.kind === "build" || outcome.kind === "picture") {
        // Gatsby failed on its way and may have kept its state as if every page were made: the
        // next build of this very commit ("Publish it again") then made none and put live the
        // pages an earlier version had left (seen in a staff member's walk, an undone change
        // among them). The next build starts from nothing: slower, and right.
        this.log("the build failed: its cache is set aside, and the next build starts clean")
        await this.cleanCache()
      }
      const suspect = outcome.kind === "stopped" || outcome.kind === "disk"
      const lasting = outcome.kind === "content" || outcome.kind === "picture"
      throw new Failure(
        outcome.kind === "content"
          ? failureWords.content(outcome.reason)
          : outcome.kind === "picture"
            ? failureWords.picture(outcome.reason)
            : outcome.kind === "stopped"
              ? (kind === "preview" ? failureWords.previewStopped : failureWords.stopped)(
                  outcome.reason,
                )
              : outcome.kind === "disk"
                ? failureWords.diskDuring
                : failureWords.build(outcome.reason),
        suspect,
        lasting,
      )
    } finally {
      this.building = undefined
      this.previewBuild = undefined
    }
  }

  /** Gatsby's cache and the pages it made, gone: the next build makes everything anew. */
  private async cleanCache() {
    await rm(path.join(this.workDir, ".cache"), { recursive: true, force: true })
    await rm(path.join(this.workDir, "public"), { recursive: true, force: true })
  }

  /** A build needs room: the cache grows, and a release is written. */
  private async roomToBuild() {
    const free = await (this.parts.freeBytes ?? freeBytesIn)(this.parts.settings.stateDir)
    const needed = this.parts.settings.minFreeBytes
    if (free < needed) {
      throw new Failure(failureWords.disk(Math.floor(free / 2 ** 20), Math.ceil(needed / 2 ** 20)))
    }
  }

  private async openLog(id: string) {
    const folder = path.join(this.parts.settings.stateDir, "logs")
    await mkdir(folder, { recursive: true })
    const old = (await readdir(folder)).sort().slice(0, -logsKept)
    await Promise.all(old.map((name) => rm(path.join(folder, name), { force: true })))
    const file = path.join(folder, `${id}.log`)
    return buildLog(file, (error) =>
      this.log(`the build's log ${file} could not be written, and is lost: ${error.message}`),
    )
  }

  /** Switches run one at a time: a publish finishing during an undo waits for it. */
  private switch<T>(job: () => Promise<T>): Promise<T> {
    const next = this.switching.then(job)
    this.switching = next.catch(() => undefined)
    return next
  }

  /**
   * The policy nginx sends allows the release's scripts, then the site's server moves to it, and
   * the trail of what was live says how it came: a publish is added, a dated entry's rebuild
   * takes its version's place, an undo goes back one.
   */
  private async putLive(release: Release, how: "publish" | "goLive" | "undo") {
    const { releases, history, nginx, site } = this.parts
    const kept = await releases.list()
    const before = await releases.current()
    await nginx
      .allow([release, ...kept.filter((each) => each.id !== release.id)])
      .catch((error: Error) => {
        throw new Failure(failureWords.nginx(error.message))
      })
    await site.goLive(release).catch((error: Error) => {
      throw new Failure(failureWords.server(error.message))
    })
    history.wentLive(release, how, before, kept)
    this.scheduleGoLive(release)
  }

  /** The releases an undo may go back to stay (the trail's last few), and the live one. */
  private async prune() {
    const { releases, history, settings } = this.parts
    const wanted = new Set([...history.liveTrail].reverse().slice(0, settings.keep))
    await releases.prune(wanted).catch((error: Error) => this.log(`prune: ${error.message}`))
  }

  /**
   * A go-live that failed is tried again, the day's article not waiting for the next push: three
   * times, further apart each time, then at each midnight (a full disk freed, a server mended),
   * unless it would fail the same way (the content, the packages) or the server is stopping. A
   * publish or an undo in between schedules afresh (the caller asks only while the release that
   * was live still is).
   */
  private retryGoLive(error: unknown) {
    if (this.stopped || (error instanceof Failure && error.lasting)) return
    const now = this.now()
    let at: number
    if (this.goLiveRetries < goLiveTries) {
      at = now.getTime() + goLiveRetryMs * 2 ** this.goLiveRetries
      this.goLiveRetries += 1
    } else {
      // The next midnight where the server is (TZ), as a dated entry's day begins.
      at = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime()
      this.log(
        `the dated entries' rebuild failed again: tried next at ${new Date(at).toISOString()}`,
      )
    }
    this.cancelGoLive?.()
    this.cancelGoLive = this.parts.clock.at(at, () => this.want("goLive"))
  }

  /** A timer for the next dated entry of the live release's content. */
  private scheduleGoLive(live: Release) {
    this.goLiveRetries = 0
    this.cancelGoLive?.()
    const read = contentOf(live)
    // Judged from the moment the release was built for: a day that came since (the server down,
    // a build running over midnight, an undo to an older release) is due at once.
    const next = nextGoLive(read, builtFor(live))
    if (next === undefined || !contentFiles.length) return
    this.log(`next go-live: ${new Date(next).toISOString()}`)
    this.cancelGoLive = this.parts.clock.at(next, () => {
      this.log("a dated entry's day has come: building the live version again")
      this.want("goLive")
    })
  }

  /** The release that was live before the live one, and is still kept. */
  private async before(live: Release): Promise<Release | undefined> {
    return this.parts.history.before(live, await this.parts.releases.list())
  }

  private liveSince(live: Release): string | undefined {
    return this.parts.history
      .records()
      .find((record) => record.commit === live.commit && record.state === "live")?.finishedAt
  }

  private pushStatuses(wanted: LiveWanted, status: Omit<CommitStatus, "context">) {
    for (const [sha, repository] of wanted.pushes)
      this.status(repository, sha, { ...status, context: publishContext })
  }

  /** Statuses go out in order, one after another, without holding a build up. */
  private status(repository: string, sha: string, status: CommitStatus) {
    const post = this.parts.postStatus
    if (!post) return
    this.statusQueue = this.statusQueue
      .then(() => post(repository, sha, status))
      .catch(() => undefined)
  }

  /** The staff's page at its publishing panel, where a failure's whole reason is. */
  private staffPage = () =>
    new URL(`${membersPagePath}#${publishingPanelId}`, this.parts.settings.siteUrl).href

  private now = () => new Date(this.parts.clock.now())
  private iso = () => this.now().toISOString()
}

/**
 * The server's environment for a build: no secret of the server's, and the build's moment. A
 * draft's preview is built as one (src/previews/previewSite.ts: never indexed, no sign-ups, its
 * commit in /preview.json); a release never is, whatever the server's own environment says.
 */
export function buildEnvironment(
  env: NodeJS.ProcessEnv,
  goLiveNow: string,
  previewOf?: string,
): NodeJS.ProcessEnv {
  const secret =
    /SECRET|TOKEN|PASSWORD|PRIVATE|API_KEY|^DKIM_|^SMTP_URL$|^PUBLISH_|^SITE_PREVIEW|^MEMBERS_STORE$/
  const kept = Object.fromEntries(Object.entries(env).filter(([name]) => !secret.test(name)))
  return {
    ...kept,
    GO_LIVE_NOW: goLiveNow,
    GATSBY_TELEMETRY_DISABLED: "1",
    CI: "true",
    // Named in every build, empty in a release's (read as unset): Gatsby writes each variable's
    // name into the Functions' bundle, and its cache of that bundle holds only while the names
    // stay the same; a preview between two releases made both rebuild it (18 s, not 4, here).
    [previewSetting]: previewOf ? "1" : "",
    SITE_PREVIEW_COMMIT: previewOf ?? "",
  }
}

async function freeBytesIn(folder: string): Promise<number> {
  await mkdir(folder, { recursive: true })
  const stats = await statfs(folder)
  return stats.bavail * stats.bsize
}

/**
 * The checkout's commit, when it is a Git checkout; its build is the first release. Named for
 * the staff by its own first line, or as the version the server was set up with.
 */
export async function checkoutInfo(appDir: string): Promise<CommitInfo> {
  const info = await commitInfo(appDir, "HEAD").catch(() => undefined)
  return info?.title ? info : { sha: info?.sha ?? "", title: statusWords.setUpVersion, author: "" }
}
