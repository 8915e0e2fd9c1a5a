import path from "node:path"
import { test } from "@playwright/test"
import { startGithubStub, type GithubStub } from "./stubs/githubStub"
import { onFreePort, serveBuild } from "./servers"

/**
 * The production build with its GitHub sign-in pointed at the stand-in for GitHub
 * (e2e/support/stubs/githubStub.ts), for the specs that sign in: a site server of the spec's own,
 * as `npm start` runs it, with the stub's OAuth App and `env`; or, under `npm run test:delivery`,
 * nginx (E2E_BASE_URL) and the stub that run started (E2E_GITHUB_STUB_URL).
 */
export interface GithubSite {
  baseURL: string
  githubUrl: string
  /** The stub in this process; none when another process runs it. */
  stub?: GithubStub
  stop(): Promise<void>
}

/** Call at the top of a spec: under another server, it needs that server's GitHub stub. */
export function skipWithoutGithubStub() {
  test.skip(
    Boolean(process.env.E2E_BASE_URL) && !process.env.E2E_GITHUB_STUB_URL,
    "served by another server: needs the GitHub stub that server's sign-in talks to (E2E_GITHUB_STUB_URL)",
  )
}

export async function startGithubSite(env: NodeJS.ProcessEnv = {}): Promise<GithubSite> {
  if (process.env.E2E_BASE_URL) {
    return {
      baseURL: process.env.E2E_BASE_URL,
      githubUrl: process.env.E2E_GITHUB_STUB_URL ?? "",
      stop: async () => {},
    }
  }
  // The stub must know the callback address before the server is up: a port for both, and both
  // again on another when the server finds it taken.
  return onFreePort(async (port) => {
    const stub = await startGithubStub({
      callbackUrl: `http://localhost:${port}/api/callback`,
      dataDir: path.resolve(__dirname, "..", "..", "data"),
    })
    try {
      const server = await serveBuild(
        {
          ...stub.settings,
          ...env,
        },
        { port },
      )
      return {
        baseURL: server.baseURL,
        githubUrl: stub.url,
        stub,
        stop: async () => {
          server.stop()
          await stub.close()
        },
      }
    } catch (error) {
      await stub.close()
      throw error
    }
  })
}
