/**
 * The endpoints' addresses and the sign-up form's field names: what the pages (the form, the
 * CMS's sign-in button) and the server (src/server/app.ts, the route table) both need. The
 * browser bundles include this file, so it imports nothing (eslint.config.mjs holds that).
 */

/** Every endpoint lives under this prefix: one Function per host and one nginx location pass it. */
export const apiPrefix = "/api/"

/** The membership sign-up: the form posts here. */
export const signupEndpoint = "/api/subscribe"

/** Opens the CMS's sign-in: Decap's window starts here and is sent on to GitHub. */
export const authPath = "/api/auth"

/** Where GitHub sends the window back; the OAuth App's "Authorization callback URL". */
export const callbackPath = "/api/callback"

/** Her confirmation link (double opt-in): a GET shows a page, its POST confirms her. */
export const confirmEndpoint = "/api/confirm"

/** Her leave link: a GET shows a page with one button; a POST (RFC 8058's one click) takes her off. */
export const leaveEndpoint = "/api/leave"

/** The query parameter and form field that carry a link's signed token. */
export const tokenField = "token"

export const addressField = "email"

/**
 * A field that people never see or reach (off-screen, hidden from assistive technology, out of
 * the tab order) and programs that fill in every field do fill: a sign-up with it is refused.
 * A name that form-filling bots like, and that browsers' autofill does not use.
 */
export const honeypotField = "website"

/**
 * The staff's page of the list (/admin/members/) and its endpoints. Each request carries the
 * editor's GitHub token (`Authorization: Bearer …`); src/membership/web/staff/ checks it against the CMS's
 * repository. GET answers JSON (src/membership/membersApi.ts); the CSV beside it.
 */
export const membersPagePath = "/admin/members/"
export const membersEndpoint = "/api/members"
/** The confirmed members as CSV (as `npm run members:export`); `?all=1` adds everyone else. */
export const membersCsvEndpoint = "/api/members.csv"
/** One person's actions: POST `{"member": "<id>"}` from the page (same origin). */
export const memberActionEndpoints = {
  resend: "/api/members/resend",
  takeOff: "/api/members/take-off",
  erase: "/api/members/erase",
} as const
