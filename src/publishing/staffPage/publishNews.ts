import type { PublishesAnswer, PublishRecord } from "../publishesApi"

/** How long the end of a publish (live, or not published) stays news in the editor's corner. */
export const newsForMs = 10 * 60_000

/** What the editor's corner says (./PublishingNews.tsx); none when there is nothing new. */
export type PublishNews =
  /** A publish being built, or waiting for the one being built (`waiting` of them). */
  | { kind: "underWay"; record?: PublishRecord; waiting: number }
  /** The last publish's end, while it is fresh. */
  | { kind: "live" | "failed"; record: PublishRecord }

/**
 * The news of publishing for the editor, from what the staff's page reads (GET /api/publishes):
 * the publish under way, or how the last one ended, for `newsForMs` after it did. A draft's
 * preview is not news here: the editor shows its own View Preview on the draft.
 */
export function publishNews(answer: PublishesAnswer, now: number): PublishNews | null {
  const [last] = answer.records.filter((record) => record.kind !== "preview")
  const building = last?.state === "building" || last?.state === "waiting"
  const waiting = answer.waiting ?? 0
  if (building || waiting > 0)
    return { kind: "underWay", record: building ? last : undefined, waiting }
  if (!last?.finishedAt || now - Date.parse(last.finishedAt) > newsForMs) return null
  return last.state === "live" || last.state === "failed"
    ? { kind: last.state, record: last }
    : null
}

/** Which news it is: hidden by the editor until it changes. */
export const newsKey = (news: PublishNews) =>
  `${news.kind}:${news.record?.id ?? ""}:${news.kind === "underWay" ? news.waiting : ""}`
