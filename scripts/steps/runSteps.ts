// Runs a plan of steps (shell commands), each as soon as the steps it needs have passed, and
// times each: when it started and how long it took, and how busy the machine's cores were
// meanwhile (with this run's steps and whatever else runs on the machine), which says how much of
// a step's time was its own work and how much was waiting for a shared machine, and how much
// processor time the step's own processes used (processorAccount), which says what a step costs
// the others whatever ran beside it.
import { spawn, spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync } from "node:fs"
import { constants, cpus } from "node:os"
import path from "node:path"
import { markdownTable } from "../markdown"

export interface Step {
  name: string
  /** Run by bash, from the current folder. */
  command: string
  /** Steps that must pass before this one starts (what it reads, or what it must not overlap). */
  after?: string[]
  /** Its own time limit, in place of the plan's (RunOptions.limitSeconds). */
  limitSeconds?: number
}

export interface RunOptions {
  out?: (text: string) => void
  /**
   * The longest a step may run. Past it the step is taken to hang: its processes are listed, then
   * stopped, and it runs once more (a hang is the machine's or a tool's, seldom the code's: a CI
   * run that waits on one to its own time limit lands nothing, and says nothing of why). A second
   * hang fails it.
   */
  limitSeconds?: number
  /** How often, while steps run, a line says which are running and for how long. */
  heartbeatSeconds?: number
}

export interface StepResult {
  name: string
  after: string[]
  status: "passed" | "failed" | "skipped"
  /** Runs that passed the time limit and were stopped (the step ran again after the first). */
  hangs?: number
  /** Seconds from the start of the plan. */
  startedAt: number
  seconds: number
  /** How busy the machine's cores were while the step ran, 0 to 1, where /proc/stat tells it. */
  machineBusy?: number
  /**
   * Processor seconds (user and system) of the step's processes: every one, where the kernel's
   * accounting group can be made (processorAccount); else those its shell waited for.
   */
  processorSeconds?: number
}

export interface PlanResult {
  steps: StepResult[]
  seconds: number
  machineBusy?: number
}

/** The machine's busy and total processor time so far, in clock ticks (undefined without /proc). */
function processorTicks(): { busy: number; total: number } | undefined {
  try {
    // cpu  user nice system idle iowait irq softirq steal: all but idle and iowait are busy.
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? ""
    const ticks = line.split(/\s+/).slice(1, 9).map(Number)
    if (ticks.length !== 8 || ticks.some((n) => !Number.isFinite(n))) return undefined
    const total = ticks.reduce((sum, n) => sum + n, 0)
    return { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total }
  } catch {
    return undefined
  }
}

/** A meter of how busy the machine has been since it was made. */
function busyMeter(): () => number | undefined {
  const start = processorTicks()
  return () => {
    const end = processorTicks()
    if (!start || !end || end.total <= start.total) return undefined
    return (end.busy - start.busy) / (end.total - start.total)
  }
}

/** A writer that puts `prefix` before every line, so that steps running together stay readable. */
function prefixedLines(prefix: string, write: (text: string) => void) {
  let pending = ""
  return {
    push(chunk: Buffer) {
      pending += chunk.toString()
      const lines = pending.split("\n")
      pending = lines.pop() ?? ""
      for (const line of lines) write(`${prefix}${line}\n`)
    },
    end() {
      if (pending) write(`${prefix}${pending}\n`)
      pending = ""
    },
  }
}

/** Seconds from bash's `times` ("1m2.500s"), or undefined. */
function timesSeconds(text: string): number | undefined {
  const match = /^(\d+)m([\d.]+)s$/.exec(text)
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined
}

/**
 * The processor time of bash's children from what its `times` printed: the second line is the
 * user and system time of every process the shell waited for (and, through them, theirs).
 */
export function childrenProcessorSeconds(times: string): number | undefined {
  const children = times.trim().split("\n")[1]?.trim().split(/\s+/) ?? []
  const [user, system] = children.map(timesSeconds)
  return user === undefined || system === undefined ? undefined : user + system
}

/**
 * A group of the kernel's processor accounting (cgroup v1's cpuacct) that a step's shell joins, so
 * that every process it starts is counted, those whose parent ended before them too: a browser's
 * renderers, a build's workers, a server a test started and killed. Only where that hierarchy
 * accounts and does nothing else: where it is mounted with the cpu controller, a group of its own
 * would also be a group of the scheduler's, and a step at nice 19 would no longer give way to the
 * others (Lighthouse beside the publisher's tests: scripts/test.ts). Made inside the runner's own
 * group. Undefined elsewhere (cgroup v2 only, no right to make one); the step is then counted by
 * bash's `times` (what its shell waited for).
 */
interface ProcessorAccount {
  /** Run by the step's shell first: joins the group, or says on fd 3 that it could not. */
  join: string
  /** Its processor seconds so far; then the group is removed (once its processes have ended). */
  close(): number | undefined
  /** The processes in the group now. */
  processes(): number[]
}

const cpuacctMount = "/sys/fs/cgroup/cpuacct"
/** What bash writes on fd 3 when its shell could not join the group. */
const notJoined = "not joined"

/** The runner's own cpuacct group's folder, where cpuacct is a hierarchy of its own. */
export function ownCpuacctGroup(): string | undefined {
  try {
    for (const line of readFileSync("/proc/self/cgroup", "utf8").split("\n")) {
      const [, controllers, group] = line.split(":")
      if (controllers === "cpuacct" && group !== undefined) return path.join(cpuacctMount, group)
    }
  } catch {
    // Not Linux.
  }
  return undefined
}

const usageSeconds = (dir: string) =>
  Number(readFileSync(path.join(dir, "cpuacct.usage"), "utf8")) / 1e9

const stepGroup = /^evergrace-step-(\d+)-/

/** A group and the steps' groups inside it (a run within a step: this runner's own tests). */
function removeGroup(dir: string) {
  for (const name of readdirSync(dir)) {
    if (stepGroup.test(name)) removeGroup(path.join(dir, name))
  }
  rmdirSync(dir)
}

/**
 * Groups a run left (its runner's process gone), once their processes have ended: a stopped run's,
 * or one a step's process outlived.
 */
function removeLeftGroups(parent: string) {
  for (const name of readdirSync(parent)) {
    const runner = stepGroup.exec(name)?.[1]
    if (!runner || existsSync(`/proc/${runner}`)) continue
    removeIfEnded(path.join(parent, name))
  }
}

/** A group of this runner's removed, unless a process is still in it (the next run's, then). */
function removeIfEnded(dir: string) {
  try {
    removeGroup(dir)
  } catch {
    // Still in use, or never made.
  }
}

function processorAccount(name: string): ProcessorAccount | undefined {
  const parent = ownCpuacctGroup()
  if (!parent) return undefined
  const dir = path.join(parent, `evergrace-step-${process.pid}-${name}`)
  try {
    removeLeftGroups(parent)
    mkdirSync(dir)
    if (!Number.isFinite(usageSeconds(dir))) throw new Error("no figure to read")
  } catch {
    removeIfEnded(dir)
    return undefined
  }
  return {
    join: `{ echo $$ > '${dir}/cgroup.procs'; } 2> /dev/null || echo '${notJoined}' >&3`,
    close() {
      let seconds: number | undefined
      try {
        seconds = usageSeconds(dir)
      } catch {
        // No figure.
      }
      removeIfEnded(dir)
      return Number.isFinite(seconds) ? seconds : undefined
    },
    processes() {
      try {
        return readFileSync(path.join(dir, "cgroup.procs"), "utf8")
          .split("\n")
          .filter(Boolean)
          .map(Number)
      } catch {
        return []
      }
    },
  }
}

/** How long a stopped step's processes get to end on SIGTERM before SIGKILL. */
const graceMs = 10_000
/** How long, once a step's shell has ended, its output may stay open (what it started holds it). */
const leftoverMs = 2_000

/**
 * Signals every process of a step: its session (the step's shell leads one of its own) and, where
 * the kernel accounts for it, its group's, which holds those that left the session too (a server
 * started detached).
 */
function signalStep(shell: number, account: ProcessorAccount | undefined, signal: NodeJS.Signals) {
  for (const pid of [-shell, ...(account?.processes() ?? [])]) {
    try {
      process.kill(pid, signal)
    } catch {
      // Already gone.
    }
  }
}

/** The step's processes as a tree, with how long each has run and its processor time. */
function processList(shell: number, account: ProcessorAccount | undefined): string {
  const grouped = account?.processes() ?? []
  const chosen = ["--sid", String(shell), ...(grouped.length ? ["-p", grouped.join(",")] : [])]
  const ps = spawnSync("ps", ["--forest", "-o", "pid,etime,time,stat,args", ...chosen], {
    encoding: "utf8",
  })
  return ps.stdout || ps.error?.message || "ps printed nothing"
}

interface StepRun {
  passed: boolean
  /** Past the limit: stopped, so neither passed nor failed on its own terms. */
  hung: boolean
  processorSeconds?: number
}

function runStep(
  step: Step,
  out: (text: string) => void,
  limitSeconds: number,
  again = false,
): StepRunning {
  // A group of its own for a second run: the first's may still hold a process.
  const account = processorAccount(again ? `${step.name}-again` : step.name)
  // `times` on a pipe of its own, after the command, whatever the command printed; the command's
  // processes do not get that pipe, so one left running cannot hold the step open.
  const script = `${account ? `${account.join}\n` : ""}{\n${step.command}\n} 3>&-\nstatus=$?\ntimes >&3\nexit $status`
  // A session of its own, so that the step can be stopped whole (signalStep).
  const child = spawn("bash", ["-c", script], {
    stdio: ["ignore", "pipe", "pipe", "pipe"],
    detached: true,
  })
  const stdout = prefixedLines(`[${step.name}] `, out)
  const stderr = prefixedLines(`[${step.name}] `, out)
  let times = ""
  let hung = false
  child.stdout?.on("data", stdout.push)
  child.stderr?.on("data", stderr.push)
  child.stdio[3]?.on("data", (chunk: Buffer) => (times += chunk.toString()))
  child.on("error", (error) => out(`[${step.name}] ${error.message}\n`))

  const stop = (signal: NodeJS.Signals) => child.pid && signalStep(child.pid, account, signal)
  const timers: NodeJS.Timeout[] = []
  const done = new Promise<StepRun>((resolve) => {
    let finished = false
    const finish = (code: number | null) => {
      if (finished) return
      finished = true
      for (const timer of timers) clearTimeout(timer)
      // Whatever still holds the pipes must not keep this process running.
      for (const pipe of child.stdio) pipe?.destroy()
      child.unref()
      stdout.end()
      stderr.end()
      const grouped = account?.close()
      const joined = !times.startsWith(notJoined)
      resolve({
        passed: code === 0 && !hung,
        hung,
        processorSeconds:
          (joined ? grouped : undefined) ??
          childrenProcessorSeconds(times.replace(`${notJoined}\n`, "")),
      })
    }
    child.on("close", finish)
    // The shell has ended, but its output stays open: a process it started, still running, holds
    // it. That is no hang: that process is stopped, and the step has the shell's result.
    child.on("exit", (code) => {
      if (hung) return
      for (const timer of timers) clearTimeout(timer)
      timers.push(
        setTimeout(() => {
          out(
            `── ${step.name}: ended, but processes it started still hold its output; they are stopped:\n${processList(child.pid ?? 0, account)}`,
          )
          stop("SIGKILL")
          finish(code)
        }, leftoverMs),
      )
    })
    timers.push(
      setTimeout(() => {
        hung = true
        out(
          `── ${step.name}: still running after ${limitSeconds} s, its limit; its processes, which are stopped now:\n${processList(child.pid ?? 0, account)}`,
        )
        stop("SIGTERM")
        timers.push(
          setTimeout(() => {
            stop("SIGKILL")
            // A process outside its session and group may still hold its output open.
            timers.push(setTimeout(() => finish(null), graceMs))
          }, graceMs),
        )
      }, limitSeconds * 1000),
    )
  })
  return { done, stop }
}

interface StepRunning {
  done: Promise<StepRun>
  /** Signals its processes (the runner itself is stopped). */
  stop(signal: NodeJS.Signals): void
}

const hangsText = (hangs: number) => `hung ${hangs === 1 ? "once" : `${hangs} times`}`

/** A step that hangs runs once more; a second hang fails it (RunOptions.limitSeconds). */
const hangsToFail = 2

/**
 * Runs every step, each once the steps named in its `after` have passed; a step whose `after`
 * failed or was skipped is skipped, and the rest still run, so one run shows every failure.
 */
export async function runSteps(
  steps: Step[],
  {
    out = (text) => void process.stdout.write(text),
    limitSeconds = 20 * 60,
    heartbeatSeconds = 5 * 60,
  }: RunOptions = {},
): Promise<PlanResult> {
  for (const step of steps)
    for (const needed of step.after ?? [])
      if (!steps.some((other) => other.name === needed))
        throw new Error(`${step.name} waits for ${needed}, which is not a step of the plan`)

  const started = performance.now()
  const wholeRun = busyMeter()
  const since = () => (performance.now() - started) / 1000
  const results = new Map<string, StepResult>()
  const running = new Map<string, { startedAt: number; done: Promise<void> }>()
  /** The run of each running step now, to stop it with the runner. */
  const current = new Map<string, StepRunning>()
  const ready = (step: Step) => (step.after ?? []).every((name) => results.has(name))

  // The steps lead sessions of their own, which a Ctrl-C at the terminal does not reach.
  const stopAll = (signal: NodeJS.Signals) => {
    const runs = [...current.values()]
    for (const run of runs) run.stop("SIGTERM")
    const ended = Promise.all(runs.map((run) => run.done))
    void Promise.race([ended, new Promise((resolve) => setTimeout(resolve, graceMs))]).then(() => {
      for (const run of runs) run.stop("SIGKILL")
      process.exit(128 + (constants.signals[signal] ?? constants.signals.SIGTERM))
    })
  }
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const
  for (const signal of signals) process.on(signal, stopAll)
  // What a run stopped from outside (CI's own time limit) was waiting on is in its last lines.
  const heartbeat = setInterval(() => {
    const now = since()
    const names = [...running].map(
      ([name, run]) => `${name} (${Math.round(now - run.startedAt)} s)`,
    )
    out(`── at ${Math.round(now)} s, running: ${names.join(", ")}\n`)
  }, heartbeatSeconds * 1000)

  const runAgainOnHang = async (step: Step) => {
    let hangs = 0
    let processorSeconds: number | undefined = 0
    for (;;) {
      const run = runStep(step, out, step.limitSeconds ?? limitSeconds, hangs > 0)
      current.set(step.name, run)
      const result = await run.done
      current.delete(step.name)
      processorSeconds =
        processorSeconds === undefined || result.processorSeconds === undefined
          ? undefined
          : processorSeconds + result.processorSeconds
      if (!result.hung) return { passed: result.passed, hangs, processorSeconds }
      hangs++
      if (hangs === hangsToFail) return { passed: false, hangs, processorSeconds }
      out(`── ${step.name}: stopped; it runs again\n`)
    }
  }

  try {
    while (results.size < steps.length) {
      for (const step of steps) {
        if (results.has(step.name) || running.has(step.name) || !ready(step)) continue
        const after = step.after ?? []
        const blocked = after.filter((name) => results.get(name)?.status !== "passed")
        if (blocked.length > 0) {
          out(`── ${step.name}: skipped (${blocked.join(", ")} did not pass)\n`)
          results.set(step.name, {
            name: step.name,
            after,
            status: "skipped",
            startedAt: since(),
            seconds: 0,
          })
          continue
        }
        const startedAt = since()
        const meter = busyMeter()
        out(`── ${step.name}: ${step.command}\n`)
        const done = runAgainOnHang(step).then(({ passed, hangs, processorSeconds }) => {
          const seconds = since() - startedAt
          const hung = hangs ? ` (${hangsText(hangs)})` : ""
          out(
            `── ${step.name}: ${passed ? "passed" : "FAILED"} in ${Math.round(seconds)} s${hung}\n`,
          )
          results.set(step.name, {
            name: step.name,
            after,
            status: passed ? "passed" : "failed",
            ...(hangs ? { hangs } : {}),
            startedAt,
            seconds,
            machineBusy: meter(),
            processorSeconds,
          })
          running.delete(step.name)
        })
        running.set(step.name, { startedAt, done })
      }
      const waiting = steps.filter((step) => !results.has(step.name) && !running.has(step.name))
      if (running.size > 0) await Promise.race([...running.values()].map((run) => run.done))
      // Nothing running and nothing ready: what waits, waits on itself. (Skipping may have made a
      // step ready that the pass had gone by: the loop looks again.)
      else if (waiting.length > 0 && !waiting.some(ready))
        throw new Error(
          `the plan has steps waiting on each other: ${waiting.map((s) => s.name).join(", ")}`,
        )
    }
  } finally {
    clearInterval(heartbeat)
    for (const signal of signals) process.off(signal, stopAll)
  }
  return {
    steps: steps.map((step) => results.get(step.name) as StepResult),
    seconds: since(),
    machineBusy: wholeRun(),
  }
}

const rounded = (seconds: number | undefined) => (seconds === undefined ? "" : Math.round(seconds))

const percent = (share: number | undefined) =>
  share === undefined ? "" : `${Math.round(share * 100)} %`

/**
 * What a step waits for, in few words where it waits for nearly every step above it ("every step
 * above but lighthouse"), as the last steps of a plan do.
 */
function waitsFor(after: string[], above: string[]): string {
  const notAwaited = above.filter((name) => !after.includes(name))
  const wholeTable = after.length > 3 && after.every((name) => above.includes(name))
  if (!wholeTable || notAwaited.length > 2) return after.join(", ")
  return notAwaited.length === 0
    ? "every step above"
    : `every step above but ${notAwaited.join(", ")}`
}

/** The timings as a Markdown table: a row a step, in the plan's order, and the whole run. */
export function timingTable({ steps, seconds, machineBusy }: PlanResult): string {
  const rows = steps.map((step, index) => [
    step.name,
    waitsFor(
      step.after,
      steps.slice(0, index).map((above) => above.name),
    ),
    step.status === "skipped" ? "" : Math.round(step.startedAt),
    step.status === "skipped" ? "" : Math.round(step.seconds),
    percent(step.machineBusy),
    rounded(step.processorSeconds),
    step.hangs ? `${step.status} (${hangsText(step.hangs)})` : step.status,
  ])
  const measured = steps.map((step) => step.processorSeconds)
  rows.push([
    "**whole run**",
    "",
    0,
    Math.round(seconds),
    percent(machineBusy),
    measured.includes(undefined)
      ? ""
      : rounded(measured.reduce((sum: number, each) => sum + (each ?? 0), 0)),
    steps.every((step) => step.status === "passed") ? "passed" : "failed",
  ])
  return markdownTable(timingColumns(), rows)
}

/** The table's columns, in order. */
export const timingColumns = () => [
  "step",
  "after",
  "started at s",
  "took s",
  `${cpus().length} cores busy`,
  "its processor s",
  "result",
]
