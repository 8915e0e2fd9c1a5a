/**
 * How a draft's preview reaches the CMS: a GitHub commit status on the draft's latest commit whose
 * context contains "deploy" (Decap's default; `preview_context` names one exactly, see
 * src/cms/backend.ts), its `target_url` the preview's address. Decap shows "Check for Preview"
 * until the status is `success`, then "View Preview", which opens the entry's own page there
 * (each file's `preview_path`, src/cms/config.ts). Netlify posts such a status itself
 * ("deploy/netlify"); Cloudflare Pages posts none, so a GitHub Actions workflow posts one for it
 * (announceCloudflarePreview, .github/workflows/cms-preview-status.yml). Web-standard: fetch only.
 */

/** The contexts this site's previews are announced with; each contains "deploy". */
export const previewContexts = {
  /** Netlify's own, for its deploy previews. */
  netlify: "deploy/netlify",
  /** What the workflow posts for Cloudflare Pages. */
  cloudflare: "deploy/cloudflare-pages",
} as const

export interface CommitStatus {
  state: "pending" | "success" | "failure" | "error"
  context: string
  /** What GitHub and the CMS show beside it; GitHub keeps 140 characters. */
  description: string
  targetUrl?: string
}

export interface GithubTarget {
  /** GitHub's REST API: https://api.github.com (GITHUB_API_URL in a workflow). */
  apiUrl: string
  /** "owner/name" */
  repo: string
  token: string
  fetch?: typeof fetch
}

/** POST /repos/{repo}/statuses/{sha}; throws with GitHub's answer when it refuses. */
export async function postCommitStatus(
  { apiUrl, repo, token, fetch: send = fetch }: GithubTarget,
  sha: string,
  status: CommitStatus,
): Promise<void> {
  const response = await send(`${apiUrl.replace(/\/$/, "")}/repos/${repo}/statuses/${sha}`, {
    method: "POST",
    headers: {
      Accept: "application/vnd.github+json",
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      "X-GitHub-Api-Version": "2022-11-28",
    },
    body: JSON.stringify({
      state: status.state,
      context: status.context,
      description: status.description.slice(0, 140),
      ...(status.targetUrl ? { target_url: status.targetUrl } : {}),
    }),
  })
  if (!response.ok) {
    throw new Error(
      `GitHub refused the commit status (${response.status}): ${(await response.text()).slice(0, 300)}`,
    )
  }
}
