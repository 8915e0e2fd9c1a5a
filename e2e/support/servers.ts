import { spawn, type ChildProcess, type StdioOptions } from "node:child_process"
import { createServer } from "node:net"
import path from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { stripVTControlCharacters } from "node:util"

/**
 * Starting the servers the tests and scripts need, and waiting until they answer: the one place
 * for it. The browser tests (e2e/), the delivery test and its HTTP specs (e2e/delivery/), the
 * load tests, the audit and the screenshot scripts (scripts/) all import it.
 *
 * A port picked free is only free until someone binds it: between freePort() and the server's
 * own bind, another process (a parallel worker's server, workerd's internal sockets, another
 * checkout's tests) may take it. So a server that can listen on port 0 and say which port it got
 * does that (the stubs, the mailbox, the API service in-process, wrangler in workerd.ts); one that
 * must be told its port in advance is started through onFreePort(), which starts it again on a
 * new port when the bind fails with "address in use".
 */

/** The repository these helpers belong to (or the copy of it `npm run test:content` made). */
const repoRoot = path.resolve(__dirname, "../..")

/**
 * `E2E_PORTS=9610-9649` keeps the ports picked below in that range (a machine shared with others,
 * where each has a range of its own); by default the kernel picks any free one.
 */
function portRange(): [number, number] | undefined {
  const match = /^(\d+)-(\d+)$/.exec(process.env.E2E_PORTS ?? "")
  return match ? [Number(match[1]), Number(match[2])] : undefined
}

/** A port the kernel says is free on 127.0.0.1 now (see above for why that is not enough alone). */
export async function freePort(): Promise<number> {
  const range = portRange()
  if (!range) return probePort(0)
  const [low, high] = range
  const start = low + Math.floor(Math.random() * (high - low + 1))
  for (let step = 0; step <= high - low; step++) {
    const port = low + ((start - low + step) % (high - low + 1))
    try {
      return await probePort(port)
    } catch {
      // taken: the next one
    }
  }
  throw new Error(`no free port in E2E_PORTS=${process.env.E2E_PORTS}`)
}

function probePort(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(port, "127.0.0.1", () => {
      const address = probe.address()
      // A TCP listener has an AddressInfo (a string is a pipe's, null is before listening).
      if (address === null || typeof address === "string") {
        probe.close(() => reject(new Error(`no TCP address: ${address}`)))
        return
      }
      probe.close(() => resolve(address.port))
    })
  })
}

/**
 * How Node (EADDRINUSE), nginx and workerd ("Address already in use") and Gatsby's own server
 * ("Something is already running at port …", then a question) say a port was taken.
 */
const addressInUse = /EADDRINUSE|address already in use|already running at port/i

/** Whether a server's output or error says it found its port taken. */
export function saysAddressInUse(text: string): boolean {
  return addressInUse.test(text)
}

/** The port was taken by another process before the server could bind it. */
export class AddressInUse extends Error {
  constructor(
    readonly port: number,
    detail: string,
  ) {
    super(`port ${port} was taken before the server could bind it:\n${detail}`)
    this.name = "AddressInUse"
  }
}

/**
 * `start` on a port that was free a moment ago; when another process took it meanwhile (`start`
 * threw AddressInUse), again on a new one, at most `tries` times in all.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    try {
      return await start(port)
    } catch (error) {
      if (!(error instanceof AddressInUse) || attempt >= tries) throw error
      console.warn(`port ${port} was taken meanwhile; starting again on another (${attempt})`)
    }
  }
}

export interface WaitOptions {
  /** The request to send (default a GET). */
  init?: RequestInit
  /** Whether this answer means the server is ready (default: a 2xx status). */
  ready?: (response: Response) => boolean
  timeoutMs?: number
  intervalMs?: number
  /**
   * Why the server can no longer answer (its process has ended), or undefined while it may: the
   * wait ends at once with that reason rather than at the timeout.
   */
  gone?: () => string | undefined
}

/** Waits until `url` answers as `ready` wants, asking every `intervalMs`; throws if it never does. */
export async function waitForAnswer(
  url: string,
  {
    init,
    ready = (response) => response.ok,
    timeoutMs = 60_000,
    intervalMs = 250,
    gone = () => undefined,
  }: WaitOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let last = "no answer yet"
  for (;;) {
    const reason = gone()
    if (reason !== undefined) throw new Error(`${url}: the server ${reason} before it answered`)
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(5000) })
      if (ready(response)) return
      last = `answered ${response.status}`
    } catch (error) {
      // not listening yet
      last = error instanceof Error ? error.message : String(error)
    }
    if (Date.now() > deadline) {
      throw new Error(`${url} did not answer within ${timeoutMs} ms (${last})`)
    }
    await sleep(intervalMs)
  }
}

export interface ProcessGroup {
  child: ChildProcess
  /** What it has printed so far, stdout and stderr together. */
  output: () => string
  /** How it ended ("exited (1)"), or undefined while it runs. */
  exited: () => string | undefined
  /** Ends it and every process it started (npx, tsx, the server they run). */
  stop: (signal?: NodeJS.Signals) => void
}

export interface StartOptions {
  /** Added to this process's environment. */
  env?: NodeJS.ProcessEnv
  cwd?: string
}

/**
 * Starts a command in a process group of its own, so that stopping it stops whatever it started
 * too, with its output collected (for a test's log, and to tell why it ended).
 */
export function startProcess(
  command: string,
  args: string[],
  { env = {}, cwd }: StartOptions = {},
): ProcessGroup {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  let output = ""
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()))
  let exit: string | undefined
  child.once("error", (error) => (exit ??= `could not start (${error.message})`))
  child.once("exit", (code, signal) => (exit ??= `exited (${signal ?? code})`))
  return {
    child,
    output: () => output,
    exited: () => exit,
    stop: (signal = "SIGTERM") => {
      try {
        // The group, even when its first process has ended: what it started may still run.
        if (child.pid) process.kill(-child.pid, signal)
      } catch {
        // the whole group is gone already
      }
    },
  }
}

/**
 * Waits until the process has printed a line matching `pattern` (a server's "listening on …"),
 * and returns the match; throws when it ends first, or after `timeoutMs`. Colours are left out
 * before matching: under Playwright (FORCE_COLOR) a server's logger colours its words.
 */
export async function waitForOutput(
  server: ProcessGroup,
  pattern: RegExp,
  timeoutMs = 60_000,
): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = stripVTControlCharacters(server.output()).match(pattern)
    if (found) return found
    const exit = server.exited()
    if (exit !== undefined) throw new Error(`the server ${exit} before printing ${pattern}`)
    if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms`)
    await sleep(100)
  }
}

export interface ServerProcess extends ProcessGroup {
  port: number
  /** When the first answer came, in milliseconds from the start. */
  startupMs: number
}

export interface ServerStartOptions extends StartOptions {
  /** The port the server is told to listen on. */
  port: number
  /** An address it answers once it is up. */
  url: string
  /**
   * What it prints once it has bound its port. Waited for before the answer counts, so that a
   * server of someone else's on a port taken meanwhile is never mistaken for this one.
   */
  listening?: RegExp
  wait?: Omit<WaitOptions, "gone">
}

/**
 * A server process told to listen on `port`, once it says it listens and `url` answers. When it
 * ends first saying its address was in use, this throws AddressInUse: start it through
 * onFreePort() to have it started again on another port.
 */
export async function startServerProcess(
  command: string,
  args: string[],
  { port, url, listening, wait = {}, ...options }: ServerStartOptions,
): Promise<ServerProcess> {
  const started = performance.now()
  const server = startProcess(command, args, options)
  try {
    if (listening) await waitForOutput(server, listening, wait.timeoutMs)
    await waitForAnswer(url, { ...wait, gone: server.exited })
  } catch (error) {
    server.stop()
    if (server.exited() !== undefined && saysAddressInUse(server.output())) {
      throw new AddressInUse(port, server.output())
    }
    throw new Error(`${error instanceof Error ? error.message : error}\n${server.output()}`)
  }
  return { ...server, port, startupMs: Math.round(performance.now() - started) }
}

export interface BuildServer extends ServerProcess {
  baseURL: string
}

/**
 * The production build served by a site server of the caller's own (scripts/serve.ts, as
 * `npm start` runs it), with the endpoints' settings in `env` (or made from the server's address,
 * for settings that name it: SITE_URL), once `/` answers. On a free port unless `port` is given;
 * a given port that is taken throws AddressInUse (the caller starts again through onFreePort()).
 */
export async function serveBuild(
  env: NodeJS.ProcessEnv | ((baseURL: string) => NodeJS.ProcessEnv) = {},
  { port, host = "localhost" }: { port?: number; host?: string } = {},
): Promise<BuildServer> {
  const start = async (port: number): Promise<BuildServer> => {
    const baseURL = `http://${host}:${port}`
    const server = await startServerProcess(
      process.execPath,
      ["--import", "tsx", "scripts/serve.ts"],
      {
        cwd: repoRoot,
        env: {
          ...(typeof env === "function" ? env(baseURL) : env),
          PORT: String(port),
          HOST: host,
        },
        port,
        url: baseURL,
        // What scripts/serve.ts prints once it listens.
        listening: /^Evergrace on http:/m,
      },
    )
    return { ...server, baseURL }
  }
  return port === undefined ? onFreePort(start) : start(port)
}

/**
 * Runs a command to its end, its output on this process's; resolves to its exit code (1 when it
 * could not start, or ended by a signal).
 */
export function run(
  command: string,
  args: string[],
  { env = {}, cwd, stdio = "inherit" }: StartOptions & { stdio?: StdioOptions } = {},
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio, env: { ...process.env, ...env } })
    child.on("error", (error) => {
      console.error(`${command}: ${error.message}`)
      resolve(1)
    })
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}
