import { authPath } from "../../shared/endpoints"
import type { StaffProblem } from "../membersApi"
import { isRecord } from "../../utils/json"

/**
 * The staff page's sign-in, in the browser only (src/membership/staffPage/components/MembersPage.tsx). It shares Decap
 * CMS's session: an editor signed in at /admin/ is signed in here, and one who signs in here is
 * signed in to the CMS too. The token goes to the site's own endpoints and nowhere else.
 */

/** Where Decap CMS keeps its user (decap-cms-core, backend.ts: LocalStorageAuthStore). */
export const cmsUserKey = "decap-cms-user"

const provider = "github"

/** The token of the editor signed in to the CMS in this browser, if any. */
export function readToken(): string | null {
  try {
    const stored = window.localStorage.getItem(cmsUserKey)
    return stored ? tokenFrom(stored) : null
  } catch {
    // Storage turned off, or something other than Decap's JSON under its key.
    return null
  }
}

/** Forgets the token, here and in the CMS (which signs in again as it next opens). */
export function signOut(): void {
  try {
    window.localStorage.removeItem(cmsUserKey)
  } catch {
    // Storage turned off: nothing was kept.
  }
}

/** Why a sign-in did not end with a token; the page says so in its own words. */
export type SignInFailure = "blocked" | "closed" | "refused"

export class SignInError extends Error {
  constructor(readonly reason: SignInFailure) {
    super(`sign-in ${reason}`)
    this.name = "SignInError"
  }
}

/** The window's size, as Decap opens it (decap-cms-lib-auth, netlify-auth.js). */
const windowWidth = 960
const windowHeight = 600

// One sign-in at a time: a second click brings its window forward instead of opening another.
let pending: { window: Window; done: Promise<void> } | null = null

/**
 * Opens the site's GitHub sign-in window (src/cmsAuth/, the one the CMS uses) and plays the CMS's
 * part of its handshake (src/cmsAuth/signInPages.ts, handshakeScript): the window says
 * "authorizing:github", we answer with the same words, and it posts
 * "authorization:github:success:{json}". Only messages from this origin and from the window we
 * opened are heeded. The token is then kept as Decap keeps it, so the CMS reuses it.
 *
 * Rejects with a SignInError: `blocked` (no window opened), `closed` (she closed it first) or
 * `refused` (the window reported an error).
 */
export function signIn(): Promise<void> {
  if (pending && !pending.window.closed) {
    pending.window.focus()
    return pending.done
  }
  const origin = window.location.origin
  const url = `${authPath}?provider=${provider}&site_id=${encodeURIComponent(window.location.hostname)}&scope=repo`
  const left = Math.max(0, window.screen.width / 2 - windowWidth / 2)
  const top = Math.max(0, window.screen.height / 2 - windowHeight / 2)
  const authWindow = window.open(
    url,
    "Sign in with GitHub",
    `width=${windowWidth},height=${windowHeight},top=${top},left=${left}`,
  )
  if (!authWindow) return Promise.reject(new SignInError("blocked"))

  const done = new Promise<void>((resolve, reject) => {
    const success = `authorization:${provider}:success:`
    const error = `authorization:${provider}:error:`
    const finish = (failure?: SignInFailure) => {
      window.removeEventListener("message", onMessage)
      window.clearInterval(watch)
      pending = null
      if (failure) reject(new SignInError(failure))
      else resolve()
    }
    function onMessage(event: MessageEvent) {
      if (event.origin !== origin || event.source !== authWindow) return
      if (typeof event.data !== "string") return
      if (event.data === `authorizing:${provider}`) {
        authWindow?.postMessage(event.data, origin)
        return
      }
      if (event.data.startsWith(success)) {
        const token = tokenFrom(event.data.slice(success.length))
        authWindow?.close()
        if (!token) return finish("refused")
        try {
          window.localStorage.setItem(cmsUserKey, JSON.stringify({ backendName: provider, token }))
        } catch {
          // Without storage she cannot stay signed in; the page finds no token and says so.
        }
        return finish()
      }
      if (event.data.startsWith(error)) {
        authWindow?.close()
        finish("refused")
      }
    }
    window.addEventListener("message", onMessage)
    // A window closed before the handshake ends the wait, so the page can offer the button again.
    const watch = window.setInterval(() => {
      if (authWindow.closed) finish("closed")
    }, 500)
  })
  pending = { window: authWindow, done }
  return done
}

function tokenFrom(json: string): string | null {
  try {
    const data: unknown = JSON.parse(json)
    if (typeof data !== "object" || data === null || !("token" in data)) return null
    return typeof data.token === "string" && data.token !== "" ? data.token : null
  } catch {
    return null
  }
}

/**
 * `fetch` for the staff's endpoints, with the editor's token when she has one. Without one no
 * header is sent: under `npm run cms` on her own computer the server answers without a sign-in
 * (`local: true`), and elsewhere it answers 401 with what to do.
 */
export function staffFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  const token = readToken()
  if (token) headers.set("Authorization", `Bearer ${token}`)
  return fetch(path, { ...init, headers, credentials: "same-origin", cache: "no-store" })
}

/** What a staff endpoint answered: its JSON, its refusal, or nothing the page can use. */
export type StaffOutcome<Answer> =
  | { kind: "answer"; answer: Answer }
  | { kind: "problem"; status: number; problem: StaffProblem }
  /** No answer at all: offline, or the server is down. */
  | { kind: "offline" }
  /** An answer that is neither (a proxy's error page, a crash's 500). */
  | { kind: "unexpected"; status: number }

function isStaffProblem(value: unknown): value is StaffProblem {
  return isRecord(value) && typeof value.problem === "string" && typeof value.message === "string"
}

/** The refusal in a response that is not OK, if the server wrote one. */
export async function readProblem(response: Response): Promise<StaffProblem | null> {
  try {
    const body: unknown = await response.json()
    return isStaffProblem(body) ? body : null
  } catch {
    return null
  }
}

/**
 * A staff endpoint's JSON: `isAnswer` checks a 200's body before the page trusts it. Never
 * rejects: every way it can go is an outcome for the page to put in words.
 */
export async function staffJson<Answer>(
  path: string,
  init: RequestInit,
  isAnswer: (value: unknown) => value is Answer,
): Promise<StaffOutcome<Answer>> {
  let response: Response
  try {
    const headers = new Headers(init.headers)
    headers.set("Accept", "application/json")
    response = await staffFetch(path, { ...init, headers })
  } catch {
    return { kind: "offline" }
  }
  if (!response.ok) {
    const problem = await readProblem(response)
    return problem
      ? { kind: "problem", status: response.status, problem }
      : { kind: "unexpected", status: response.status }
  }
  try {
    const body: unknown = await response.json()
    return isAnswer(body) ? { kind: "answer", answer: body } : { kind: "unexpected", status: 200 }
  } catch {
    return { kind: "unexpected", status: response.status }
  }
}
