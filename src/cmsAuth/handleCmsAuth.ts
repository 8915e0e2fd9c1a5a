import type { Context } from "hono"
import { callbackPath } from "../shared/endpoints"
import { cmsAuthHeaders } from "../shared/policy"
import { cmsAuthConfig, oauthScope, type CmsAuthEnv } from "./config"
import { exchangeCode, type ExchangeOptions } from "./github"
import { handshakeScriptHash, problemPage, signedInPage, type ProblemDetails } from "./signInPages"
import { clearStateCookie, newState, sameState, setStateCookie, stateFromCookie } from "./state"
import type { CmsAuthProblem } from "./signInTexts"

/**
 * The sign-in Decap CMS's GitHub backend needs, written once: two handlers of the route table
 * (src/server/app.ts), run on every host.
 *
 *   GET /api/auth      the CMS's sign-in window opens this; it is sent on to GitHub
 *   GET /api/callback  GitHub sends it back here with a code, which is exchanged (with the OAuth
 *                      App's secret) for the editor's token, handed to the CMS by postMessage
 *
 * Anything that goes wrong is answered with a page saying what happened and what to do.
 */

const statuses: Record<CmsAuthProblem, number> = {
  notConfigured: 503,
  wrongMethod: 405,
  unsupportedProvider: 400,
  denied: 403,
  badState: 400,
  codeRejected: 400,
  unverifiedEmail: 403,
  refused: 502,
  githubUnavailable: 502,
}

/** A page: through the context, so the cookie it set or cleared goes with it. */
function page(c: Context, status: number, html: string, headers: Record<string, string>) {
  return c.body(html, status as 200, { ...headers, "Content-Type": "text/html; charset=utf-8" })
}

function problem(c: Context, kind: CmsAuthProblem, details: ProblemDetails = {}): Response {
  const allow: Record<string, string> = kind === "wrongMethod" ? { Allow: "GET" } : {}
  return page(c, statuses[kind], problemPage(kind, details), { ...cmsAuthHeaders(), ...allow })
}

export async function startSignIn(c: Context, env: CmsAuthEnv): Promise<Response> {
  if (c.req.method !== "GET") return problem(c, "wrongMethod")
  const config = cmsAuthConfig(env)
  if (!config.ok) return problem(c, "notConfigured", { variables: config.variables })
  const url = new URL(c.req.url)
  const provider = url.searchParams.get("provider")
  if (provider !== null && provider !== "github") return problem(c, "unsupportedProvider")

  const state = newState()
  const authorize = new URL(`${config.githubUrl}/login/oauth/authorize`)
  authorize.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: `${url.origin}${callbackPath}`,
    scope: oauthScope,
    state,
  }).toString()
  setStateCookie(c, state)
  return c.body(null, 302, { ...cmsAuthHeaders(), Location: authorize.toString() })
}

export async function finishSignIn(
  c: Context,
  env: CmsAuthEnv,
  options: ExchangeOptions = {},
): Promise<Response> {
  // Every answer ends this sign-in: its state is good once.
  const expected = stateFromCookie(c)
  clearStateCookie(c)
  if (c.req.method !== "GET") return problem(c, "wrongMethod")
  const config = cmsAuthConfig(env)
  if (!config.ok) return problem(c, "notConfigured", { variables: config.variables })

  const url = new URL(c.req.url)
  const given = url.searchParams.get("state")
  const error = url.searchParams.get("error")
  // Shown only when it looks like one of GitHub's codes: the address is anyone's to write.
  const githubSaid = error && /^[a-z_]{1,64}$/.test(error) ? error : undefined
  // Before anything GitHub says is believed, even a refusal: it must answer this browser's sign-in.
  // Its code is still shown: GitHub sends a wrong callback address (www or not) to the registered
  // one, where this browser's cookie is not, and redirect_uri_mismatch is the clue that matters.
  if (!given || !expected || !(await sameState(given, expected))) {
    return problem(c, "badState", { githubSaid })
  }

  if (error === "access_denied") return problem(c, "denied")
  if (error !== null) return problem(c, "refused", { githubSaid })
  const code = url.searchParams.get("code")
  if (!code) return problem(c, "codeRejected")

  const result = await exchangeCode(
    {
      githubUrl: config.githubUrl,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      code,
      redirectUri: `${url.origin}${callbackPath}`,
    },
    options,
  )
  if ("problem" in result) return problem(c, result.problem, { githubSaid: result.githubSaid })
  return page(c, 200, signedInPage(result.token), cmsAuthHeaders(await handshakeScriptHash()))
}
