import type { Context } from "hono"
import { deleteCookie, getCookie, setCookie } from "hono/cookie"
import type { CookieOptions } from "hono/utils/cookie"
import { timingSafeEqual } from "hono/utils/buffer"
import { base64url } from "../utils/base64url"

/**
 * The OAuth `state`: a random value the sign-in puts in GitHub's address and in a cookie of this
 * browser; the callback goes on only when GitHub brings the same value back to the same browser.
 * So nobody can slip their own GitHub sign-in into an editor's window (login CSRF), and a
 * callback address opened on its own leads nowhere.
 */

/** How long a sign-in may take, GitHub's pages included. */
const stateLifetimeSeconds = 600

const cookieName = "evergrace-cms-state"

export function newState(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)))
}

/**
 * Over https the cookie is `__Host-`: Secure, for this host only and the whole path, so no other
 * subdomain can set it. Over plain http (a computer's own server, a test server) it has a plain
 * name and no Secure: Chromium keeps Secure cookies from http://localhost, but not every browser
 * does, and none from another http host. HttpOnly (no script reads it); SameSite=Lax, so the
 * browser sends it along when GitHub sends the window back (a top-level GET from another site)
 * and on nothing another site posts.
 */
function options(c: Context): CookieOptions {
  const secure = new URL(c.req.url).protocol === "https:"
  return {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    ...(secure ? { prefix: "host", secure: true } : {}),
  }
}

export function setStateCookie(c: Context, state: string) {
  setCookie(c, cookieName, state, { ...options(c), maxAge: stateLifetimeSeconds })
}

/** A state is good once: every callback answer clears it. */
export function clearStateCookie(c: Context) {
  deleteCookie(c, cookieName, options(c))
}

export function stateFromCookie(c: Context): string | undefined {
  return getCookie(c, cookieName, options(c).prefix) || undefined
}

/** Compares in time that does not depend on where the two differ. */
export function sameState(given: string, expected: string): Promise<boolean> {
  return timingSafeEqual(given, expected)
}
