/** @jest-environment node */
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { buildSite } from "../src/publishing/node/build"

// A preview's build is stopped when a publish wants the server (src/publishing/node/publisher.ts,
// `previewBuild`): the build's signal ends its step's whole process group at once, and no step
// after it starts. The step here is a content check that would run for a minute, and a child it
// started (as Gatsby starts its workers).

let folder: string
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "build-stopped-"))
  await mkdir(path.join(folder, "work", "scripts"), { recursive: true })
  await mkdir(path.join(folder, "app"), { recursive: true })
  await symlink(path.resolve("node_modules"), path.join(folder, "app", "node_modules"))
  await writeFile(
    path.join(folder, "work", "scripts", "check-content.ts"),
    `import { spawn } from "node:child_process"
const worker = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], { stdio: "ignore" })
console.log("worker " + worker.pid)
setTimeout(() => {}, 60_000)
`,
  )
})
afterEach(() => rm(folder, { recursive: true, force: true }))

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

test("a build stopped by its signal ends its step and the step's children at once, and starts no step after it", async () => {
  const stop = new AbortController()
  const steps: string[] = []
  let output = ""
  const building = buildSite({
    workDir: path.join(folder, "work"),
    appDir: path.join(folder, "app"),
    env: process.env,
    timeoutMs: 120_000,
    onStep: (step) => steps.push(step),
    log: (text) => (output += text),
    signal: stop.signal,
  })
  for (const until = Date.now() + 20_000; !/worker \d+/.test(output);) {
    if (Date.now() > until) throw new Error(`the check did not start its worker: ${output}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const worker = Number(/worker (\d+)/.exec(output)?.[1])
  expect(alive(worker)).toBe(true)
  const stoppedAt = Date.now()
  stop.abort()
  const outcome = await building
  expect(Date.now() - stoppedAt).toBeLessThan(5000)
  expect(outcome).toMatchObject({ ok: false, kind: "stopped" })
  expect(steps).toEqual(["content check"])
  for (const until = Date.now() + 2000; alive(worker) && Date.now() < until;) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  expect(alive(worker)).toBe(false)
}, 30_000)
