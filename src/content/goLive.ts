import { contentFiles } from "./model"
import { entryNameField, goLiveDateField, type ContentFile, type ListField } from "./fields"

/**
 * Go-live dates: an entry of a list whose date field the model marks `goLive` (a journal
 * article's date) is left out of the built site until that day begins, at midnight in the time
 * zone the build runs in (TZ). The build (gatsby-node.ts) filters the lists as of one moment;
 * the self-hosted publisher (src/publishing/node/) builds again when the next date arrives, and
 * the CDN hosts run a scheduled build (docs/deploying.md). Pure functions of the model and the
 * content: the build, the publisher and the tests read the same rule.
 */

/** A list of one file whose entries wait for their date, the entry's date field and its name's. */
export interface GoLiveList {
  list: string
  dateField: string
  nameField?: string
}

/** The lists of a file with a go-live date, as the model says (top-level lists only). */
export function goLiveLists(file: ContentFile): GoLiveList[] {
  return file.fields
    .filter((field): field is ListField => field.kind === "list")
    .flatMap((list) => {
      const dateField = goLiveDateField(list)
      return dateField
        ? [{ list: list.name, dateField, nameField: entryNameField(list.fields) }]
        : []
    })
}

/** The moment a content date (YYYY-MM-DD) goes live: its midnight, local time; NaN if no date. */
export function goLiveMoment(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!match) return Number.NaN
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime()
}

/** Whether an entry dated `date` is live at `now`. A date that is no date is never held back. */
export function isLive(date: unknown, now: number): boolean {
  if (typeof date !== "string") return true
  const moment = goLiveMoment(date)
  return Number.isNaN(moment) || moment <= now
}

/**
 * The moment a build treats as now: GO_LIVE_NOW (an ISO time: the publisher's clock, or the
 * end of time for a preview, which shows every entry), else the real time.
 */
export function buildMoment(env: { GO_LIVE_NOW?: string } = process.env): number {
  const given = env.GO_LIVE_NOW ? Date.parse(env.GO_LIVE_NOW) : Number.NaN
  return Number.isNaN(given) ? Date.now() : given
}

/** GO_LIVE_NOW for a preview: every waiting entry shown, as it will look on its day. */
export const showEveryEntry = "9999-12-31T23:59:59.999Z"

type Json = Record<string, unknown>

/** The entries of `file`'s content that are live at `now`, each go-live list filtered. */
export function liveContent<Content extends Json>(
  file: ContentFile,
  content: Content,
  now: number,
): Content {
  const filtered: Json = { ...content }
  for (const { list, dateField } of goLiveLists(file)) {
    const entries = content[list]
    if (Array.isArray(entries)) {
      filtered[list] = entries.filter((entry: Json) => isLive(entry?.[dateField], now))
    }
  }
  return filtered as Content
}

/**
 * The next moment after `now` at which an entry of the content goes live, or undefined. `read`
 * gives a file's content by name (undefined when it cannot be read).
 */
export function nextGoLive(read: (name: string) => Json | undefined, now: number) {
  const moments = waitingInContent(read, now).map(({ day }) => goLiveMoment(day))
  return moments.length > 0 ? Math.min(...moments) : undefined
}

/**
 * The entries of `files` (every content file) that wait for a day after `now`, each file's
 * soonest first; a file with no go-live list is not read. `read` as for nextGoLive.
 */
export function waitingInContent(
  read: (name: string) => Json | undefined,
  now: number,
  files: readonly ContentFile[] = contentFiles,
): WaitingEntry[] {
  return files
    .filter((file) => goLiveLists(file).length > 0)
    .flatMap((file) => {
      const content = read(file.name)
      return content ? waitingEntries(file, content, now) : []
    })
}

/** An entry held back until its day (YYYY-MM-DD), by its name (an article's title). */
export interface WaitingEntry {
  name?: string
  day: string
}

/** The entries of `file`'s content that wait for a day after `now`, soonest first. */
export function waitingEntries(file: ContentFile, content: Json, now: number): WaitingEntry[] {
  const waiting: WaitingEntry[] = []
  for (const { list, dateField, nameField } of goLiveLists(file)) {
    const entries = content[list]
    if (!Array.isArray(entries)) continue
    for (const entry of entries as Json[]) {
      const day = entry?.[dateField]
      if (typeof day !== "string" || isLive(day, now)) continue
      const name = nameField ? entry[nameField] : undefined
      waiting.push({ ...(typeof name === "string" && name ? { name } : {}), day })
    }
  }
  return waiting.sort((a, b) => a.day.localeCompare(b.day))
}
