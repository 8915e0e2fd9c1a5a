import type { CmsAuthEnv } from "../../src/cmsAuth/config"
import { startSignIn } from "../../src/cmsAuth/handleCmsAuth"

/**
 * GET /api/auth on Cloudflare Pages: a Pages Function, a thin adapter to the CMS sign-in
 * (src/cmsAuth/handleCmsAuth.ts). The OAuth App's client ID and secret are the project's
 * environment variables (the secret as a secret), handed over as `env`.
 */
export async function onRequest({ request, env }: { request: Request; env: CmsAuthEnv }) {
  return startSignIn(request, env)
}
