/**
 * @jest-environment node
 */
import { mkdtemp, rm } from "node:fs/promises"
import type { Server } from "node:http"
import { tmpdir } from "node:os"
import path from "node:path"
import { askMemory, askPublishes, askRollback, startControl } from "../src/publishing/node/control"
import type { PublishingDesk } from "../src/publishing/web/desk"

// The running server's own door (src/publishing/node/control.ts): what npm run release:rollback
// and npm run measure:publishing ask over the state folder's Unix socket.

let stateDir: string
let control: Server | undefined
const rollbacks: string[] = []

const desk: PublishingDesk = {
  receive: async () => ({ outcome: "ignored", message: "" }),
  publishes: async () => ({
    records: [],
    live: { release: "r", commit: "abc1234", since: "", address: "" },
  }),
  rollback: async (by) => {
    rollbacks.push(by)
    return { result: "nothingToRollBack", message: "Nothing earlier is kept." }
  },
  publishAgain: async () => ({ result: "nothingToPublish", message: "" }),
}

beforeAll(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), "publishing-control-"))
})
afterAll(async () => {
  await new Promise((resolve) => (control ? control.close(resolve) : resolve(undefined)))
  await rm(stateDir, { recursive: true, force: true })
})

test("no server, no answer: the command line says so rather than waiting", async () => {
  expect(await askRollback(stateDir, "someone")).toBeUndefined()
  expect(await askMemory(stateDir)).toBeUndefined()
})

test("the running server answers the undo, its publishes and its memory", async () => {
  control = await startControl(stateDir, desk)
  expect((await askPublishes(stateDir))?.live?.commit).toBe("abc1234")
  expect(await askRollback(stateDir, "the command line")).toMatchObject({
    result: "nothingToRollBack",
  })
  expect(rollbacks).toEqual(["the command line"])
  const memory = await askMemory(stateDir)
  expect(memory?.rss).toBeGreaterThan(memory?.heapUsed ?? Infinity)
  expect(memory?.heapUsed).toBeGreaterThan(0)
})

test("a second server on the same folder is refused", async () => {
  await expect(startControl(stateDir, desk)).rejects.toThrow(/another server publishes/)
})

test("a desk that fails still answers: the command line hears it failed, and does not wait", async () => {
  const other = await mkdtemp(path.join(tmpdir(), "publishing-control-"))
  const failing: PublishingDesk = {
    ...desk,
    rollback: async () => {
      throw new Error("the releases folder is gone")
    },
  }
  const server = await startControl(other, failing)
  try {
    await expect(askRollback(other, "someone")).rejects.toThrow(/the releases folder is gone/)
  } finally {
    await new Promise((resolve) => server.close(resolve))
    await rm(other, { recursive: true, force: true })
  }
})
