// Content dates are YYYY-MM-DD texts (data/journal.json). Shared by the journal's components and
// the browser tests, which expect what these make of the content.

// As the boutique's readers write a date: March 15, 2024. In UTC, so that the day is the
// content's own wherever the page is rendered.
const readableDate = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
})

/** A content date (2025-09-30) as people read it; the text itself if it is not a date. */
export function formatDate(isoDate: string): string {
  const time = Date.parse(`${isoDate}T00:00:00Z`)
  return Number.isNaN(time) ? isoDate : readableDate.format(time)
}

/**
 * Newest first, whatever the order in the content: staff add an article anywhere in the list.
 * YYYY-MM-DD sorts as text; entries of one day keep the list's order.
 */
export function newestFirst<Dated extends { date: string }>(entries: readonly Dated[]): Dated[] {
  return [...entries].sort((a, b) => b.date.localeCompare(a.date))
}

/** An hour and a day, in milliseconds: for the members' times (UTC), not content dates. */
export const hourMs = 60 * 60_000
export const dayMs = 24 * hourMs
