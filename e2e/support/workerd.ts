import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { freePort } from "./servers"

/**
 * The build served as Cloudflare Pages serves it, offline: `wrangler pages dev public` runs the
 * static files (with the build's `_headers` and `_redirects`) and the Pages Function in
 * functions/ in workerd, Cloudflare's own runtime, on 127.0.0.1. `bindings` are the project's
 * variables, as the Function's `env` gets them. Wrangler's state and logs go to a folder of its
 * own in the system's temporary directory; its bundles go to .wrangler/tmp/ in the project (it
 * has no option for those), which it empties when it stops.
 */

/** A date the installed workerd knows (`npx workerd --version` gives its own). */
export const compatibilityDate = "2026-04-01"

export interface WorkerdServer {
  baseURL: string
  port: number
  /** From the spawn to the first answer to `/`, in milliseconds. */
  startupMs: number
  /** What wrangler and the Worker's console have printed so far. */
  log: () => string
  /** Stops wrangler, workerd and every process npx started for them. */
  stop: () => void
}

/** Starts `wrangler pages dev public` and waits until it answers `/` (at most `timeoutMs`). */
export async function startWorkerd(
  bindings: Record<string, string>,
  { timeoutMs = 60_000 }: { timeoutMs?: number } = {},
): Promise<WorkerdServer> {
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const home = mkdtempSync(path.join(tmpdir(), "evergrace-workerd-"))
  const args = [
    "wrangler",
    "pages",
    "dev",
    "public",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--compatibility-date",
    compatibilityDate,
    "--persist-to",
    path.join(home, "state"),
    "--show-interactive-dev-session=false",
    ...Object.entries(bindings).flatMap(([name, value]) => ["--binding", `${name}=${value}`]),
  ]
  const started = performance.now()
  const child = spawn("npx", args, {
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: "false",
      WRANGLER_LOG_PATH: path.join(home, "logs"),
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  let output = ""
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
  let exit: string | undefined
  child.once("exit", (code, signal) => (exit = `exited (${signal ?? code})`))

  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    try {
      if (child.pid) process.kill(-child.pid, "SIGTERM")
    } catch {
      // the whole group is gone already
    }
    // wrangler may still be writing there as it ends: ENOTEMPTY is tried again a moment later.
    rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
  }

  const deadline = started + timeoutMs
  for (;;) {
    if (exit !== undefined) {
      stop()
      throw new Error(`wrangler ${exit} before it answered:\n${output}`)
    }
    try {
      const response = await fetch(baseURL, { signal: AbortSignal.timeout(5000) })
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      stop()
      throw new Error(`wrangler did not answer ${baseURL} within ${timeoutMs} ms:\n${output}`)
    }
    await new Promise((done) => setTimeout(done, 250))
  }
  return {
    baseURL,
    port,
    startupMs: Math.round(performance.now() - started),
    log: () => output,
    stop,
  }
}
