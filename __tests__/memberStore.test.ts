/** @jest-environment node */
import { execFile, spawn } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { promisify } from "node:util"
import { closeMemberStores, listMembers, memberStore, removeMember } from "../src/node/memberStore"

const tsx = path.resolve("node_modules/.bin/tsx")
let folder: string

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "members-"))
})

afterEach(async () => {
  await closeMemberStores()
  await rm(folder, { recursive: true, force: true })
})

test("the same address twice, in any case, is one member; the first spelling is kept", async () => {
  const store = memberStore(folder)
  expect(await store.subscribe("Ann@Example.com")).toBe("joined")
  expect(await store.subscribe("ann@example.com")).toBe("already-member")
  const members = await listMembers(folder)
  expect(members.map((member) => member.address)).toEqual(["Ann@Example.com"])
  expect(Date.parse(members[0]?.joinedAt ?? "")).not.toBeNaN()
})

test("concurrent sign-ups lose nothing and store each address once", async () => {
  const store = memberStore(folder)
  const addresses = Array.from({ length: 300 }, (_, n) => `member-${n}@example.com`)
  // Every address twice, all at once.
  const results = await Promise.all([...addresses, ...addresses].map((a) => store.subscribe(a)))
  expect(results.filter((result) => result === "joined")).toHaveLength(300)
  expect(results.filter((result) => result === "already-member")).toHaveLength(300)
  const stored = (await listMembers(folder)).map((member) => member.address)
  expect(stored.sort()).toEqual([...addresses].sort())
})

test("members survive the store being closed and opened again", async () => {
  await memberStore(folder).subscribe("kept@example.com")
  await closeMemberStores()
  expect((await listMembers(folder)).map((member) => member.address)).toEqual(["kept@example.com"])
})

test("a crash mid-write (kill -9) loses no acknowledged sign-up and leaves a readable store", async () => {
  // Node itself, not the tsx launcher, so that the kill reaches the process that writes.
  const writer = spawn(process.execPath, [
    "--import",
    "tsx",
    path.resolve("__tests__/fixtures/memberWriter.ts"),
    folder,
  ])
  const acknowledged: string[] = []
  await new Promise<void>((resolve, reject) => {
    let pending = ""
    writer.stdout.on("data", (chunk: Buffer) => {
      pending += chunk.toString()
      const lines = pending.split("\n")
      pending = lines.pop() ?? ""
      acknowledged.push(...lines)
      // Killed while it is writing: it never stops between sign-ups.
      if (acknowledged.length >= 200) writer.kill("SIGKILL")
    })
    writer.on("exit", () => resolve())
    writer.on("error", reject)
  })
  expect(acknowledged.length).toBeGreaterThanOrEqual(200)
  const stored = new Set((await listMembers(folder)).map((member) => member.address))
  for (const address of acknowledged) expect(stored).toContain(address)
}, 30_000)

test("members:export prints every member once as CSV, oldest first", async () => {
  const store = memberStore(folder)
  await store.subscribe("first@example.com")
  await store.subscribe("second@example.com")
  await store.subscribe("FIRST@example.com")
  const { stdout } = await promisify(execFile)(tsx, ["scripts/members-export.ts"], {
    env: { ...process.env, MEMBERS_STORE: folder },
  })
  const [header, ...rows] = stdout.trimEnd().split("\r\n")
  expect(header).toBe("email,joined_at")
  expect(rows.map((row) => row.split(",")[0])).toEqual(["first@example.com", "second@example.com"])
  for (const row of rows)
    expect(row.split(",")[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
})

test("members:export of a store that does not exist yet prints the header only", async () => {
  const { stdout } = await promisify(execFile)(tsx, ["scripts/members-export.ts"], {
    env: { ...process.env, MEMBERS_STORE: path.join(folder, "none") },
  })
  expect(stdout).toBe("email,joined_at\r\n")
})

test("a member who asks to leave is removed, in any spelling; others stay", async () => {
  const store = memberStore(folder)
  await store.subscribe("leaving@example.com")
  await store.subscribe("staying@example.com")
  expect(await removeMember(folder, "Leaving@Example.com")).toBe(true)
  expect(await removeMember(folder, "leaving@example.com")).toBe(false)
  expect((await listMembers(folder)).map((member) => member.address)).toEqual([
    "staying@example.com",
  ])
})
