import { existsSync, readFileSync, renameSync } from "node:fs"
import { mkdir, rename, writeFile } from "node:fs/promises"
import path from "node:path"
import type { PublishRecord } from "../publishesApi"
import type { Release } from "./releases"
import { failureWords } from "./statusWords"
import { errorMessage } from "../../utils/errorMessage"

/**
 * What the publisher did, newest first (the staff's page shows it), and what it must remember
 * across restarts: the last head of the branch it took up (so a rollback stays until the next
 * push, even through a restart, and a push replayed later starts nothing), the repository the
 * pushes came from, the pushes whose status still says pending, and the releases that were live,
 * in order (an undo goes back to the one before). One JSON file in the state folder, replaced
 * whole at each change.
 */

interface Saved {
  records: PublishRecord[]
  /** The branch head last put live: a restart builds a newer one, and leaves an undo as it is. */
  lastHead?: string
  /** The repository GitHub's pushes name ("owner/name"): a restart's build posts its status there. */
  repository?: string
  /**
   * The pushes whose commit status still says pending (sha → repository): a restart's build gives
   * them theirs, as the build they waited for would have.
   */
  pending?: Record<string, string>
  /**
   * The releases put live, oldest first, the live one last: a publish adds one, a dated entry's
   * rebuild takes its version's place, an undo takes the last one off.
   */
  liveTrail: string[]
  /**
   * The commits the staff's undos wrote into the branch, newest last: each holds the files of a
   * version that was live, so its push is live already and builds nothing.
   */
  undos?: string[]
  /**
   * Each draft's head whose preview was built or refused (branch → sha), whatever records the
   * history still keeps: the server, as it starts, builds only the previews it missed.
   */
  previewed?: Record<string, string>
}

const recordsKept = 100
const trailKept = 100
const undosKept = 20

export class History {
  private saved: Saved
  private readonly file: string
  private writing = Promise.resolve()
  private count = 0

  constructor(stateDir: string) {
    this.file = path.join(stateDir, "publishes.json")
    this.saved = readSaved(this.file)
  }

  records(): PublishRecord[] {
    return this.saved.records
  }

  get lastHead(): string | undefined {
    return this.saved.lastHead
  }

  set lastHead(sha: string | undefined) {
    this.saved.lastHead = sha
    this.save()
  }

  get repository(): string | undefined {
    return this.saved.repository
  }

  set repository(name: string | undefined) {
    if (name === this.saved.repository) return
    this.saved.repository = name
    this.save()
  }

  /** The pushes whose commit status still says pending, each with its repository. */
  get pending(): ReadonlyMap<string, string> {
    return new Map(Object.entries(this.saved.pending ?? {}))
  }

  /** A push's status says pending until `answered`. */
  addPending(sha: string, repository: string) {
    this.saved.pending = { ...this.saved.pending, [sha]: repository }
    this.save()
  }

  /** These pushes' statuses are final (live, replaced or failed). */
  answered(shas: Iterable<string>) {
    const pending = { ...this.saved.pending }
    for (const sha of shas) delete pending[sha]
    this.saved.pending = pending
    this.save()
  }

  /** The draft's head last previewed (built or refused), if any. */
  previewedHead(branch: string): string | undefined {
    return this.saved.previewed?.[branch]
  }

  /** The draft's preview is done for `sha`: built, or refused for a reason a new build keeps. */
  previewDone(branch: string, sha: string) {
    this.saved.previewed = { ...this.saved.previewed, [branch]: sha }
    this.save()
  }

  /** Forgets the drafts whose branch is gone (merged or deleted). */
  keepPreviewsOf(branches: readonly string[]) {
    const kept = Object.entries(this.saved.previewed ?? {}).filter(([branch]) =>
      branches.includes(branch),
    )
    if (kept.length === Object.keys(this.saved.previewed ?? {}).length) return
    this.saved.previewed = Object.fromEntries(kept)
    this.save()
  }

  /** An undo's commit, written into the branch (the Publisher's undoInRepository). */
  wroteUndo(sha: string) {
    this.saved.undos = [...(this.saved.undos ?? []), sha].slice(-undosKept)
    this.save()
  }

  isUndo(sha: string): boolean {
    return this.saved.undos?.includes(sha) ?? false
  }

  /** The releases put live, oldest first, the live one last. */
  get liveTrail(): readonly string[] {
    return this.saved.liveTrail
  }

  /**
   * A release came live: a publish is added to the trail, a dated entry's rebuild takes its
   * version's place, an undo goes back to it. A trail that does not end with the one that was
   * live (a state folder from before the trail) starts from the releases kept, by build order.
   */
  wentLive(
    release: Release,
    how: "publish" | "goLive" | "undo" | "start",
    before: Release | undefined,
    kept: readonly Release[],
  ) {
    let trail = [...this.saved.liveTrail]
    if (before && trail.at(-1) !== before.id) {
      const oldestFirst = [...kept].reverse()
      trail = oldestFirst
        .slice(0, oldestFirst.findIndex((each) => each.id === before.id) + 1)
        .map((each) => each.id)
    }
    if (how === "undo" && trail.includes(release.id))
      trail.splice(trail.lastIndexOf(release.id) + 1)
    else if (how === "goLive") trail.splice(-1, 1, release.id)
    else if (trail.at(-1) !== release.id) trail.push(release.id)
    this.saved.liveTrail = trail.slice(-trailKept)
    this.save()
  }

  /**
   * What an undo of `live` puts back: the release live before it that is still kept; by build
   * order where the trail does not know `live`.
   */
  before(live: Release, kept: readonly Release[]): Release | undefined {
    const trail = this.saved.liveTrail
    if (trail.at(-1) !== live.id) return kept[kept.findIndex((each) => each.id === live.id) + 1]
    const byId = new Map(kept.map((each) => [each.id, each]))
    return trail
      .slice(0, -1)
      .reverse()
      .map((id) => byId.get(id))
      .find((release) => release !== undefined && release.id !== live.id)
  }

  /** A new record, at the top. */
  start(record: Omit<PublishRecord, "id" | "startedAt">, at: Date): PublishRecord {
    this.count += 1
    const started: PublishRecord = {
      id: `${at.getTime().toString(36)}-${this.count}`,
      startedAt: at.toISOString(),
      ...record,
    }
    this.saved.records = [started, ...this.saved.records].slice(0, recordsKept)
    // A draft's preview is one address: a newer build of it, or its removal, ends what its
    // earlier records said ("ready", or "waiting" where a publish set one aside).
    if (started.kind === "preview") {
      for (const other of this.saved.records) {
        const earlier = other !== started && other.kind === "preview"
        if (
          earlier &&
          other.branch === started.branch &&
          ["ready", "waiting"].includes(other.state)
        )
          other.state = "replaced"
      }
    }
    // The command line's undo, with no server running, starts its record live.
    if (started.state === "live") this.replaceLiveBefore(started)
    this.save()
    return started
  }

  update(record: PublishRecord, change: Partial<PublishRecord>): PublishRecord {
    Object.assign(record, change)
    if (change.state === "live") this.replaceLiveBefore(record)
    this.save()
    return record
  }

  /** One version is live: the one before it is replaced (an undo's, a dated day's rebuild too). */
  private replaceLiveBefore(live: PublishRecord) {
    for (const other of this.saved.records) {
      if (other !== live && other.state === "live") other.state = "replaced"
    }
  }

  /** Resolves when what was changed is on the disk. */
  flushed(): Promise<void> {
    return this.writing
  }

  private save() {
    const text = `${JSON.stringify(this.saved, null, 2)}\n`
    this.writing = this.writing
      .then(async () => {
        await mkdir(path.dirname(this.file), { recursive: true })
        const next = `${this.file}.next`
        await writeFile(next, text)
        await rename(next, this.file)
      })
      .catch((error: unknown) => {
        console.error(`publish: the history could not be written (${(error as Error).message})`)
      })
  }
}

function readSaved(file: string): Saved {
  if (!existsSync(file)) return { records: [], liveTrail: [] }
  try {
    const saved = JSON.parse(readFileSync(file, "utf8")) as Partial<Saved>
    const records = Array.isArray(saved.records) ? saved.records : []
    return {
      records: records.map((record) =>
        record.state === "building" || record.state === "waiting"
          ? // The server stopped before it was finished: nothing builds it any more.
            { ...record, state: "failed", reason: failureWords.serverStopped }
          : record,
      ),
      lastHead: typeof saved.lastHead === "string" ? saved.lastHead : undefined,
      repository: typeof saved.repository === "string" ? saved.repository : undefined,
      pending:
        typeof saved.pending === "object" && saved.pending !== null ? saved.pending : undefined,
      liveTrail: Array.isArray(saved.liveTrail) ? saved.liveTrail : [],
      undos: Array.isArray(saved.undos) ? saved.undos : undefined,
      previewed:
        typeof saved.previewed === "object" && saved.previewed !== null
          ? saved.previewed
          : undefined,
    }
  } catch (error) {
    // Kept aside for whoever manages the server, not overwritten by the next publish; the
    // server starts afresh, and says what it no longer knows.
    const aside = `${file}.unreadable-${Date.now()}`
    try {
      renameSync(file, aside)
    } catch {
      // Left where it is: the next write replaces it.
    }
    console.error(
      `publish: ${file} could not be read (${errorMessage(error)}), kept as ${aside}: the staff's page shows no earlier publishes, and the server catches up with the branch as if new (an undo not yet in the branch is built over)`,
    )
    return { records: [], liveTrail: [] }
  }
}
