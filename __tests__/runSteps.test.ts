/**
 * @jest-environment node
 */
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from "node:fs"
import path from "node:path"
import { cpus, tmpdir } from "node:os"
import {
  childrenProcessorSeconds,
  ownCpuacctGroup,
  runSteps,
  timingColumns,
  type RunOptions,
  timingTable,
  type Step,
} from "../scripts/steps/runSteps"
import { running } from "../e2e/support/processes"

/** Runs the plan with its output kept, not printed. */
async function run(steps: Step[], options: Omit<RunOptions, "out"> = {}) {
  let output = ""
  const result = await runSteps(steps, { ...options, out: (text) => (output += text) })
  const byName = Object.fromEntries(result.steps.map((step) => [step.name, step]))
  return { result, output, byName }
}

// The runner's own overhead: a step of 0.6 s may take a little longer than that.
const slack = 0.5

test("runs steps that wait for nothing side by side, and a step after the ones it needs", async () => {
  const { byName } = await run([
    { name: "one", command: "sleep 0.6" },
    { name: "two", command: "sleep 0.6" },
    { name: "three", command: "true", after: ["one", "two"] },
  ])
  const [one, two, three] = [byName.one, byName.two, byName.three]
  expect(Math.abs((one?.startedAt ?? NaN) - (two?.startedAt ?? NaN))).toBeLessThan(slack)
  for (const step of [one, two]) expect(step?.seconds).toBeGreaterThanOrEqual(0.6)
  expect(three?.startedAt).toBeGreaterThanOrEqual(
    Math.max(
      (one?.startedAt ?? 0) + (one?.seconds ?? 0),
      (two?.startedAt ?? 0) + (two?.seconds ?? 0),
    ) - 0.01,
  )
  expect(three?.status).toBe("passed")
})

test("a failed step skips the steps after it, and the others still run", async () => {
  const { byName, output } = await run([
    { name: "breaks", command: "echo going wrong; false" },
    { name: "needs-it", command: "echo never", after: ["breaks"] },
    { name: "needs-that", command: "echo never", after: ["needs-it"] },
    { name: "apart", command: "echo apart ran" },
  ])
  expect(byName.breaks?.status).toBe("failed")
  expect(byName["needs-it"]?.status).toBe("skipped")
  expect(byName["needs-that"]?.status).toBe("skipped")
  expect(byName.apart?.status).toBe("passed")
  // Each line of a step's output is marked with its name; what a skipped step would print is not there.
  expect(output).toContain("[breaks] going wrong\n")
  expect(output).toContain("[apart] apart ran\n")
  expect(output).not.toContain("never")
})

test("says how busy the machine's cores were while each step ran", async () => {
  const busy = `node -e "const end = Date.now() + 700; while (Date.now() < end);"`
  const { byName, result } = await run([{ name: "busy", command: busy }])
  // At least the one core the loop kept busy, of however many the machine has.
  expect(byName.busy?.machineBusy).toBeGreaterThanOrEqual(0.9 / cpus().length)
  expect(byName.busy?.machineBusy).toBeLessThanOrEqual(1)
  expect(result.machineBusy).toBeGreaterThan(0)
})

test("a plan that ends in skipped steps ends there", async () => {
  const { byName } = await run([
    { name: "breaks", command: "false" },
    { name: "needs-it", command: "true", after: ["breaks"] },
  ])
  expect(byName["needs-it"]?.status).toBe("skipped")
})

test("steps that wait on each other are refused, by name", async () => {
  await expect(
    run([
      { name: "first", command: "true" },
      { name: "chicken", command: "true", after: ["egg", "first"] },
      { name: "egg", command: "true", after: ["chicken"] },
    ]),
  ).rejects.toThrow("the plan has steps waiting on each other: chicken, egg")
})

test("a step waiting for a step the plan does not have is refused before anything runs", async () => {
  await expect(run([{ name: "lonely", command: "true", after: ["missing"] }])).rejects.toThrow(
    "lonely waits for missing, which is not a step of the plan",
  )
})

test("the table has a row a step and one for the whole run", async () => {
  const { result } = await run([
    { name: "first", command: "true" },
    { name: "second", command: "false", after: ["first"] },
  ])
  const rows = timingTable(result).split("\n")
  const cells = (row = "") => row.split("|").map((cell) => cell.trim())
  expect(cells(rows[0])).toEqual(["", ...timingColumns(), ""])
  expect(timingColumns()).toEqual(
    expect.arrayContaining(["step", "took s", `${cpus().length} cores busy`, "its processor s"]),
  )
  // A step of a few milliseconds may see no tick of the processor clock: no figure.
  const busy = expect.stringMatching(/^(\d+ %)?$/)
  expect(cells(rows[2])).toEqual(["", "first", "", "0", "0", busy, "0", "passed", ""])
  expect(cells(rows[3])).toEqual(["", "second", "first", "0", "0", busy, "0", "failed", ""])
  expect(cells(rows[4])).toEqual(["", "**whole run**", "", "0", "0", busy, "0", "failed", ""])
})

test("a step that waits for nearly every step above it says so in few words", async () => {
  const names = ["a", "b", "c", "d"]
  const { result } = await run([
    ...names.map((name) => ({ name, command: "true" })),
    { name: "gate", command: "true", after: names },
    { name: "beside", command: "true", after: names },
    // Two steps above it that it does not wait for are named after "but".
    { name: "report", command: "true", after: ["a", "b", "c", "d"] },
    // Three steps or fewer are named.
    { name: "small", command: "true", after: ["a", "b", "c"] },
  ])
  const after = timingTable(result)
    .split("\n")
    .map((row) => row.split("|")[2]?.trim())
  expect(after.slice(2, 10)).toEqual([
    "",
    "",
    "",
    "",
    "every step above",
    "every step above but gate",
    "every step above but gate, beside",
    "a, b, c",
  ])
})

test("says how much processor time each step's processes used, those it waited for with them", async () => {
  // Two processes of the step, one after the other, each using 0.4 s of processor time (by its
  // own count, not the clock's: on a busy machine a loop timed by the clock gets less).
  const busy = `node -e "while (process.cpuUsage().user < 400_000);"`
  const { byName } = await run([
    { name: "busy", command: `${busy} && ${busy}` },
    { name: "idle", command: "sleep 0.8" },
  ])
  expect(byName.busy?.processorSeconds).toBeGreaterThanOrEqual(0.8)
  expect(byName.idle?.processorSeconds).toBeLessThan(0.2)
})

// Where this machine lets the runner make the kernel's accounting groups: cgroup v1's cpuacct,
// mounted apart from the cpu controller, and writable (CI's machine: it runs as root).
const kernelAccounting = (() => {
  const group = ownCpuacctGroup()
  if (!group) return false
  try {
    accessSync(group, constants.W_OK)
    return true
  } catch {
    return false
  }
})()

;(kernelAccounting ? test : test.skip)(
  "counts a process the step started whose parent ended before it, as a browser's renderers",
  async () => {
    const done = path.join(mkdtempSync(path.join(tmpdir(), "runsteps-")), "done")
    const busy = `node -e "while (process.cpuUsage().user < 600_000);" && touch ${done}`
    // The subshell ends at once; its child, left to the system, ends before the step does.
    const waitForIt = `until [ -e ${done} ]; do sleep 0.1; done`
    const { byName } = await run([{ name: "left", command: `(${busy} &) ; ${waitForIt}` }])
    expect(byName.left?.processorSeconds).toBeGreaterThanOrEqual(0.6)
  },
)

;(kernelAccounting ? test : test.skip)(
  "removes the accounting groups a run that was stopped left, once no process is in them",
  async () => {
    // A runner's process number no process has (above Linux's highest).
    const left = path.join(ownCpuacctGroup() ?? "", "evergrace-step-99999999-stopped")
    // With a group of a run within it (this test's own, run within npm test's step).
    mkdirSync(path.join(left, "evergrace-step-99999998-within"), { recursive: true })
    await run([{ name: "next", command: "true" }])
    expect(existsSync(left)).toBe(false)
  },
)

test("a process a step leaves running, its output elsewhere, does not hold the step open", async () => {
  const { byName } = await run([{ name: "leaves", command: "(sleep 6 > /dev/null 2>&1 &); true" }])
  expect(byName.leaves?.status).toBe("passed")
  expect(byName.leaves?.seconds).toBeLessThan(4)
})

test("a process a step leaves running that holds its output is stopped, and the step has its shell's result", async () => {
  const folder = mkdtempSync(path.join(tmpdir(), "evergrace-leftover-"))
  const pid = path.join(folder, "pid")
  const { byName, output } = await run([
    { name: "leaves", command: `sleep 27 & echo $! > ${pid}; echo done` },
  ])
  expect(byName.leaves?.status).toBe("passed")
  expect(byName.leaves?.hangs).toBeUndefined()
  expect(byName.leaves?.seconds).toBeLessThan(6)
  expect(output).toContain("[leaves] done\n")
  expect(output).toContain("── leaves: ended, but processes it started still hold its output")
  expect(output).toMatch(/\d+ .*sleep 27\n/)
  // Killed: gone once the signal has been delivered.
  const sleeper = Number(readFileSync(pid, "utf8"))
  for (let tries = 0; tries < 40 && running(sleeper); tries++)
    await new Promise((resolve) => setTimeout(resolve, 50))
  expect(running(sleeper)).toBe(false)
  rmSync(folder, { recursive: true, force: true })
})

test("reads bash's times", () => {
  expect(childrenProcessorSeconds("0m0.010s 0m0.002s\n1m2.500s 0m3.250s\n")).toBeCloseTo(65.75)
  expect(childrenProcessorSeconds("nothing")).toBeUndefined()
})

describe("a step that runs past its limit", () => {
  test("is listed, stopped with what it started, and run again; hanging twice, it fails", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "evergrace-hang-"))
    const pids = path.join(folder, "pids")
    const { byName, result } = await run(
      [
        { name: "hangs", command: `sleep 29 & echo $! >> ${pids}; wait` },
        { name: "after-it", command: "echo never", after: ["hangs"] },
      ],
      { limitSeconds: 1 },
    )
    expect(byName.hangs?.status).toBe("failed")
    expect(byName.hangs?.hangs).toBe(2)
    expect(byName["after-it"]?.status).toBe("skipped")
    // Two runs of a second each, not the 29 s the command would take.
    expect(byName.hangs?.seconds).toBeLessThan(8)
    const started = readFileSync(pids, "utf8").trim().split("\n").map(Number)
    expect(started).toHaveLength(2)
    for (const pid of started) expect(running(pid)).toBe(false)
    expect(timingTable(result)).toContain("failed (hung 2 times)")
    rmSync(folder, { recursive: true, force: true })
  })

  test("says what was running, and passes if its second run does", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "evergrace-hang-"))
    const once = path.join(folder, "once")
    const { byName, output } = await run(
      [
        {
          name: "hangs-once",
          command: `if [ -e ${once} ]; then echo second; else touch ${once}; sleep 28; fi`,
        },
      ],
      { limitSeconds: 1 },
    )
    expect(byName["hangs-once"]?.status).toBe("passed")
    expect(byName["hangs-once"]?.hangs).toBe(1)
    expect(byName["hangs-once"]?.seconds).toBeLessThan(8)
    expect(output).toContain("── hangs-once: still running after 1 s")
    // The list of its processes names the one it waited on.
    expect(output).toMatch(/\d+ .*sleep 28\n/)
    expect(output).toContain("[hangs-once] second\n")
    expect(output).toContain("── hangs-once: passed in")
    expect(output).toContain("(hung once)")
    rmSync(folder, { recursive: true, force: true })
  })

  test("a line says, every so often, which steps are running and for how long", async () => {
    const { output } = await run([{ name: "slow", command: "sleep 1.3" }], {
      heartbeatSeconds: 0.5,
    })
    expect(output).toMatch(/── at \d+ s, running: slow \(\d+ s\)\n/)
  })
})
