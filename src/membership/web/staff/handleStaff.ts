import type { Context } from "hono"
import type { memberActionEndpoints } from "../../../shared/endpoints"
import {
  shownStatus,
  type ActionAnswer,
  type MemberCounts,
  type MemberRow,
  type MembersAnswer,
  type ShownStatus,
  type StaffAction,
  type StaffIdentity,
  type StaffProblem,
} from "../../membersApi"
import type { Member, MemberStore, MembershipEnv } from "../memberStore"
import { dayMs } from "../../../utils/dates"
import { jsonAnswer } from "../../../utils/json"
import { membersCsv } from "./membersCsv"
import { staffProblems, staffResults } from "./staffTexts"

/**
 * The staff's endpoints of the list, for the page at /admin/members/ (one line each in the route
 * table, src/server/app.ts): the list as JSON and CSV, and three actions for one person. Every
 * request is checked first, by `staffOnly` (./staffAccess.ts), which puts what it may work with
 * on `c.var.staff`; every answer is `no-store`; the actions are POSTs that the route table checks
 * for origin. Nothing here logs an address.
 */

type StaffContext = Context<MembershipEnv>

export function refusal(
  status: number,
  problem: StaffProblem["problem"],
  retryAfterSeconds?: number,
): Response {
  const body: StaffProblem = { problem, message: staffProblems[problem] }
  const extra: Record<string, string> = {
    ...(status === 401 ? { "WWW-Authenticate": 'Bearer realm="members"' } : {}),
    ...(retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : {}),
  }
  return jsonAnswer(status, body, extra)
}

/**
 * What the staff see of her (the list; the CSV reads the same fields of her record): her latest
 * sign-up's dates, when she had been a member before, the last time she left, and an e-mail her
 * mail server refused. Not the page she used, nor the wording's fingerprint.
 */
export function memberRow(member: Member): MemberRow {
  const { id, address, status, askedAt, confirmedAt, leftAt, refused } = member
  const leftBefore = member.earlier?.at(-1)?.leftAt
  return {
    id,
    address,
    status,
    askedAt,
    ...(confirmedAt ? { confirmedAt } : {}),
    ...(leftAt ? { leftAt } : {}),
    ...(leftBefore ? { leftBefore } : {}),
    ...(refused ? { refused } : {}),
  }
}

function countsOf(members: readonly MemberRow[], now: number): MemberCounts {
  const confirmedWithin = (days: number) =>
    members.filter(
      (member) =>
        member.status === "confirmed" &&
        member.confirmedAt !== undefined &&
        now - Date.parse(member.confirmedAt) < days * dayMs,
    ).length
  const count = (status: ShownStatus) =>
    members.filter((member) => shownStatus(member) === status).length
  return {
    members: count("confirmed"),
    pending: count("pending"),
    refused: count("refused"),
    left: count("left"),
    joinedThisWeek: confirmedWithin(7),
    joinedThisMonth: confirmedWithin(30),
  }
}

/** GET /api/members: the counts, everyone and the latest of the audit log. */
export async function showList(c: StaffContext) {
  const { identity, store, provider, mailOff } = c.var.staff
  let answer: MembersAnswer
  if (provider) answer = { ...identity, list: "provider", provider }
  else if (!store) answer = { ...identity, list: "none" }
  else {
    const members = (await store.list()).map(memberRow)
    members.sort((a, b) => b.askedAt.localeCompare(a.askedAt))
    answer = {
      ...identity,
      list: "store",
      counts: countsOf(members, Date.now()),
      members,
      audit: await store.audit.recent(50),
    }
    const mailDelay = await store.outbox.delayed()
    if (mailDelay) answer.mailDelay = mailDelay
    if (mailOff) answer.mailOff = true
  }
  return jsonAnswer(200, answer)
}

const record = (store: MemberStore, identity: StaffIdentity, action: StaffAction) =>
  store.audit.record({ at: new Date().toISOString(), login: identity.login, action })

/** GET /api/members.csv; `?all=1`: everyone, with status; else the confirmed members, as `members:export` prints. */
export async function exportList(c: StaffContext) {
  const { identity, store } = c.var.staff
  if (!store) return refusal(404, "badRequest")
  const all = c.req.query("all") === "1"
  const csv = membersCsv(await store.list(), { all })
  // A HEAD (Hono answers it with the GET's handler) downloads nothing.
  if (c.req.method !== "HEAD") await record(store, identity, all ? "export-all" : "export")
  const day = new Date().toISOString().slice(0, 10)
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="evergrace-${all ? "everyone" : "members"}-${day}.csv"`,
    },
  })
}

/** One person's action; the body is `{"member": "<id>"}` (../../membersApi.ts). */
export function memberAction(action: keyof typeof memberActionEndpoints) {
  return async (c: StaffContext) => {
    const { identity, store } = c.var.staff
    if (!store) return refusal(404, "badRequest")
    let member: unknown
    try {
      member = ((await c.req.json()) as Record<string, unknown> | null)?.member
    } catch {
      member = undefined
    }
    if (typeof member !== "string" || member === "" || member.length > 100) {
      return refusal(400, "badRequest")
    }
    let result: ActionAnswer["result"]
    if (action === "resend") result = await store.resendConfirmation(member)
    else if (action === "takeOff") result = await store.leave(member)
    else result = (await store.erase({ id: member })) ? "erased" : "unknown"
    // The audit log keeps what changed the list, or sent her something.
    if (result === "sent" || result === "left" || result === "forgotten" || result === "erased") {
      await record(store, identity, action)
    }
    return jsonAnswer(200, { result, message: staffResults[result] } satisfies ActionAnswer)
  }
}
