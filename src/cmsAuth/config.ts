/**
 * The sign-in's settings, read from the host's environment when a request arrives (never from
 * the build, so the secret is in no bundle): the GitHub OAuth App's client ID and secret, and
 * GitHub's address for GitHub Enterprise (and the tests' stub).
 */

export const clientIdVariable = "GITHUB_OAUTH_CLIENT_ID"
export const clientSecretVariable = "GITHUB_OAUTH_CLIENT_SECRET"
const githubUrlVariable = "GITHUB_URL"

const defaultGithubUrl = "https://github.com"

/** What the CMS asks GitHub for: the repository's contents, to commit what editors publish. */
export const oauthScope = "repo"

export type CmsAuthEnv = Partial<
  Record<
    typeof clientIdVariable | typeof clientSecretVariable | typeof githubUrlVariable,
    string | undefined
  >
>

export type CmsAuthConfig =
  | { ok: true; clientId: string; clientSecret: string; githubUrl: string }
  /** What to set (or set right), by name. */
  | { ok: false; variables: string[] }

export function cmsAuthConfig(env: CmsAuthEnv): CmsAuthConfig {
  const clientId = env[clientIdVariable]?.trim() ?? ""
  const clientSecret = env[clientSecretVariable]?.trim() ?? ""
  const githubUrl = githubUrlFrom(env[githubUrlVariable])
  const variables = [
    ...(clientId ? [] : [clientIdVariable]),
    ...(clientSecret ? [] : [clientSecretVariable]),
    ...(githubUrl ? [] : [githubUrlVariable]),
  ]
  if (!githubUrl || variables.length > 0) return { ok: false, variables }
  return { ok: true, clientId, clientSecret, githubUrl }
}

/**
 * "https://github.example/" → "https://github.example"; undefined when it is no web address, or
 * plain http anywhere but this machine (the client secret is posted there).
 */
export function githubUrlFrom(value: string | undefined): string | undefined {
  const text = value?.trim() || defaultGithubUrl
  try {
    const url = new URL(text)
    const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)
    if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) return undefined
    return `${url.origin}${url.pathname.replace(/\/+$/, "")}`
  } catch {
    return undefined
  }
}
