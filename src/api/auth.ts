import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import { startSignIn } from "../cmsAuth/handleCmsAuth"
import { sendResponse, webRequest } from "../endpoints/node"

/**
 * GET /api/auth on `gatsby develop`, `gatsby serve` (npm start) and Netlify (Gatsby's adapter):
 * a thin adapter to the CMS sign-in (src/cmsAuth/handleCmsAuth.ts). No `config` export (see
 * subscribe.ts). The settings are read from the host's environment at run time, through
 * globalThis: webpack would write `process.env.NAME` in as it was at build time.
 */
export default async function auth(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) {
  await sendResponse(await startSignIn(webRequest(req), globalThis.process.env), res)
}
