/** @jest-environment node */
import { mkdir, mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { buildSite } from "../src/publishing/node/build"

// A build step the machine cannot start (out of processes, EAGAIN, or of files, EMFILE, when
// Node has no pipes to give it): the publisher hears a failure it may try again, and the server
// goes on. Node's spawn is made to fail as it does then, since the machine cannot be made to.
jest.mock("node:child_process", () => {
  const actual = jest.requireActual<typeof import("node:child_process")>("node:child_process")
  return {
    ...actual,
    spawn: () => {
      const { EventEmitter } = jest.requireActual<typeof import("node:events")>("node:events")
      const child = Object.assign(new EventEmitter(), {
        pid: undefined,
        stdout: null,
        stderr: null,
      })
      const error = Object.assign(new Error("spawn EMFILE"), { code: "EMFILE" })
      process.nextTick(() => child.emit("error", error))
      return child
    },
  }
})

let folder: string
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "build-steps-"))
  for (const dir of ["work", "app/node_modules"])
    await mkdir(path.join(folder, dir), { recursive: true })
})
afterEach(() => rm(folder, { recursive: true, force: true }))

test("a content check that cannot start is not taken for the content's refusal, and the server goes on", async () => {
  const outcome = await buildSite({
    workDir: path.join(folder, "work"),
    appDir: path.join(folder, "app"),
    env: {},
    timeoutMs: 60_000,
    log: () => undefined,
  })
  expect(outcome).toEqual({
    ok: false,
    kind: "start",
    reason: "content check could not start: spawn EMFILE",
  })
})
