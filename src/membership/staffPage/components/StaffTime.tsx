import { formatDay, formatMoment } from "../staffPageTexts"

interface StaffTimeProps {
  /** ISO 8601, UTC, as the server sends it. */
  iso: string
  /** With the hour ("26 Nov 2026, 14:05 UTC"), for the audit log. */
  withTime?: boolean
}

/** A date on the staff's page, readable, with the exact moment for machines beside it. */
export function StaffTime({ iso, withTime = false }: StaffTimeProps) {
  return <time dateTime={iso}>{withTime ? formatMoment(iso) : formatDay(iso)}</time>
}
