import type { CmsAuthEnv } from "../../src/cmsAuth/config"
import { finishSignIn } from "../../src/cmsAuth/handleCmsAuth"

/** GET /api/callback on Cloudflare Pages: as ./auth.ts. */
export async function onRequest({ request, env }: { request: Request; env: CmsAuthEnv }) {
  return finishSignIn(request, env)
}
