/**
 * How the staff hear how a publish went where they already look (the commit on GitHub, a draft's
 * pull request, the CMS's "View preview"): GitHub's commit statuses, posted as the previews of the
 * other hosts are (src/previews/commitStatus.ts). Web-standard: fetch alone.
 */
import {
  postCommitStatus,
  previewContexts,
  StatusRefused,
  type CommitStatus,
  type GithubTarget,
} from "../../previews/commitStatus"

export type { CommitStatus }

/** The live site's status on each pushed commit. */
export const publishContext = "evergrace/publish"
/**
 * A draft's preview: Decap's "View preview" links the status whose context contains "deploy"
 * (its `preview_context` setting names another).
 */
export const previewContext = previewContexts.selfHosted

/** GitHub's API and a token that may write commit statuses; the repository comes with each push. */
export type StatusTarget = Omit<GithubTarget, "repo">

/**
 * Posts one status; a failure is logged (never the token) and returned, never thrown: a publish
 * goes live whether GitHub hears of it or not.
 */
export async function postStatus(
  target: StatusTarget,
  repository: string,
  sha: string,
  status: CommitStatus,
): Promise<boolean> {
  try {
    await postCommitStatus({ ...target, repo: repository }, sha, status)
    return true
  } catch (error) {
    const why =
      error instanceof StatusRefused
        ? `${error.message}${
            [401, 403, 404].includes(error.status)
              ? `; the token (PUBLISH_GITHUB_TOKEN, else the one in PUBLISH_REPO) must be one GitHub accepts, allowed to write commit statuses on ${repository}: until then the CMS shows no "View Preview"`
              : ""
          }`
        : `it did not reach GitHub (${error instanceof Error ? error.name : "error"})`
    console.error(`publish: no status on ${sha.slice(0, 7)}: ${why}`)
    return false
  }
}
