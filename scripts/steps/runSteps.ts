// Runs a plan of steps (shell commands), each as soon as the steps it needs have passed, and
// measures each: when it started, how long it took and how much processor time it used. The
// processor time says whether a step kept the cores busy or left room for another beside it.
import { spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"

export interface Step {
  name: string
  /** Run by bash, from the repository's root. */
  command: string
  /** Steps that must pass before this one starts (what it reads, or what it must not overlap). */
  after?: string[]
  /** Added to the environment. */
  env?: NodeJS.ProcessEnv
}

export interface StepResult {
  name: string
  command: string
  after: string[]
  status: "passed" | "failed" | "skipped"
  /** Seconds from the start of the plan. */
  startedAt: number
  seconds: number
  /** Processor seconds of the step's processes (user and system), where /proc tells it. */
  cpuSeconds?: number
}

export interface PlanResult {
  steps: StepResult[]
  seconds: number
  /** Processor seconds the whole machine spent busy meanwhile (every user's), where /proc tells it. */
  machineCpuSeconds?: number
}

/** Clock ticks a second, as /proc counts processor time (USER_HZ: 100 on Linux). */
const ticksPerSecond = 100

/** The machine's busy processor time so far, every user's, in seconds (undefined without /proc). */
function machineBusySeconds(): number | undefined {
  try {
    // cpu  user nice system idle iowait irq softirq steal …: all but idle and iowait are busy.
    const ticks = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").split(/\s+/).slice(1, 9)
    const busy = ticks.filter((_, i) => i !== 3 && i !== 4).reduce((sum, n) => sum + Number(n), 0)
    return ticks.length === 8 && Number.isFinite(busy) ? busy / ticksPerSecond : undefined
  } catch {
    return undefined
  }
}

/**
 * The processor time of a finished bash and everything it waited for, from the copy of its
 * /proc/<pid>/stat it wrote as it ended: its own utime and stime and its children's cutime and
 * cstime (fields 14–17; the name in field 2 may hold spaces, so counted after its ")").
 */
export function cpuSecondsOf(stat: string): number | undefined {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  const ticks = fields.slice(11, 15).map(Number)
  if (ticks.length !== 4 || ticks.some((n) => !Number.isFinite(n))) return undefined
  return ticks.reduce((sum, n) => sum + n, 0) / ticksPerSecond
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

function runStep(
  step: Step,
  statFile: string,
  out: (text: string) => void,
): Promise<{ passed: boolean; cpuSeconds?: number }> {
  // bash copies its own /proc entry as it ends, once the command's processes are waited for.
  const script = `${step.command}\nstatus=$?\ncat /proc/$$/stat > ${JSON.stringify(statFile)} 2> /dev/null\nexit $status`
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", script], {
      env: { ...process.env, ...step.env },
      stdio: ["ignore", "pipe", "pipe"],
    })
    const stdout = prefixedLines(`[${step.name}] `, out)
    const stderr = prefixedLines(`[${step.name}] `, out)
    child.stdout.on("data", stdout.push)
    child.stderr.on("data", stderr.push)
    child.on("close", (code) => {
      stdout.end()
      stderr.end()
      let cpuSeconds: number | undefined
      try {
        cpuSeconds = cpuSecondsOf(readFileSync(statFile, "utf8"))
      } catch {
        // no /proc here
      }
      resolve({ passed: code === 0, cpuSeconds })
    })
  })
}

/**
 * Runs every step, each once the steps named in its `after` have passed; a step whose `after`
 * failed or was skipped is skipped, and the rest still run, so one run shows every failure.
 */
export async function runSteps(
  steps: Step[],
  { out = (text: string) => void process.stdout.write(text) } = {},
): Promise<PlanResult> {
  for (const step of steps)
    for (const needed of step.after ?? [])
      if (!steps.some((other) => other.name === needed))
        throw new Error(`${step.name} waits for ${needed}, which is not a step of the plan`)

  const statDir = mkdtempSync(path.join(tmpdir(), "steps-"))
  const started = performance.now()
  const machineAtStart = machineBusySeconds()
  const since = () => (performance.now() - started) / 1000
  const results = new Map<string, StepResult>()
  const running = new Map<string, Promise<void>>()

  const ready = (step: Step) => (step.after ?? []).every((name) => results.has(name))
  try {
    while (results.size < steps.length) {
      for (const step of steps) {
        if (results.has(step.name) || running.has(step.name) || !ready(step)) continue
        const base = { name: step.name, command: step.command, after: step.after ?? [] }
        const blocked = base.after.filter((name) => results.get(name)?.status !== "passed")
        if (blocked.length > 0) {
          out(`── ${step.name}: skipped (${blocked.join(", ")} did not pass)\n`)
          results.set(step.name, { ...base, status: "skipped", startedAt: since(), seconds: 0 })
          continue
        }
        const startedAt = since()
        out(`── ${step.name}: ${step.command}\n`)
        running.set(
          step.name,
          runStep(step, path.join(statDir, step.name), out).then(({ passed, cpuSeconds }) => {
            const seconds = since() - startedAt
            const status = passed ? "passed" : "failed"
            out(`── ${step.name}: ${passed ? "passed" : "FAILED"} in ${Math.round(seconds)} s\n`)
            results.set(step.name, { ...base, status, startedAt, seconds, cpuSeconds })
            running.delete(step.name)
          }),
        )
      }
      // Skipping may have made other steps ready: look again before waiting.
      if (running.size > 0) await Promise.race(running.values())
      else if (!steps.some((step) => !results.has(step.name) && ready(step)))
        throw new Error("the plan has steps waiting on each other")
    }
  } finally {
    rmSync(statDir, { recursive: true, force: true })
  }
  const machineAtEnd = machineBusySeconds()
  return {
    steps: steps.map((step) => results.get(step.name) as StepResult),
    seconds: since(),
    machineCpuSeconds:
      machineAtStart === undefined || machineAtEnd === undefined
        ? undefined
        : machineAtEnd - machineAtStart,
  }
}

const formatSeconds = (seconds: number | undefined) =>
  seconds === undefined ? "" : String(Math.round(seconds))

/** The timings as a Markdown table: a row a step, in the plan's order, and the whole run. */
export function timingTable({ steps, seconds }: PlanResult): string {
  const rows = steps.map((step) => [
    step.name,
    step.after.join(", "),
    step.status === "skipped" ? "" : formatSeconds(step.startedAt),
    step.status === "skipped" ? "" : formatSeconds(step.seconds),
    formatSeconds(step.cpuSeconds),
    step.cpuSeconds === undefined || step.seconds < 1
      ? ""
      : (step.cpuSeconds / step.seconds).toFixed(2),
    step.status,
  ])
  const cpu = steps.reduce<number | undefined>(
    (sum, step) =>
      sum === undefined || step.cpuSeconds === undefined ? sum : sum + step.cpuSeconds,
    0,
  )
  rows.push([
    "**whole run**",
    "",
    "0",
    formatSeconds(seconds),
    formatSeconds(cpu),
    cpu === undefined ? "" : (cpu / seconds).toFixed(2),
    steps.every((step) => step.status === "passed") ? "passed" : "failed",
  ])
  const header = ["step", "after", "started at s", "took s", "CPU s", "cores busy", "result"]
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n")
}
