/**
 * The sign-up form's field names, shared by the page's form (src/components/SignupForm.tsx), the
 * endpoint and its pages. Nothing here may import more: the page's bundle includes it.
 */

/** Where the endpoint lives: a Gatsby Function (src/api/subscribe.ts) and its twins per host. */
export const signupEndpoint = "/api/subscribe"

export const addressField = "email"

/**
 * A field that people never see or reach (off-screen, hidden from assistive technology, out of
 * the tab order) and programs that fill in every field do fill: a sign-up with it is refused.
 * A name that form-filling bots like, and that browsers' autofill does not use.
 */
export const honeypotField = "website"
