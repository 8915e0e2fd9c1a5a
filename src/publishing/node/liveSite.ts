import cluster, { type Worker } from "node:cluster"
import path from "node:path"
import type { LiveSwitch } from "./publisher"
import { appDirOf, publicDirOf, type Release, type Releases } from "./releases"

/**
 * The site's own server, run from the live release. The publisher's process holds the port
 * (Node's cluster) and the server runs in one worker process started from the release's own
 * files: `scripts/serve.ts` of the commit, serving its build, speaking its content's words (the
 * sign-up's answers, the members' e-mails), with its endpoints. A new release gets a new worker;
 * once it listens, `current` moves (nginx serves the new pages from then on) and the old worker
 * finishes the requests it has and stops, as nginx's own reload does with its workers. Every
 * answer comes whole from one release, and no restart is needed for new words. A worker that
 * does not start leaves the old one serving; one that dies is started again.
 */

export interface LiveSiteOptions {
  releases: Releases
  /** The worker's environment: the server's own, with its members' store as an absolute path. */
  env: NodeJS.ProcessEnv
  onMessage: (worker: Worker, message: unknown) => void
  log: (line: string) => void
  /** How long a new worker has to listen. */
  startWithinMs?: number
}

const stopWithinMs = 10_000
/** A worker that died is started again at once, then after waits that grow. */
const restartAfterMs = [0, 1_000, 5_000, 30_000]

export class LiveSite implements LiveSwitch {
  private active?: { worker: Worker; release: Release }
  private readonly retiring = new Set<Worker>()
  private restarts = 0
  private stopped = false

  constructor(private readonly options: LiveSiteOptions) {}

  async goLive(release: Release): Promise<void> {
    const worker = await this.start(release)
    await this.options.releases.switchTo(release)
    const old = this.active
    this.active = { worker, release }
    this.restarts = 0
    if (old) void this.retire(old.worker)
  }

  /** The live worker's process id (the memory measurement reads it). */
  get workerPid(): number | undefined {
    return this.active?.worker.process.pid
  }

  /** Stops the live worker (the server's shutdown): it finishes its requests and e-mail. */
  async stop(): Promise<void> {
    this.stopped = true
    const workers = [...this.retiring, ...(this.active ? [this.active.worker] : [])]
    this.active = undefined
    await Promise.all(workers.map((worker) => this.retire(worker)))
  }

  private start(release: Release): Promise<Worker> {
    const app = appDirOf(release)
    cluster.setupPrimary({
      exec: path.join(app, "scripts", "serve.ts"),
      execArgv: ["--import", "tsx"],
      args: [],
      cwd: app,
    })
    const worker = cluster.fork({ ...this.options.env, PUBLIC_DIR: publicDirOf(release) })
    worker.on("message", (message: unknown) => this.options.onMessage(worker, message))
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        worker.process.kill("SIGKILL")
        reject(new Error("it did not listen in time"))
      }, this.options.startWithinMs ?? 60_000)
      const exited = (code: number | null, signal: string | null) => {
        clearTimeout(timer)
        reject(new Error(`it stopped at once (${signal ?? `exit code ${code}`})`))
      }
      worker.once("exit", exited)
      worker.once("listening", () => {
        clearTimeout(timer)
        worker.off("exit", exited)
        worker.on("exit", (code, signal) => this.exited(worker, code, signal))
        resolve(worker)
      })
    })
  }

  private retire(worker: Worker): Promise<void> {
    this.retiring.add(worker)
    return new Promise((resolve) => {
      if (worker.isDead()) {
        this.retiring.delete(worker)
        return resolve()
      }
      const timer = setTimeout(() => worker.process.kill("SIGKILL"), stopWithinMs)
      worker.once("exit", () => {
        clearTimeout(timer)
        this.retiring.delete(worker)
        resolve()
      })
      worker.process.kill("SIGTERM")
    })
  }

  /** The live worker died on its own: started again on the same release, a little later. */
  private exited(worker: Worker, code: number | null, signal: string | null) {
    if (this.retiring.has(worker) || this.stopped || this.active?.worker !== worker) return
    const release = this.active.release
    const wait = restartAfterMs[Math.min(this.restarts, restartAfterMs.length - 1)] ?? 30_000
    this.restarts += 1
    this.options.log(
      `the site's server stopped (${signal ?? code}): starting it again in ${wait / 1000} s`,
    )
    setTimeout(() => {
      if (this.stopped || this.active?.worker !== worker) return
      this.start(release).then(
        (next) => {
          if (this.active?.worker === worker) this.active = { worker: next, release }
          else void this.retire(next)
        },
        (error: Error) => {
          this.options.log(`the site's server did not start again: ${error.message}`)
          this.exited(worker, code, signal)
        },
      )
    }, wait).unref()
  }
}
