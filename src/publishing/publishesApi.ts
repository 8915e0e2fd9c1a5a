/**
 * What the staff's page reads of publishing (GET /api/publishes) and the answer of its undo
 * (POST /api/publishes/rollback): the JSON both sides share. The page's bundle includes this
 * file, so it imports nothing.
 */

/** GitHub's webhook posts here (src/publishing/web/handlePublish.ts). */
export const publishEndpoint = "/api/publish"
/** The staff's page reads the last publishes here, and undoes the last one with a POST below. */
export const publishesEndpoint = "/api/publishes"
export const rollbackEndpoint = "/api/publishes/rollback"
/** The newest publish, not published for the server's fault, built again (PublishesAnswer's `again`). */
export const publishAgainEndpoint = "/api/publishes/again"

/** The publishing panel's heading on the staff's page: where a commit status that failed links. */
export const publishingPanelId = "publishing-heading"

/** One thing the publisher did, newest first in the list. */
export interface PublishRecord {
  id: string
  /**
   * `publish`: a push to the published branch built and put live; `goLive`: the live version
   * built again because a dated entry's day came; `rollback`: an earlier version put back;
   * `preview`: a draft's preview built or removed.
   */
  kind: "publish" | "goLive" | "rollback" | "preview"
  /** The commit built or put back (its full SHA), and its first line and author. */
  commit: string
  title?: string
  author?: string
  /** `building`, then `live` (or `ready`/`removed` for a preview), `failed` or `replaced`. */
  state: "waiting" | "building" | "live" | "failed" | "replaced" | "ready" | "removed"
  /** ISO times. */
  startedAt: string
  finishedAt?: string
  /** Why it failed or was replaced, in plain words: the content check's own message for content. */
  reason?: string
  /** Where it can be seen: the live site, or the preview's address. */
  address?: string
  /** Who asked for a rollback or to publish again (GitHub login, or "the command line"). */
  by?: string
  /** A preview's draft branch. */
  branch?: string
  /**
   * A failure that comes again until the content (or the server's packages) change: publishing
   * it again as it is is not offered.
   */
  lasting?: true
  /**
   * The earlier publishes this one took along, newest first: pushed while another was being
   * built, they are built once, together, under the newest (`commit`), and each is listed here
   * so that whoever published one finds hers.
   */
  togetherWith?: PublishedCommit[]
  /**
   * The content files a publish or an undo changed on the website, against the version live
   * before it (`data/shop.json`): the editor's corner warns whoever has one of them open since
   * before, as her Save would write the version it replaced back.
   */
  contentChanged?: string[]
  /**
   * Entries of those files that wait for their day (an article dated later), soonest first: the
   * publish is live, and they are on the website from that day (YYYY-MM-DD), not before. By
   * name: an article's title (src/content/goLive.ts, waitingEntries).
   */
  waiting?: { name?: string; day: string }[]
  /** A dated day's rebuild (`goLive`), live: the entries it put on the website, as `waiting`. */
  appeared?: { name?: string; day: string }[]
}

/** A commit as the staff read it: its full SHA, its first line and its author. */
export interface PublishedCommit {
  commit: string
  title?: string
  author?: string
}

export interface PublishesAnswer {
  /**
   * The commit the site serves now, and since when; `release` names this build of it, for the
   * undo to say what it undoes.
   */
  live?: { release: string; commit: string; title?: string; since: string; address: string }
  /** An earlier version that an undo would put back; none when no other is kept. */
  previous?: { commit: string; title?: string }
  /**
   * The newest publish, when it was not published for a fault of the server's (a full disk, a
   * build stopped, GitHub out of reach) and nothing is under way: the page offers to publish it
   * again, once the fault is mended, as the change is in the content already. `dated`: it is a
   * dated article's day whose rebuild failed so, the day's articles not live yet.
   */
  again?: { commit: string; title?: string; dated?: true }
  records: PublishRecord[]
  /**
   * Publishes that came while a build was under way: built next, together, once it is done (their
   * own record starts then). Absent when none waits.
   */
  waiting?: number
  /** The publisher is at work (a build, or the fetch before one): the page follows it. */
  working?: true
}

/** What the page posts to undo: the live release it showed (`live.release` above). */
export interface RollbackRequest {
  live?: string
}

export interface AgainAnswer {
  result: "started" | "nothingToPublish"
  message: string
}

export interface RollbackAnswer {
  result: "rolledBack" | "nothingToRollBack" | "busy"
  message: string
  live?: { commit: string; title?: string }
}
