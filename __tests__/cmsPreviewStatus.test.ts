/**
 * @jest-environment node
 */
import { execFile } from "node:child_process"
import http from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import { promisify } from "node:util"
import { contentFiles, isPageName } from "../src/content/model"
import {
  announceCloudflarePreview,
  cloudflareBranchAlias,
  cloudflarePreviewUrl,
  previewContexts,
} from "../src/previews/commitStatus"
import { startGithubStub, stubRepo, type GithubStub } from "../e2e/support/stubs/githubStub"

// The CMS's "View Preview" for Cloudflare Pages (src/previews/commitStatus.ts,
// scripts/cms-preview-status.ts, run by .github/workflows/cms-preview-status.yml), against the
// stand-in for GitHub's API and a local server in the place of the branch's preview.

const repoRoot = path.resolve(__dirname, "..")
const project = "evergrace-site"

let stub: GithubStub
let token: string
let sha: string

beforeAll(async () => {
  stub = await startGithubStub({
    callbackUrl: "http://localhost/api/callback",
    dataDir: path.join(repoRoot, "data"),
  })
  token = stub.tokenFor("editor")
  const main = await api("/branches/main")
  sha = ((await main.json()) as { commit: { sha: string } }).commit.sha
})
afterAll(() => stub?.close())

function api(route: string, init: RequestInit = {}) {
  return fetch(`${stub.apiUrl}/repos/${stubRepo}${route}`, {
    ...init,
    headers: { Authorization: `token ${token}`, ...init.headers },
  })
}

/** A draft on `branch` whose latest commit is main's, as the workflow names it. */
const draft = (branch: string) => ({
  github: { apiUrl: stub.apiUrl, repo: stubRepo, token },
  sha,
  branch,
  project,
})

async function statusesOf(commit: string) {
  const combined = (await (await api(`/commits/${commit}/status`)).json()) as {
    statuses: { context: string; state: string; target_url: string; description: string }[]
  }
  return combined.statuses
}

/** A preview that serves `commits` one after the other at /preview.json, the last one from then on. */
async function previewServing(commits: string[]) {
  let asked = 0
  const server = http.createServer((request, response) => {
    const commit = commits[Math.min(asked++, commits.length - 1)]
    if (request.url !== "/preview.json" || commit === undefined)
      return response.writeHead(404).end()
    response.writeHead(200, { "Content-Type": "application/json" })
    response.end(JSON.stringify({ preview: true, commit }))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const local = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    asked: () => asked,
    /** Fetches for the branch's preview address reach this server. */
    fetch: (url: string | URL | Request, init?: RequestInit) =>
      fetch(String(url).replace(/^https:\/\/[^/]+\.pages\.dev/, local), init),
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

describe("the branch's address on Cloudflare Pages", () => {
  test("lowercased, every other character a hyphen, as Cloudflare's docs give it", () => {
    expect(cloudflareBranchAlias("fix/api")).toBe("fix-api")
    expect(cloudflarePreviewUrl(project, "cms/pages/shop")).toBe(
      "https://cms-pages-shop.evergrace-site.pages.dev",
    )
  })

  test("cut at 28 characters, as Cloudflare cuts long ones; no branch of the CMS's is that long", () => {
    expect(cloudflareBranchAlias("janpio-driver/adapters-tracing-and-metrics")).toBe(
      "janpio-driver-adapters-traci",
    )
    for (const file of contentFiles) {
      const branch = `cms/${isPageName(file.name) ? "pages" : "settings"}/${file.name}`
      expect(cloudflareBranchAlias(branch)).toBe(branch.replace(/\//g, "-"))
    }
  })
})

describe("the status the CMS reads", () => {
  // Decap stops looking at the first status of its context, whatever its state: a "pending" one
  // left "Check for Preview" waiting for her click (src/previews/commitStatus.ts).
  test("nothing while Cloudflare builds, then success with the preview's address once it serves the draft's commit", async () => {
    const preview = await previewServing(["an-earlier-commit", "an-earlier-commit", sha])
    try {
      const seen: string[][] = []
      const status = await announceCloudflarePreview({
        ...draft("cms/pages/shop"),
        intervalMs: 1,
        fetch: preview.fetch,
        sleep: async () => {
          seen.push((await statusesOf(sha)).map((each) => each.state))
        },
      })
      expect(status.state).toBe("success")
      expect(seen).toEqual([[], []])
      expect(preview.asked()).toBe(3)
      expect(await statusesOf(sha)).toEqual([
        expect.objectContaining({
          context: previewContexts.cloudflare,
          state: "success",
          target_url: "https://cms-pages-shop.evergrace-site.pages.dev",
        }),
      ])
      // Decap's default: a context that contains "deploy".
      expect(previewContexts.cloudflare).toContain("deploy")
    } finally {
      await preview.close()
    }
  })

  test("an error, in plain words, when the preview never serves the commit", async () => {
    const preview = await previewServing(["an-earlier-commit"])
    try {
      const status = await announceCloudflarePreview({
        ...draft("cms/pages/about"),
        timeoutMs: 30,
        intervalMs: 10,
        fetch: preview.fetch,
      })
      expect(status).toMatchObject({
        state: "error",
        description: expect.stringMatching(/No preview of this commit after .* Cloudflare Pages/),
      })
      expect((await statusesOf(sha))[0]).toMatchObject({ state: "error" })
    } finally {
      await preview.close()
    }
  })
})

describe("scripts/cms-preview-status.ts, as the workflow runs it", () => {
  const run = (env: NodeJS.ProcessEnv) =>
    promisify(execFile)(
      process.execPath,
      [path.join(repoRoot, "node_modules/tsx/dist/cli.mjs"), "scripts/cms-preview-status.ts"],
      { cwd: repoRoot, env: { PATH: process.env.PATH, ...env } },
    ).then(
      ({ stdout }) => ({ code: 0, output: stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        output: `${error.stdout}${error.stderr}`,
      }),
    )

  test("names what is not set, and exits 2", async () => {
    const { code, output } = await run({ GITHUB_REPOSITORY: stubRepo })
    expect(code).toBe(2)
    expect(output).toMatch(/Not set: GITHUB_TOKEN .*CLOUDFLARE_PAGES_PROJECT/)
  })

  test("posts to the API it is given (offline: the preview is never reached), and exits 1", async () => {
    const { code, output } = await run({
      GITHUB_API_URL: stub.apiUrl,
      GITHUB_REPOSITORY: stubRepo,
      GITHUB_TOKEN: token,
      PREVIEW_SHA: sha,
      PREVIEW_BRANCH: "cms/settings/site",
      CLOUDFLARE_PAGES_PROJECT: project,
      PREVIEW_TIMEOUT_MS: "1",
      PREVIEW_INTERVAL_MS: "1",
    })
    expect(code).toBe(1)
    expect(output).toContain("https://cms-settings-site.evergrace-site.pages.dev")
    expect((await statusesOf(sha))[0]).toMatchObject({
      state: "error",
      context: previewContexts.cloudflare,
    })
  })
})
