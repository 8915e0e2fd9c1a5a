import { execFileSync } from "node:child_process"
import { cpSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { onFreePort, startServerProcess } from "./servers"

/**
 * decap-server, the local backend of `npm run cms`, on a temporary Git repository whose one
 * commit, on `main`, is a copy of `dataDir` (the real files are never written): for the CMS's
 * browser tests (e2e/cms.spec.ts) and its screenshots (scripts/cms-screenshots.ts). In its Git
 * mode, as `npm run cms` runs it on a clean checkout (scripts/cms.ts): a Save makes a draft on a
 * branch cms/<collection>/<entry>, Publish merges it into `main`.
 */
export interface DecapServer {
  /** Its API, where the CMS's local backend posts (`local_backend: true`). */
  api: string
  /** The repository it saves into: `data/` in it is the copy. */
  repoDir: string
  /** The branch the CMS asks for (the production build's GATSBY_CMS_BRANCH, "main"). */
  branch: string
  /** `git <args>` in the repository, its output; undefined when git fails (no such branch). */
  git: (...args: string[]) => string | undefined
  /** Ends it and removes the copy. */
  stop: () => void
}

export async function startDecapServer(dataDir: string): Promise<DecapServer> {
  const repoDir = mkdtempSync(path.join(tmpdir(), "evergrace-cms-"))
  const branch = "main"
  const git = (...args: string[]) => {
    try {
      return execFileSync("git", args, { cwd: repoDir, encoding: "utf8", stdio: "pipe" })
    } catch {
      return undefined
    }
  }
  cpSync(dataDir, path.join(repoDir, "data"), { recursive: true })
  for (const args of [
    ["init", "--quiet", `--initial-branch=${branch}`],
    ["config", "user.name", "Evergrace CMS test"],
    ["config", "user.email", "cms-test@example.com"],
    ["add", "--all"],
    ["commit", "--quiet", "--message", "The site's content"],
  ]) {
    if (git(...args) === undefined) throw new Error(`git ${args.join(" ")} failed in ${repoDir}`)
  }
  try {
    return await onFreePort(async (port) => {
      const api = `http://localhost:${port}/api/v1`
      const server = await startServerProcess(process.execPath, [require.resolve("decap-server")], {
        // Its own folder as working directory, so it reads no .env of the project.
        cwd: repoDir,
        env: { PORT: String(port), GIT_REPO_DIRECTORY: repoDir, MODE: "git" },
        port,
        url: api,
        listening: /Proxy Server listening on port/,
        wait: {
          init: {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ action: "info" }),
          },
          timeoutMs: 20_000,
        },
      })
      return {
        api,
        repoDir,
        branch,
        git,
        stop: () => {
          server.stop()
          rmSync(repoDir, { recursive: true, force: true })
        },
      }
    })
  } catch (error) {
    rmSync(repoDir, { recursive: true, force: true })
    throw error
  }
}
