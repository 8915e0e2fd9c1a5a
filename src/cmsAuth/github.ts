import { isRecord } from "../utils/json"
import type { CmsAuthProblem } from "./signInTexts"

/**
 * The one call the sign-in makes to GitHub: the code GitHub gave the browser, with the OAuth
 * App's secret, for the editor's token (https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps,
 * step 2). GitHub answers refusals with status 200 and an `error` in the body.
 */

export interface Exchange {
  githubUrl: string
  clientId: string
  clientSecret: string
  code: string
  redirectUri: string
}

export interface ExchangeOptions {
  /** How the call is made; tests pass their own. */
  fetch?: typeof fetch
  timeoutMs?: number
}

export type ExchangeResult =
  | { token: string }
  | {
      problem: Extract<
        CmsAuthProblem,
        "codeRejected" | "unverifiedEmail" | "refused" | "githubUnavailable"
      >
      githubSaid?: string
    }

const exchangeTimeoutMs = 10_000

/** Logged when GitHub fails; never the code, the secret or the token. */
function report(what: string) {
  console.error(`cms sign-in: ${what}`)
}

export async function exchangeCode(
  exchange: Exchange,
  { fetch: send = fetch, timeoutMs = exchangeTimeoutMs }: ExchangeOptions = {},
): Promise<ExchangeResult> {
  let response: Response
  try {
    response = await send(`${exchange.githubUrl}/login/oauth/access_token`, {
      method: "POST",
      headers: {
        Accept: "application/json",
        "Content-Type": "application/x-www-form-urlencoded",
        "User-Agent": "evergrace-cms-sign-in",
      },
      body: new URLSearchParams({
        client_id: exchange.clientId,
        client_secret: exchange.clientSecret,
        code: exchange.code,
        redirect_uri: exchange.redirectUri,
      }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    report(
      `GitHub's token endpoint did not answer (${error instanceof Error ? error.name : "error"})`,
    )
    return { problem: "githubUnavailable" }
  }
  if (response.status >= 500 || response.status === 429) {
    report(`GitHub's token endpoint answered ${response.status}`)
    return { problem: "githubUnavailable" }
  }
  let body: unknown
  try {
    body = await response.json()
  } catch {
    // A proxy's or a maintenance page, not GitHub's API.
    report(`GitHub's token endpoint answered ${response.status} without JSON`)
    return { problem: "githubUnavailable" }
  }
  const fields = isRecord(body) ? body : {}
  if (response.ok && typeof fields.access_token === "string" && fields.access_token !== "") {
    return { token: fields.access_token }
  }
  // GitHub's codes are snake_case words; anything else is not shown as one.
  const error = typeof fields.error === "string" && /^[a-z_]{1,64}$/.test(fields.error)
  const githubSaid = error ? (fields.error as string) : `HTTP ${response.status}`
  report(`GitHub refused the token exchange: ${githubSaid}`)
  switch (githubSaid) {
    case "bad_verification_code":
      return { problem: "codeRejected" }
    case "unverified_user_email":
      return { problem: "unverifiedEmail" }
    default:
      return { problem: "refused", githubSaid }
  }
}
