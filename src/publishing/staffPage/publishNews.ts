import { isRecord } from "../../utils/json"
import { contentFilePath } from "../../content/fields"
import type { PublishesAnswer, PublishRecord } from "../publishesApi"

/** How often the staff's page and the editor's corner ask again while a publish is under way. */
export const followMs = 5_000
/**
 * How often they ask when nothing is under way: a colleague's publish, a push, a dated article's
 * day shows within this, without a reload.
 */
export const lookMs = 15_000
/** How long the end of a publish (live, or not published) stays news in the editor's corner. */
export const newsForMs = 10 * 60_000
/** How long after Publish the server is expected to have heard of it (GitHub's webhook). */
export const hearWithinMs = 2 * 60_000

export function isPublishesAnswer(value: unknown): value is PublishesAnswer {
  return isRecord(value) && Array.isArray(value.records)
}

export const shortCommit = (sha: string) => sha.slice(0, 7)

/** What the editor's corner says (src/cms/PublishingNews.tsx); none when there is nothing new. */
export type PublishNews =
  /** A publish being built (`record`), or being fetched, or `waiting` for the one being built. */
  | { kind: "underWay"; record?: PublishRecord; waiting: number }
  /** The last publish's end, while it is fresh; `undoable` while an earlier version is kept. */
  | { kind: "live"; record: PublishRecord; undoable: boolean }
  | { kind: "failed"; record: PublishRecord }
  /** Published in this editor, and the server has not taken it up: yet, or `late`. */
  | { kind: "notHeard"; late: boolean }
  /** The preview of the draft open in the editor: being built, not built (and why), or ready. */
  | { kind: "previewBuilding" | "previewFailed" | "previewReady"; record: PublishRecord }
  /** A publish or an undo that changed the page open in the editor after she opened it. */
  | { kind: "changedSinceOpened"; record: PublishRecord }

/** A Publish pressed in this editor: when, and the newest publish the server had listed then. */
export interface PublishedHere {
  at: number
  newestBefore?: string
}

/** The entry open in the editor: its content file (data/shop.json), and what had ended then. */
export interface OpenEntry {
  file: string
  /** When she opened it, by this browser's clock (against `PublishedHere`'s). */
  at: number
  /**
   * The publishes that had ended when she opened it, by id: the first answer's after she did
   * (undefined until it comes). Not the records' times: the server's clock is not hers.
   */
  ended?: ReadonlySet<string>
}

/** The ids of the publishes that have ended, for `OpenEntry`'s `ended`. */
export const endedPublishes = (answer: PublishesAnswer): ReadonlySet<string> =>
  new Set(answer.records.filter((record) => record.finishedAt).map((record) => record.id))

/**
 * The news of publishing for the editor, from what the staff's page reads (GET /api/publishes):
 * the publish under way, or how the last one ended, for `newsForMs` after it did. After a Publish
 * in this editor, the previous publish's end is not news: hers is on its way until the server
 * lists it, and past `hearWithinMs` the server has not heard of it (a webhook that did not come).
 * With no publish under way, the preview of the draft open in the editor (`openDraft`, its branch)
 * comes before how the last publish ended: while it is built, for a while once it is ready
 * (Decap's own "View Preview" looks for it for only 15 s after a second save), or for as long as
 * it is the draft's last and could not be built (Decap cannot tell a failed one from one not there).
 */
export function publishNews(
  answer: PublishesAnswer,
  now: number,
  publishedHere?: PublishedHere,
  openDraft?: string,
  openEntry?: OpenEntry,
): PublishNews | null {
  const publishing = publishingNews(answer, now, publishedHere)
  if (publishing?.kind === "underWay" || publishing?.kind === "notHeard") return publishing
  const changed = openEntry && changedSinceOpened(answer, openEntry, publishedHere)
  if (changed) return { kind: "changedSinceOpened", record: changed }
  return (openDraft && previewNews(answer, openDraft, now)) || publishing
}

/**
 * The newest publish or undo that went live after she opened the entry, and changed its file:
 * her form holds the version it replaced, and her Save would write that back (Decap saves the
 * whole file). Her own publish from this editor since then is what her form holds: only what is
 * listed after it counts, and nothing while it is not listed yet.
 */
export function changedSinceOpened(
  answer: PublishesAnswer,
  open: OpenEntry,
  publishedHere?: PublishedHere,
): PublishRecord | undefined {
  const { ended } = open
  if (!ended) return undefined
  let listed = answer.records.filter((record) => record.kind !== "preview")
  if (publishedHere && publishedHere.at > open.at) {
    // Hers: the first the server listed after her Publish; newer ones are above it.
    const before = listed.findIndex((record) => record.id === publishedHere.newestBefore)
    const hers = (before === -1 ? listed.length : before) - 1
    if (!listed[hers]?.finishedAt) return undefined
    listed = listed.slice(0, hers)
  }
  return listed.find(
    (record) =>
      (record.kind === "publish" || record.kind === "rollback") &&
      (record.state === "live" || record.state === "replaced") &&
      !ended.has(record.id) &&
      (record.contentChanged ?? []).includes(open.file),
  )
}

function previewNews(answer: PublishesAnswer, branch: string, now: number): PublishNews | null {
  const record = answer.records.find((each) => each.kind === "preview" && each.branch === branch)
  if (record?.state === "building") return { kind: "previewBuilding", record }
  if (record?.state === "failed") return { kind: "previewFailed", record }
  // Fresh: Decap looks for it for 15 s after a second save, and a build may take longer.
  const fresh = record?.finishedAt && now - Date.parse(record.finishedAt) < newsForMs
  if (record?.state === "ready" && fresh) return { kind: "previewReady", record }
  return null
}

function publishingNews(
  answer: PublishesAnswer,
  now: number,
  publishedHere?: PublishedHere,
): PublishNews | null {
  const [last] = answer.records.filter((record) => record.kind !== "preview")
  const building = last?.state === "building" || last?.state === "waiting"
  const waiting = answer.waiting ?? 0
  // The publisher at work with nothing listed yet: fetching a publish, unless it builds a preview.
  const fetching = Boolean(answer.working) && !answer.records.some(previewBuilding)
  if (building || waiting > 0 || fetching) {
    return { kind: "underWay", record: building ? last : undefined, waiting }
  }
  if (publishedHere && last?.id === publishedHere.newestBefore) {
    const since = now - publishedHere.at
    return since < newsForMs ? { kind: "notHeard", late: since >= hearWithinMs } : null
  }
  if (!last?.finishedAt || now - Date.parse(last.finishedAt) > newsForMs) return null
  if (last.state === "live")
    return { kind: "live", record: last, undoable: Boolean(answer.previous) }
  return last.state === "failed" ? { kind: "failed", record: last } : null
}

const previewBuilding = (record: PublishRecord) =>
  record.kind === "preview" && record.state === "building"

/** The newest publish listed (a preview's aside), for `PublishedHere`. */
export const newestPublish = (answer: PublishesAnswer | null) =>
  answer?.records.find((record) => record.kind !== "preview")?.id

/** The collection and entry open in Decap's editor (#/collections/<collection>/entries/<entry>). */
function entryAt(hash: string) {
  const open = /^#\/collections\/([^/?#]+)\/entries\/([^/?#]+)/.exec(hash)
  const [, collection, entry] = open ?? []
  return collection && entry ? { collection, entry } : undefined
}

/**
 * The draft's branch of the entry open in Decap's editor (its address: #/collections/<collection>/
 * entries/<entry>, its draft's branch cms/<collection>/<entry>), or undefined on its other screens.
 */
export function draftOpenAt(hash: string): string | undefined {
  const open = entryAt(hash)
  return open && `cms/${open.collection}/${open.entry}`
}

/** The content file of the entry open in Decap's editor (each entry is a file of data/). */
export function fileOpenAt(hash: string): string | undefined {
  const open = entryAt(hash)
  return open && contentFilePath(open.entry)
}

/** Which news it is: hidden by the editor until it changes. */
export function newsKey(news: PublishNews): string {
  if (news.kind === "notHeard") return `notHeard:${news.late}`
  return `${news.kind}:${news.record?.id ?? ""}:${news.kind === "underWay" ? news.waiting : ""}`
}

/**
 * A reason cut for the corner: its first part, the whole on the members' list page. The
 * publisher writes one line (the content check's problems joined by "; "): cut after a whole
 * problem where one ends in time, else after a word.
 */
export function briefly(reason: string, most = 180): string {
  if (reason.length <= most) return reason
  const head = reason.slice(0, most)
  const problemEnd = head.lastIndexOf("; ")
  const end = problemEnd > 0 ? problemEnd : head.lastIndexOf(" ")
  return `${reason.slice(0, end > 0 ? end : most)} …`
}
