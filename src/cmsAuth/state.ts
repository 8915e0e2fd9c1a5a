/**
 * The OAuth `state`: a random value the sign-in puts in GitHub's address and in a cookie of this
 * browser; the callback goes on only when GitHub brings the same value back to the same browser.
 * So nobody can slip their own GitHub sign-in into an editor's window (login CSRF), and a
 * callback address opened on its own leads nowhere.
 */

/** How long a sign-in may take, GitHub's pages included. */
const stateLifetimeSeconds = 600

export function newState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  let binary = ""
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}

function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:"
}

/**
 * Over https the cookie is `__Host-`: Secure, for this host only and the whole path, so no other
 * subdomain can set it. Over plain http (a computer's own `gatsby serve`, a test server) it has a
 * plain name and no Secure: Chromium keeps Secure cookies from http://localhost, but not every
 * browser does, and none from another http host.
 */
function cookieName(secure: boolean): string {
  return secure ? "__Host-evergrace-cms-state" : "evergrace-cms-state"
}

/**
 * HttpOnly (no script reads it); SameSite=Lax, so the browser sends it along when GitHub sends
 * the window back (a top-level GET from another site) and on nothing another site posts.
 */
function cookie(secure: boolean, value: string, maxAge: number): string {
  const flags = `Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`
  return `${cookieName(secure)}=${value}; ${flags}`
}

export function stateCookie(request: Request, state: string): string {
  return cookie(isHttps(request), state, stateLifetimeSeconds)
}

/** A state is good once: every callback answer clears it. */
export function clearedStateCookie(request: Request): string {
  return cookie(isHttps(request), "", 0)
}

export function stateFromCookie(request: Request): string | undefined {
  const name = cookieName(isHttps(request))
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=")
    if (key === name) return value.join("=") || undefined
  }
  return undefined
}

/** Compares in time that does not depend on where the two differ. */
export function sameState(given: string, expected: string): boolean {
  if (given.length !== expected.length) return false
  let difference = 0
  for (let index = 0; index < given.length; index++) {
    difference |= given.charCodeAt(index) ^ expected.charCodeAt(index)
  }
  return difference === 0
}
