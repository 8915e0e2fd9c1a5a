import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import {
  AddressInUse,
  saysAddressInUse,
  startProcess,
  waitForAnswer,
  waitForOutput,
} from "./servers"

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

/**
 * Starts `wrangler pages dev public` and waits until it answers `/` (at most `timeoutMs`).
 *
 * Wrangler is told port 0 for the site and for its inspector, so workerd binds whatever port the
 * kernel gives it, and the address is read from its "Ready on http://127.0.0.1:NNNNN" line. A
 * port picked free beforehand is not: wrangler takes seconds to bundle the Function before
 * workerd binds, and in that time another process (the other wrangler of the spec, a parallel
 * worker's server) could take it, which failed a start now and then with "Address already in
 * use". Should wrangler still end on a taken port of its own choosing, it is started again.
 */
export async function startWorkerd(
  bindings: Record<string, string>,
  { timeoutMs = 60_000, tries = 3 }: { timeoutMs?: number; tries?: number } = {},
): Promise<WorkerdServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startWorkerdOnce(bindings, timeoutMs)
    } catch (error) {
      if (!(error instanceof AddressInUse) || attempt >= tries) throw error
      console.warn(`wrangler found a port taken; starting it again (${attempt})`)
    }
  }
}

async function startWorkerdOnce(
  bindings: Record<string, string>,
  timeoutMs: number,
): Promise<WorkerdServer> {
  const home = mkdtempSync(path.join(tmpdir(), "evergrace-workerd-"))
  const args = [
    "wrangler",
    "pages",
    "dev",
    "public",
    "--ip",
    "127.0.0.1",
    "--port",
    "0",
    "--inspector-port",
    "0",
    "--compatibility-date",
    compatibilityDate,
    "--persist-to",
    path.join(home, "state"),
    "--show-interactive-dev-session=false",
    ...Object.entries(bindings).flatMap(([name, value]) => ["--binding", `${name}=${value}`]),
  ]
  const started = performance.now()
  const wrangler = startProcess("npx", args, {
    env: { WRANGLER_SEND_METRICS: "false", WRANGLER_LOG_PATH: path.join(home, "logs") },
  })

  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    // SIGKILL, the whole group at once: after SIGTERM workerd went on writing in its state folder
    // past rmSync's retries (ENOTEMPTY, a CI rehearsal of 4a589ad). It keeps nothing to save.
    wrangler.stop("SIGKILL")
    // What was being written as it ended: ENOTEMPTY is tried again a moment later.
    rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
  }

  // Its address, once wrangler has printed it.
  let baseURL = ""
  try {
    const deadline = performance.now() + timeoutMs
    const ready = await waitForOutput(wrangler, /Ready on (http:\/\/127\.0\.0\.1:\d+)/, timeoutMs)
    baseURL = ready[1] ?? ""
    await waitForAnswer(`${baseURL}/`, {
      timeoutMs: Math.max(0, deadline - performance.now()),
      gone: wrangler.exited,
    })
  } catch (error) {
    stop()
    const output = wrangler.output()
    if (saysAddressInUse(output)) throw new AddressInUse(0, output)
    throw new Error(`wrangler did not answer ${baseURL || "(no address yet)"}: ${error}\n${output}`)
  }
  return {
    baseURL,
    port: Number(new URL(baseURL).port),
    startupMs: Math.round(performance.now() - started),
    log: wrangler.output,
    stop,
  }
}
