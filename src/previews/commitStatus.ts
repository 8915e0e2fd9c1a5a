/**
 * How a draft's preview reaches the CMS: a GitHub commit status on the draft's latest commit whose
 * context contains "deploy" (Decap's default; `preview_context` names one exactly, see
 * src/cms/backend.ts), its `target_url` the preview's address. Decap shows "View Preview" for a
 * `success`, which opens the entry's own page there (each file's `preview_path`,
 * src/cms/config.ts), and "Check for Preview" otherwise.
 *
 * After a save, Decap looks every 5 seconds for two minutes, and stops at the first status of
 * that context, whatever its state (decap-cms-core's backend.getDeploy): a "pending" one stops it,
 * and "View Preview" then waits for her click. So this site's previews post one status, once the
 * preview is ready or has failed, none while it builds. Netlify posts its own ("deploy/netlify",
 * "pending" first: there she clicks "Check for Preview"); Cloudflare Pages posts none, so a
 * GitHub Actions workflow posts one for it (announceCloudflarePreview,
 * .github/workflows/cms-preview-status.yml). Web-standard: fetch only.
 */
import { previewFile } from "./previewSite"

/** The contexts this site's previews are announced with; each contains "deploy". */
export const previewContexts = {
  /** Netlify's own, for its deploy previews. */
  netlify: "deploy/netlify",
  /** What the workflow posts for Cloudflare Pages. */
  cloudflare: "deploy/cloudflare-pages",
  /** What the self-hosted publisher posts for its own previews (src/publishing/). */
  selfHosted: "evergrace/deploy-preview",
} as const

export interface CommitStatus {
  state: "pending" | "success" | "failure" | "error"
  context: string
  /** What GitHub and the CMS show beside it, one line; GitHub keeps 140 characters. */
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
      "User-Agent": "evergrace",
      "X-GitHub-Api-Version": "2022-11-28",
    },
    body: JSON.stringify({
      state: status.state,
      context: status.context,
      description: oneLine(status.description),
      ...(status.targetUrl ? { target_url: status.targetUrl } : {}),
    }),
    signal: AbortSignal.timeout(10_000),
  })
  if (!response.ok) throw new StatusRefused(response.status, await response.text())
}

/** GitHub's refusal of a commit status, with its HTTP status and what it said. */
export class StatusRefused extends Error {
  constructor(
    readonly status: number,
    said: string,
  ) {
    super(`GitHub refused the commit status (${status}): ${said.slice(0, 300)}`)
    this.name = "StatusRefused"
  }
}

const descriptionLength = 140

/** The text on one line, cut to what GitHub keeps, with an ellipsis where it was cut. */
export function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim()
  return line.length <= descriptionLength ? line : `${line.slice(0, descriptionLength - 1)}…`
}

/**
 * The branch's alias on Cloudflare Pages, which always serves the branch's latest deployment:
 * "lowercased and non-alphanumeric characters are replaced with a hyphen" (Cloudflare's "Preview
 * aliases"), and cut at 28 characters, as Cloudflare does without saying so (seen in
 * owid/owid-grapher#4308, prisma/web#6080). The CMS's branches (cms/settings/membership at most)
 * stay under that.
 */
export function cloudflareBranchAlias(branch: string): string {
  return branch
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "-")
    .slice(0, 28)
}

/** https://<alias>.<project>.pages.dev: where Cloudflare Pages serves the branch's preview. */
export function cloudflarePreviewUrl(project: string, branch: string): string {
  return `https://${cloudflareBranchAlias(branch)}.${project}.pages.dev`
}

export interface CloudflarePreview {
  github: GithubTarget
  /** The draft's latest commit (the pull request's head) and its branch. */
  sha: string
  branch: string
  /** The Pages project's name, as in <project>.pages.dev. */
  project: string
  /** How long Cloudflare may take to build it, and how often to look. */
  timeoutMs?: number
  intervalMs?: number
  /** How the preview is fetched; GitHub's calls take github.fetch. */
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
}

/**
 * For Cloudflare Pages, which posts no commit status: when the branch's alias serves this very
 * commit (its preview.json names it), "success" with the alias as the address; "error" if it does
 * not within the time given. Nothing before (see above: a "pending" stops Decap looking). Returns
 * the status posted.
 */
export async function announceCloudflarePreview({
  github,
  sha,
  branch,
  project,
  timeoutMs = 15 * 60_000,
  intervalMs = 15_000,
  fetch: reach = fetch,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}: CloudflarePreview): Promise<CommitStatus> {
  const targetUrl = cloudflarePreviewUrl(project, branch)
  const post = async (status: Omit<CommitStatus, "context" | "targetUrl">) => {
    const posted = { ...status, context: previewContexts.cloudflare, targetUrl }
    await postCommitStatus(github, sha, posted)
    return posted
  }
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if ((await commitServed(reach, targetUrl)) === sha) {
      return post({ state: "success", description: "The draft's preview is ready" })
    }
    if (Date.now() >= deadline) {
      const minutes = Math.round(timeoutMs / 60_000)
      return post({
        state: "error",
        description: `No preview of this commit after ${minutes} minutes: see the build's log on Cloudflare Pages`,
      })
    }
    await sleep(intervalMs)
  }
}

/** The commit a preview serves (its preview.json), or undefined while it serves none. */
async function commitServed(reach: typeof fetch, previewUrl: string): Promise<string | undefined> {
  try {
    const response = await reach(`${previewUrl}/${previewFile}`, { cache: "no-store" })
    if (!response.ok) return undefined
    const served: unknown = await response.json()
    return typeof served === "object" && served !== null && "commit" in served
      ? String(served.commit)
      : undefined
  } catch {
    return undefined
  }
}
