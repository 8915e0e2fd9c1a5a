import { cmsAuthHeaders } from "../build/policy"
import { cmsAuthConfig, type CmsAuthEnv } from "./config"
import { exchangeCode, type ExchangeOptions } from "./github"
import { handshakeScriptHash, problemPage, signedInPage, type ProblemDetails } from "./pages"
import { callbackPath } from "./paths"
import { clearedStateCookie, newState, sameState, stateCookie, stateFromCookie } from "./state"
import type { CmsAuthProblem } from "./texts"

/**
 * The sign-in Decap CMS's GitHub backend needs, written once: a web-standard Request in, a
 * Response out, run by each host through a thin adapter (src/api/auth.ts and callback.ts for
 * Gatsby and Netlify, functions/api/ for Cloudflare Pages, src/endpoints/server.ts behind nginx).
 *
 *   GET /api/auth      the CMS's sign-in window opens this; it is sent on to GitHub
 *   GET /api/callback  GitHub sends it back here with a code, which is exchanged (with the OAuth
 *                      App's secret) for the editor's token, handed to the CMS by postMessage
 *
 * Anything that goes wrong is answered with a page saying what happened and what to do.
 */

/** What the CMS asks GitHub for: the repository's contents, to commit what editors publish. */
const oauthScope = "repo"

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

function problem(
  kind: CmsAuthProblem,
  details: ProblemDetails = {},
  headers: Record<string, string> = {},
): Response {
  return new Response(problemPage(kind, details), {
    status: statuses[kind],
    headers: { ...cmsAuthHeaders(), ...headers, "Content-Type": "text/html; charset=utf-8" },
  })
}

const onlyGet = { Allow: "GET" }

export async function startSignIn(request: Request, env: CmsAuthEnv): Promise<Response> {
  if (request.method !== "GET") return problem("wrongMethod", {}, onlyGet)
  const config = cmsAuthConfig(env)
  if (!config.ok) return problem("notConfigured", { variables: config.variables })
  const url = new URL(request.url)
  const provider = url.searchParams.get("provider")
  if (provider !== null && provider !== "github") return problem("unsupportedProvider")

  const state = newState()
  const authorize = new URL(`${config.githubUrl}/login/oauth/authorize`)
  authorize.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: `${url.origin}${callbackPath}`,
    scope: oauthScope,
    state,
  }).toString()
  return new Response(null, {
    status: 302,
    headers: {
      ...cmsAuthHeaders(),
      Location: authorize.toString(),
      "Set-Cookie": stateCookie(request, state),
    },
  })
}

export async function finishSignIn(
  request: Request,
  env: CmsAuthEnv,
  options: ExchangeOptions = {},
): Promise<Response> {
  // Every answer ends this sign-in: its state is good once.
  const cleared = { "Set-Cookie": clearedStateCookie(request) }
  if (request.method !== "GET") return problem("wrongMethod", {}, { ...onlyGet, ...cleared })
  const config = cmsAuthConfig(env)
  if (!config.ok) return problem("notConfigured", { variables: config.variables }, cleared)

  const url = new URL(request.url)
  const given = url.searchParams.get("state")
  const expected = stateFromCookie(request)
  const error = url.searchParams.get("error")
  // Shown only when it looks like one of GitHub's codes: the address is anyone's to write.
  const githubSaid = error && /^[a-z_]{1,64}$/.test(error) ? error : undefined
  // Before anything GitHub says is believed, even a refusal: it must answer this browser's sign-in.
  // Its code is still shown: GitHub sends a wrong callback address (www or not) to the registered
  // one, where this browser's cookie is not, and redirect_uri_mismatch is the clue that matters.
  if (!given || !expected || !sameState(given, expected)) {
    return problem("badState", { githubSaid }, cleared)
  }

  if (error === "access_denied") return problem("denied", {}, cleared)
  if (error !== null) return problem("refused", { githubSaid }, cleared)
  const code = url.searchParams.get("code")
  if (!code) return problem("codeRejected", {}, cleared)

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
  if ("problem" in result) {
    return problem(result.problem, { githubSaid: result.githubSaid }, cleared)
  }
  return new Response(signedInPage(result.token), {
    status: 200,
    headers: {
      ...cmsAuthHeaders(await handshakeScriptHash()),
      ...cleared,
      "Content-Type": "text/html; charset=utf-8",
    },
  })
}
