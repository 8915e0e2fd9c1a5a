import { handleSignup } from "../../src/signup/handleSignup"
import { unavailableList, type MailingList, type SignupEnv } from "../../src/signup/mailingList"
import { mailingListFromEnv } from "../../src/signup/providers/fromEnv"
import { signupTexts } from "../../src/signup/texts"

/**
 * POST /api/subscribe on Cloudflare Pages: a Pages Function (this folder's path is its address),
 * a thin adapter to the one sign-up handler. A Worker has no disk for the embedded store, so a
 * provider must be set in the project's environment variables (README, "Sign-ups"); without one
 * every sign-up is answered "unavailable" and the log says why. A limit per visitor belongs in
 * Cloudflare's own rate limiting rules: a Worker's memory is not shared between its copies.
 */

interface PagesContext {
  request: Request
  env: SignupEnv
}

function listFor(env: SignupEnv): MailingList {
  try {
    return (
      mailingListFromEnv(env) ??
      unavailableList("no SIGNUP_PROVIDER is set, and Cloudflare Pages has no disk for the store")
    )
  } catch (error) {
    return unavailableList(error instanceof Error ? error.message : String(error))
  }
}

export async function onRequest({ request, env }: PagesContext): Promise<Response> {
  return handleSignup(request, {
    list: listFor(env),
    texts: signupTexts,
    client: request.headers.get("CF-Connecting-IP") ?? undefined,
  })
}
