import { createMiddleware } from "hono/factory"
import { cmsAuthConfig, oauthScope, type CmsAuthEnv } from "../../../cmsAuth/config"
import type { Context } from "hono"
import type { StaffIdentity, StaffProblem } from "../../membersApi"
import type { MembershipEnv } from "../memberStore"
import type { SignupProvider } from "../providers/fromEnv"
import { refusal } from "./handleStaff"
import { providerPages } from "./staffTexts"
import { clientKey, rateLimiter, type RateLimiter } from "../rateLimit"
import { isRecord } from "../../../utils/json"
import { processWide } from "../../../utils/processWide"
import type { HostEnv } from "../../../shared/hostEnv"

/**
 * Who may see the members' list: whoever may publish the site's content, asked of GitHub with the
 * token the CMS's sign-in gave her (`Authorization: Bearer …`): `GET /user` says who she is,
 * `GET /repos/{owner}/{repo}` whether she may push to the CMS's repository (`permissions.push`),
 * and the OAuth App's own `POST /applications/{client_id}/token` that the token is one this site's
 * sign-in made, with the scope it asks for: `permissions.push` describes her, not the token, so a
 * personal token or another app's would otherwise do. No second account system: staff who can
 * publish can manage the list, and losing write access on GitHub takes it away (within the few
 * minutes an answer is kept).
 *
 * The repository is read at request time from GATSBY_CMS_REPO, the variable the CMS is built with;
 * the OAuth App and GitHub's address (GITHUB_URL: GitHub Enterprise, the tests' stub) as for the
 * sign-in.
 */

export interface StaffEnv extends CmsAuthEnv {
  GATSBY_CMS_REPO?: string
}

export type StaffAccess =
  | { ok: true; identity: StaffIdentity }
  | {
      ok: false
      status: 401 | 403 | 429 | 502 | 503
      problem: StaffProblem["problem"]
      retryAfterSeconds?: number
    }

export interface StaffAccessOptions {
  /** How GitHub is called; tests pass their own. */
  fetch?: typeof fetch
  now?: () => number
}

/** How long GitHub's answer about a token is kept: a revoked right is gone within this. */
const answerKeptMs = 5 * 60_000
/** Failed sign-ins one client may make in a window before it waits. */
export const failedSignIns = { limit: 10, windowMs: 15 * 60_000 }
const githubTimeoutMs = 10_000

/**
 * GitHub's answer about a token: who she is, or why not (a token it refuses, one this site's
 * sign-in did not make, or no push).
 */
type Answer = { identity: StaffIdentity } | { refused: "token" | "otherApp" | "noPush" }
interface Kept {
  /** By token, repository and app: in the order GitHub answered, so the first is the oldest. */
  answers: Map<string, { answer: Answer; until: number }>
  failures: RateLimiter
}

const newFailures = () => rateLimiter({ ...failedSignIns, keysHeld: 1_000 })
const kept = processWide<Kept>("staffAccess.v2", () => ({
  answers: new Map(),
  failures: newFailures(),
}))
const answersKept = 1_000

/** What the door asks of the runtime (`Runtime` in src/server/app.ts has each). */
export interface StaffDoor {
  settings(c: Context): StaffEnv & HostEnv
  /** True for the editor's own computer under `npm run cms`: no sign-in there. */
  localEditing?(c: Context): boolean
  /** How GitHub is called; tests pass their own fetch. */
  github?: { fetch?: typeof fetch }
}

/**
 * The staff's endpoints' door: who is asking, decided before the handler runs (the editor's GitHub
 * token, or this computer), and what she may work with, put on `c.var.staff`: the list kept here,
 * or the provider that keeps it.
 */
export const staffOnly = (door: StaffDoor) =>
  createMiddleware<MembershipEnv>(async (c, next) => {
    const settings = door.settings(c)
    const access: StaffAccess = door.localEditing?.(c)
      ? { ok: true, identity: { login: "this computer", local: true } }
      : await staffAccess(
          bearerToken(c.req.header("authorization")),
          c.var.client ?? "unknown",
          settings,
          { fetch: door.github?.fetch },
        )
    if (!access.ok) return refusal(access.status, access.problem, access.retryAfterSeconds)
    // The provider the settings name, as the wing was made from them.
    const { provider } = c.var.membership
    const own = provider ? undefined : await c.var.membership.own
    c.set("staff", {
      identity: access.identity,
      // A name the site does not know takes no sign-ups: the page says none are kept, and how to
      // choose a provider.
      provider: provider ? providerPages[provider as SignupProvider] : undefined,
      store: own?.store,
      mailOff: own?.mailOff,
    })
    await next()
  })

/** The token of `Authorization: Bearer …` (or GitHub's own `token …`). */
function bearerToken(header: string | undefined): string | undefined {
  const match = /^(?:bearer|token)\s+(\S+)\s*$/i.exec(header ?? "")
  return match?.[1]
}

/** GitHub's REST API for a GitHub address: api.github.com, or GitHub Enterprise's /api/v3. */
export function githubApiUrl(githubUrl: string): string {
  return githubUrl === "https://github.com" ? "https://api.github.com" : `${githubUrl}/api/v3`
}

export async function staffAccess(
  token: string | undefined,
  client: string,
  env: StaffEnv,
  { fetch: send = fetch, now = Date.now }: StaffAccessOptions = {},
): Promise<StaffAccess> {
  const repo = env.GATSBY_CMS_REPO?.trim() ?? ""
  const app = cmsAuthConfig(env)
  if (!/^[\w.-]+\/[\w.-]+$/.test(repo) || !app.ok) {
    return { ok: false, status: 503, problem: "notSetUp" }
  }
  if (!token) return { ok: false, status: 401, problem: "signIn" }

  const time = now()
  const key = `${await sha256(token)} ${app.githubUrl} ${app.clientId} ${repo}`
  // A token GitHub has answered for lately (a revoked one too: sent again, it counts once).
  const known = kept.answers.get(key)
  if (known && known.until > time) return fromAnswer(known.answer)

  // Counted before GitHub is asked, so a burst of guesses sent at once meets the limit too;
  // taken back if GitHub cannot say, forgotten once she is let in.
  const visitor = clientKey(client)
  const failed = kept.failures.take(visitor)
  if (!failed.allowed) {
    return {
      ok: false,
      status: 429,
      problem: "tooMany",
      retryAfterSeconds: failed.retryAfterSeconds,
    }
  }
  const asked = await askGithub(send, app, repo, token)
  if ("unavailable" in asked) {
    kept.failures.giveBack(visitor)
    return { ok: false, status: 502, problem: "githubDown" }
  }
  if ("identity" in asked) kept.failures.forget(visitor)
  // A flood of tokens cannot grow it for ever: the oldest answer goes first.
  kept.answers.delete(key)
  kept.answers.set(key, { answer: asked, until: time + answerKeptMs })
  if (kept.answers.size > answersKept)
    kept.answers.delete(kept.answers.keys().next().value as string)
  return fromAnswer(asked)
}

function fromAnswer(answer: Answer): StaffAccess {
  if ("identity" in answer) return { ok: true, identity: answer.identity }
  if (answer.refused === "token") return { ok: false, status: 401, problem: "refused" }
  return { ok: false, status: 403, problem: answer.refused }
}

/** Forgets every kept answer and failure (tests). */
export function forgetStaffAccess() {
  kept.answers.clear()
  kept.failures = newFailures()
}

interface OauthApp {
  clientId: string
  clientSecret: string
  githubUrl: string
}

async function askGithub(
  send: typeof fetch,
  app: OauthApp,
  repo: string,
  token: string,
): Promise<Answer | { unavailable: true }> {
  const api = githubApiUrl(app.githubUrl)
  const ask = (path: string, authorization: string, body?: unknown) =>
    send(`${api}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        Accept: "application/vnd.github+json",
        Authorization: authorization,
        "User-Agent": "evergrace-members",
        "X-GitHub-Api-Version": "2022-11-28",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(githubTimeoutMs),
    })
  const asHer = `Bearer ${token}`
  // GitHub's "check a token": Basic authentication as the OAuth App; 404 for a token it did not make.
  const asApp = `Basic ${btoa(`${app.clientId}:${app.clientSecret}`)}`
  const settled = await Promise.allSettled([
    ask("/user", asHer),
    ask(`/repos/${repo}`, asHer),
    ask(`/applications/${encodeURIComponent(app.clientId)}/token`, asApp, {
      access_token: token,
    }),
  ])
  // Waits for all three (at most githubTimeoutMs), so that none is left unread.
  const [user, repository, issued] = settled.map((result) =>
    result.status === "fulfilled" ? result.value : undefined,
  )
  try {
    if (!user || !repository || !issued) {
      const failed = settled.find((result) => result.status === "rejected")?.reason as unknown
      report(`GitHub did not answer (${failed instanceof Error ? failed.name : "error"})`)
      return { unavailable: true }
    }
    return await judgeAnswers(app, user, repository, issued)
  } finally {
    // An answer left unread (an early return, or the others failed) is let go: its connection
    // is not held until the garbage collector finds it (undici's advice), however many come.
    for (const response of [user, repository, issued]) {
      if (response && !response.bodyUsed) void response.body?.cancel().catch(() => undefined)
    }
  }
}

/** What GitHub's three answers say of her token: who she is, and whether she may push. */
async function judgeAnswers(
  app: OauthApp,
  user: Response,
  repository: Response,
  issued: Response,
): Promise<Answer | { unavailable: true }> {
  if (user.status === 401 || repository.status === 401) return { refused: "token" }
  // GitHub's limits (429, or 403 with no requests left or a wait named) and its failures say
  // nothing about her: not kept, not counted against her.
  const limited = (response: Response) =>
    response.status === 429 ||
    (response.status === 403 &&
      (response.headers.get("x-ratelimit-remaining") === "0" ||
        response.headers.has("retry-after")))
  const login = user.ok ? await field(user, (body) => body.login) : undefined
  if (limited(user) || limited(repository) || limited(issued) || typeof login !== "string") {
    report(`GitHub answered ${user.status}, ${repository.status} and ${issued.status}`)
    return { unavailable: true }
  }
  // 404: not a token of this app's (a personal token, another app's); 422: not a token at all.
  if (issued.status === 404 || issued.status === 422) return { refused: "otherApp" }
  if (!issued.ok) {
    report(`GitHub answered ${issued.status} for the OAuth App's check of the token`)
    return { unavailable: true }
  }
  const grant = await field(issued, (body) => ({
    clientId: isRecord(body.app) ? body.app.client_id : undefined,
    scopes: Array.isArray(body.scopes) ? (body.scopes as unknown[]) : [],
  }))
  if (grant?.clientId !== app.clientId || !grant.scopes.includes(oauthScope)) {
    return { refused: "otherApp" }
  }
  // 404: the repository is private and hidden from her (or misnamed); 403: an organisation's
  // policy keeps her token out of it. Either way, no push.
  if (repository.status === 404 || repository.status === 403) return { refused: "noPush" }
  if (!repository.ok) {
    report(`GitHub answered ${repository.status} for the repository`)
    return { unavailable: true }
  }
  const permissions = await field(repository, (body) => body.permissions)
  const push = typeof permissions === "object" && permissions !== null && "push" in permissions
  return push && (permissions as { push: unknown }).push === true
    ? { identity: { login, local: false } }
    : { refused: "noPush" }
}

async function field<T>(
  response: Response,
  pick: (body: Record<string, unknown>) => T,
): Promise<T | undefined> {
  try {
    const body: unknown = await response.json()
    return isRecord(body) ? pick(body) : undefined
  } catch {
    return undefined
  }
}

/** Never the token, nor anyone's address. */
function report(what: string) {
  console.error(`members: ${what}`)
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("")
}
