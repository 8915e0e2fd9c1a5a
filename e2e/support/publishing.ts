// What the publishing tests and the delivery measurements share (e2e/delivery/publishing.spec.ts,
// scripts/measure-publishing.ts): a bare Git repository as GitHub's, made of this project's
// files, edits committed and pushed to it, GitHub's webhooks signed and posted, a clock the test
// moves, and reading a page by host name.
import { execFile } from "node:child_process"
import { createHmac } from "node:crypto"
import { cp, mkdir, readFile, writeFile } from "node:fs/promises"
import http from "node:http"
import path from "node:path"
import { promisify } from "node:util"
import type { Clock } from "../../src/publishing/node/clock"
import type { PublishSettings } from "../../src/publishing/node/settings"
import { publishEndpoint } from "../../src/publishing/publishesApi"
import { readResponse, type Response } from "./readResponse"

const exec = promisify(execFile)
const projectRoot = path.resolve(__dirname, "../..")

async function git(args: string[], cwd: string) {
  const { stdout } = await exec("git", args, { cwd, maxBuffer: 64 * 1024 * 1024 })
  return stdout.trim()
}

export interface Origin {
  /** The bare repository: PUBLISH_REPO. */
  url: string
  /** Its head is this checkout's own commit (nothing was uncommitted), not a commit made of it. */
  checkoutHead: boolean
  /** A commit on `branch` (default main) with the edit made to a copy of its files, pushed. */
  commit(
    message: string,
    edit: (files: ContentFiles) => Promise<void>,
    branch?: string,
  ): Promise<string>
  /** The same commit, not pushed yet: for pushes timed apart from the work of making them. */
  commitUnpushed(
    message: string,
    edit: (files: ContentFiles) => Promise<void>,
    branch?: string,
  ): Promise<string>
  /** Moves `branch` of the bare repository to a commit made before (named: a draft's is not main). */
  pushCommit(commit: string, branch: string): Promise<void>
  head(branch?: string): Promise<string>
}

/** The content files of the working copy the edits are made in. */
export interface ContentFiles {
  read<T = Record<string, unknown>>(name: string): Promise<T>
  write(name: string, value: unknown): Promise<void>
}

/**
 * A bare repository whose head is this project as it is on disk, so the publisher builds the code
 * under test: its own commit where nothing is uncommitted and the clone is whole (a server
 * deployed at the branch's head has its checkout at that commit), else a commit of what Git tracks
 * and what it would,
 * uncommitted changes included (or always, with `newCommit`: a server that builds its first
 * publish).
 */
export async function makeOrigin(
  folder: string,
  { newCommit = false }: { newCommit?: boolean } = {},
): Promise<Origin> {
  const url = path.join(folder, "origin.git")
  const work = path.join(folder, "edits")
  await mkdir(folder, { recursive: true })
  await git(["init", "--quiet", "--bare", "--initial-branch=main", url], folder)
  const identity = ["-c", "user.name=Eve Editor", "-c", "user.email=eve@example.com"]
  // Not from a shallow clone: a repository fetched from one refuses its roots (the publisher's).
  const checkoutHead =
    !newCommit &&
    (await git(["rev-parse", "--is-shallow-repository"], projectRoot)) === "false" &&
    (await git(["status", "--porcelain"], projectRoot)) === ""
  if (checkoutHead) {
    await git(["push", "--quiet", url, "HEAD:refs/heads/main"], projectRoot)
    await git(["clone", "--quiet", url, work], folder)
  } else {
    await git(["init", "--quiet", "--initial-branch=main", work], folder)
    const files = (
      await git(["ls-files", "-z", "--cached", "--others", "--exclude-standard"], projectRoot)
    )
      .split("\0")
      .filter(Boolean)
    for (const file of files) {
      await cp(path.join(projectRoot, file), path.join(work, file), { recursive: true }).catch(
        (error: NodeJS.ErrnoException) => {
          // Deleted in the working tree but not yet in Git's index.
          if (error.code !== "ENOENT") throw error
        },
      )
    }
    await git(["add", "--all"], work)
    await git([...identity, "commit", "--quiet", "--message", "The site as it launched"], work)
    await git(["push", "--quiet", url, "main"], work)
  }

  const content: ContentFiles = {
    read: async (name) =>
      JSON.parse(await readFile(path.join(work, "data", `${name}.json`), "utf8")),
    // As the CMS writes a file (docs/architecture.md).
    write: (name, value) =>
      writeFile(path.join(work, "data", `${name}.json`), `${JSON.stringify(value, null, 2)}\n`),
  }
  const origin: Origin = {
    url,
    checkoutHead,
    async commit(message, edit, branch = "main") {
      const sha = await origin.commitUnpushed(message, edit, branch)
      await origin.pushCommit(sha, branch)
      return sha
    },
    async commitUnpushed(message, edit, branch = "main") {
      await git(["checkout", "--quiet", "-B", branch, branch === "main" ? "main" : "HEAD"], work)
      await edit(content)
      await git(["add", "--all"], work)
      await git([...identity, "commit", "--quiet", "--message", message], work)
      const sha = await git(["rev-parse", "HEAD"], work)
      await git(["checkout", "--quiet", "main"], work)
      return sha
    },
    async pushCommit(commit, branch) {
      await git(["push", "--quiet", "--force", url, `${commit}:refs/heads/${branch}`], work)
    },
    head: (branch = "main") => git(["rev-parse", `refs/heads/${branch}`], url),
  }
  return origin
}

/** X-Hub-Signature-256 as GitHub makes it: HMAC-SHA-256 of the body with the webhook's secret. */
export const signature = (body: string, secret: string) =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`

export interface Webhook {
  event: "push" | "pull_request" | "ping"
  payload: unknown
  secret: string
  delivery?: string
  /** A signature to send instead of the right one (a forgery). */
  forged?: string
}

let deliveries = 0

/** Posts a webhook as GitHub does; the answer's status and message. */
export async function postWebhook(siteUrl: string, hook: Webhook) {
  const body = JSON.stringify(hook.payload)
  deliveries += 1
  const response = await fetch(`${siteUrl}${publishEndpoint}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "User-Agent": "GitHub-Hookshot/test",
      "X-GitHub-Event": hook.event,
      "X-GitHub-Delivery": hook.delivery ?? `delivery-${process.pid}-${deliveries}`,
      "X-Hub-Signature-256": hook.forged ?? signature(body, hook.secret),
    },
    body,
  })
  const { message } = (await response.json()) as { message: string }
  return { status: response.status, message }
}

/** GitHub's push payload, what the publisher reads of it. */
export const pushPayload = (repository: string, commit: string, branch = "main") => ({
  ref: `refs/heads/${branch}`,
  before: "0".repeat(40),
  after: commit,
  deleted: false,
  repository: { full_name: repository },
  head_commit: { id: commit },
})

/** GitHub's pull_request payload for a draft's branch. */
export const pullRequestPayload = (
  repository: string,
  action: "opened" | "synchronize" | "closed",
  branch: string,
  commit: string,
  number = 1,
) => ({
  action,
  number,
  pull_request: {
    number,
    state: action === "closed" ? "closed" : "open",
    head: { ref: branch, sha: commit },
    base: { ref: "main" },
  },
  repository: { full_name: repository },
})

/** A clock the test moves: the publisher's go-live timers fire when it passes their time. */
export class TestClock implements Clock {
  private timers: { at: number; then: () => void }[] = []
  constructor(private time: number) {}
  now = () => this.time
  at(at: number, then: () => void) {
    // As the system's clock (src/publishing/node/clock.ts): a moment passed already is now.
    if (at <= this.time) {
      then()
      return () => undefined
    }
    const timer = { at, then }
    this.timers.push(timer)
    return () => {
      this.timers = this.timers.filter((each) => each !== timer)
    }
  }
  advance(to: number) {
    this.time = to
    const due = this.timers.filter((timer) => timer.at <= to)
    this.timers = this.timers.filter((timer) => timer.at > to)
    for (const timer of due) timer.then()
  }
}

/** A request with a host name of its own (a preview's), sent to the server's address. */
export function requestWithHost(
  url: string,
  host: string,
  {
    method = "GET",
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const asked = http.request(url, { method, headers: { ...headers, host } }, (answer) =>
      resolve(readResponse(answer)),
    )
    asked.on("error", reject)
    asked.end(body)
  })
}

/** Polls until `check` holds, or fails after `timeoutMs` saying what was awaited. */
export async function eventually(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const until = Date.now() + timeoutMs
  for (;;) {
    if (await check().catch(() => false)) return
    if (Date.now() > until) throw new Error(`not within ${timeoutMs / 1000} s: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** The publisher's settings in the unit tests: a state folder, no previews served. */
export function publishSettingsForTests(
  stateDir: string,
  overrides: Partial<PublishSettings> = {},
): PublishSettings {
  return {
    repo: "unused",
    secret: "s",
    branch: "main",
    stateDir,
    appDir: stateDir,
    siteUrl: "https://www.evergrace.example",
    previewPort: 0,
    previewHost: "127.0.0.1",
    previewUrl: "https://{preview}.preview.evergrace.example",
    keep: 5,
    minFreeBytes: 0,
    buildTimeoutMs: 60_000,
    ...overrides,
  }
}
