// The link from a draft in the CMS to its preview on Cloudflare Pages, which posts no commit
// status of its own: run by .github/workflows/cms-preview-status.yml for each push to a CMS
// draft's pull request (src/previews/commitStatus.ts says how). Offline, against the GitHub
// stub: GITHUB_API_URL=<stub>/api/v3 … npx tsx scripts/cms-preview-status.ts
import { announceCloudflarePreview } from "../src/previews/commitStatus"

const needed = {
  GITHUB_REPOSITORY: "the repository, owner/name (GitHub Actions sets it)",
  GITHUB_TOKEN: "a token that may post commit statuses (the workflow's own)",
  PREVIEW_SHA: "the draft's latest commit",
  PREVIEW_BRANCH: "the draft's branch",
  CLOUDFLARE_PAGES_PROJECT: "the Pages project's name, as in <project>.pages.dev",
}

async function main() {
  const missing = Object.entries(needed).filter(([name]) => !process.env[name]?.trim())
  if (missing.length > 0) {
    console.error(
      `Not set: ${missing.map(([name, what]) => `${name} (${what})`).join("; ")}. See docs/deploying.md, "Previews of drafts".`,
    )
    return 2
  }
  const env = (name: keyof typeof needed) => process.env[name]?.trim() ?? ""
  const status = await announceCloudflarePreview({
    github: {
      apiUrl: process.env.GITHUB_API_URL || "https://api.github.com",
      repo: env("GITHUB_REPOSITORY"),
      token: env("GITHUB_TOKEN"),
    },
    sha: env("PREVIEW_SHA"),
    branch: env("PREVIEW_BRANCH"),
    project: env("CLOUDFLARE_PAGES_PROJECT"),
    timeoutMs: Number(process.env.PREVIEW_TIMEOUT_MS) || undefined,
    intervalMs: Number(process.env.PREVIEW_INTERVAL_MS) || undefined,
  })
  console.log(`${status.state}: ${status.description} (${status.targetUrl})`)
  return status.state === "success" ? 0 : 1
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
