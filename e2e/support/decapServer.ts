import { cpSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { onFreePort, startServerProcess } from "./servers"

/**
 * decap-server, the local backend of `npm run cms`, saving into a temporary copy of `dataDir`
 * (the real files are never written): for the CMS's browser test (e2e/cms.spec.ts) and its
 * screenshots (scripts/cms-screenshots.ts).
 */
export interface DecapServer {
  /** Its API, where the CMS's local backend posts (`local_backend: true`). */
  api: string
  /** The folder it saves into: `data/` in it is the copy. */
  repoDir: string
  /** Ends it and removes the copy. */
  stop: () => void
}

export async function startDecapServer(dataDir: string): Promise<DecapServer> {
  const repoDir = mkdtempSync(path.join(tmpdir(), "evergrace-cms-"))
  cpSync(dataDir, path.join(repoDir, "data"), { recursive: true })
  try {
    return await onFreePort(async (port) => {
      const api = `http://localhost:${port}/api/v1`
      const server = await startServerProcess(process.execPath, [require.resolve("decap-server")], {
        // Its own folder as working directory, so it reads no .env of the project.
        cwd: repoDir,
        env: { PORT: String(port), GIT_REPO_DIRECTORY: repoDir, MODE: "fs" },
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
