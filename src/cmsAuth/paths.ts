/**
 * Where the CMS's GitHub sign-in lives on the site (src/cmsAuth/handleCmsAuth.ts). The CMS's own
 * bundle imports this file too (src/cms/backend.ts), so it imports nothing.
 */

/** Opens the sign-in: Decap's window starts here and is sent on to GitHub. */
export const authPath = "/api/auth"

/** Where GitHub sends the window back; the OAuth App's "Authorization callback URL". */
export const callbackPath = "/api/callback"
