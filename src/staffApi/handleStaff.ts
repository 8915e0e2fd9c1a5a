import type { Context } from "hono"
import type { LeaveResult } from "../mail/handleMembership"
import type { Runtime } from "../server/runtime"
import { endpointHeaders } from "../shared/policy"
import type {
  ActionAnswer,
  AuditEntry,
  MemberCounts,
  MemberRow,
  MembersAnswer,
  StaffAction,
  StaffIdentity,
  StaffProblem,
} from "../shared/membersApi"
import { bearerToken, staffAccess, type StaffAccess } from "./access"
import { membersCsv } from "./csv"
import type { SignupProvider } from "../signup/providers/fromEnv"
import { providerPages, staffProblems, staffResults } from "./texts"

/**
 * The staff's endpoints of the list, for the page at /admin/members/ (one line each in the route
 * table, src/server/app.ts): the list as JSON and CSV, and three actions for one person. Every
 * request is checked first (./access.ts); every answer is `no-store`; the actions are POSTs that
 * the route table checks for origin. Nothing here logs an address.
 */

/** What the runtime's list does for the staff (the embedded store: src/node/memberStore.ts). */
export interface StaffList {
  list(): Promise<MemberRow[]>
  resendConfirmation(memberId: string): Promise<"sent" | "limited" | "notPending" | "unknown">
  leave(memberId: string): Promise<LeaveResult>
  /** Her record, her waiting e-mails and any copies of them; false when she was not there. */
  erase(memberId: string): Promise<boolean>
  audit: {
    record(entry: AuditEntry): Promise<void>
    recent(limit?: number): Promise<AuditEntry[]>
  }
}

/** What a checked request works with. */
export interface StaffDesk {
  identity: StaffIdentity
  /** The list kept here; none where a provider keeps it, or on a host without a disk. */
  list?: StaffList
  provider?: { name: string; url: string }
}

type Handler = (c: Context, desk: StaffDesk) => Promise<Response>

/** Who is asking, decided before the handler runs: the editor's GitHub token, or this computer. */
export function asStaff(runtime: Runtime) {
  return (handler: Handler) => async (c: Context) => {
    const settings = runtime.settings(c)
    const access: StaffAccess = runtime.localEditing?.(c)
      ? { ok: true, identity: { login: "this computer", local: true } }
      : await staffAccess(
          bearerToken(c.req.header("authorization")),
          runtime.client(c) ?? "unknown",
          settings,
          { fetch: runtime.github?.fetch },
        )
    if (!access.ok) return refusal(access.status, access.problem, access.retryAfterSeconds)
    const provider = settings.SIGNUP_PROVIDER?.trim().toLowerCase()
    return handler(c, {
      identity: access.identity,
      // A name the site does not know takes no sign-ups: the page says none are kept, and how to
      // choose a provider.
      provider: provider ? providerPages[provider as SignupProvider] : undefined,
      list: provider ? undefined : await runtime.staffList?.(settings),
    })
  }
}

function json(status: number, body: unknown, extra: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...endpointHeaders(), "Content-Type": "application/json; charset=utf-8", ...extra },
  })
}

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
  return json(status, body, extra)
}

const dayMs = 24 * 60 * 60_000

function countsOf(members: readonly MemberRow[], now: number): MemberCounts {
  const confirmedWithin = (days: number) =>
    members.filter(
      (member) =>
        member.status === "confirmed" &&
        member.confirmedAt !== undefined &&
        now - Date.parse(member.confirmedAt) < days * dayMs,
    ).length
  const count = (status: MemberRow["status"]) =>
    members.filter((member) => member.status === status).length
  return {
    members: count("confirmed"),
    pending: count("pending"),
    left: count("left"),
    joinedThisWeek: confirmedWithin(7),
    joinedThisMonth: confirmedWithin(30),
  }
}

/** Only what the staff see of her: not the page she used nor the wording's fingerprint. */
const row = ({ id, address, status, askedAt, confirmedAt, leftAt }: MemberRow): MemberRow => ({
  id,
  address,
  status,
  askedAt,
  ...(confirmedAt ? { confirmedAt } : {}),
  ...(leftAt ? { leftAt } : {}),
})

export async function listMembers(_c: Context, { identity, list, provider }: StaffDesk) {
  let answer: MembersAnswer
  if (provider) answer = { ...identity, list: "provider", provider }
  else if (!list) answer = { ...identity, list: "none" }
  else {
    const members = (await list.list()).map(row)
    members.sort((a, b) => b.askedAt.localeCompare(a.askedAt))
    answer = {
      ...identity,
      list: "store",
      counts: countsOf(members, Date.now()),
      members,
      audit: await list.audit.recent(50),
    }
  }
  return json(200, answer)
}

const record = (list: StaffList, identity: StaffIdentity, action: StaffAction) =>
  list.audit.record({ at: new Date().toISOString(), login: identity.login, action })

/** `?all=1`: everyone, with status; else the confirmed members, as `members:export` prints. */
export async function exportMembers(c: Context, { identity, list }: StaffDesk) {
  if (!list) return refusal(404, "badRequest")
  const all = c.req.query("all") === "1"
  const csv = membersCsv(await list.list(), { all })
  // A HEAD (Hono answers it with the GET's handler) downloads nothing.
  if (c.req.method !== "HEAD") await record(list, identity, all ? "export-all" : "export")
  const day = new Date().toISOString().slice(0, 10)
  return new Response(csv, {
    headers: {
      ...endpointHeaders(),
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="evergrace-${all ? "everyone" : "members"}-${day}.csv"`,
    },
  })
}

/** One person's action; the body is `{"member": "<id>"}` (src/shared/membersApi.ts). */
export function memberAction(action: "resend" | "leave" | "erase"): Handler {
  return async (c, { identity, list }) => {
    if (!list) return refusal(404, "badRequest")
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
    if (action === "resend") result = await list.resendConfirmation(member)
    else if (action === "leave") result = await list.leave(member)
    else result = (await list.erase(member)) ? "erased" : "unknown"
    if (result !== "unknown" && result !== "notPending" && result !== "limited") {
      await record(list, identity, action)
    }
    return json(200, { result, message: staffResults[result] } satisfies ActionAnswer)
  }
}
