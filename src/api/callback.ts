import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import { finishSignIn } from "../cmsAuth/handleCmsAuth"
import { sendResponse, webRequest } from "../endpoints/node"

/**
 * GET /api/callback on `gatsby develop`, `gatsby serve` and Netlify: a thin adapter to the CMS
 * sign-in (src/cmsAuth/handleCmsAuth.ts), as ./auth.ts.
 */
export default async function callback(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) {
  await sendResponse(await finishSignIn(webRequest(req), globalThis.process.env), res)
}
