/**
 * GitHub's commit statuses (https://docs.github.com/rest/commits/statuses): how the staff hear
 * how a publish went where they already look (the commit on GitHub, a draft's pull request, the
 * CMS's "View preview"). `POST /repos/{owner}/{repo}/statuses/{sha}` with a token that may write
 * statuses. Web-standard: fetch alone.
 */

export type CommitState = "pending" | "success" | "failure" | "error"

export interface CommitStatus {
  state: CommitState
  /** One line; GitHub keeps 140 characters. */
  description: string
  /** The live site or the preview; a failure links to where the whole reason is. */
  targetUrl?: string
  context: string
}

/** The live site's status on each pushed commit. */
export const publishContext = "evergrace/publish"
/**
 * A draft's preview: Decap's "View preview" links the status whose context contains "deploy"
 * (its `preview_context` setting names another).
 */
export const previewContext = "evergrace/deploy-preview"

export interface StatusTarget {
  /** GitHub's REST API: https://api.github.com, or a GitHub Enterprise server's /api/v3. */
  apiUrl: string
  /** A token that may write commit statuses (classic `repo:status`, fine-grained "Commit statuses"). */
  token: string
  fetch?: typeof fetch
}

const descriptionLength = 140
const timeoutMs = 10_000

/** Posts one status; a failure is logged (never the token) and returned, never thrown. */
export async function postStatus(
  target: StatusTarget,
  repository: string,
  sha: string,
  status: CommitStatus,
): Promise<boolean> {
  const send = target.fetch ?? fetch
  try {
    const response = await send(`${target.apiUrl}/repos/${repository}/statuses/${sha}`, {
      method: "POST",
      headers: {
        Accept: "application/vnd.github+json",
        Authorization: `Bearer ${target.token}`,
        "Content-Type": "application/json",
        "User-Agent": "evergrace-publisher",
        "X-GitHub-Api-Version": "2022-11-28",
      },
      body: JSON.stringify({
        state: status.state,
        description: oneLine(status.description),
        context: status.context,
        ...(status.targetUrl ? { target_url: status.targetUrl } : {}),
      }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (response.ok) return true
    console.error(`publish: GitHub answered ${response.status} to the status of ${sha.slice(0, 7)}`)
  } catch (error) {
    const name = error instanceof Error ? error.name : "error"
    console.error(`publish: the status of ${sha.slice(0, 7)} did not reach GitHub (${name})`)
  }
  return false
}

/** The first line, cut to what GitHub keeps, with an ellipsis where it was cut. */
export function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim()
  return line.length <= descriptionLength ? line : `${line.slice(0, descriptionLength - 1)}…`
}
