/** @jest-environment node */
import { execFileSync, spawnSync } from "node:child_process"
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"

// The API service's systemd unit (deploy/evergrace-api.service), as shipped: the member store
// and the copies of her e-mails are its own user's alone, and its sandbox holds.

const unitFile = path.resolve("deploy/evergrace-api.service")
const unit = readFileSync(unitFile, "utf8")
const settings = (name: string) =>
  [...unit.matchAll(new RegExp(`^${name}=(.*)$`, "gm"))].map((match) => match[1]?.trim())

test("it runs as a user of its own, creating files for that user alone, in a state folder of 0700", () => {
  expect(settings("User")).toEqual(["evergrace"])
  expect(settings("Group")).toEqual(["evergrace"])
  expect(settings("UMask")).toEqual(["0077"])
  expect(settings("StateDirectory")).toEqual(["evergrace"])
  expect(settings("StateDirectoryMode")).toEqual(["0700"])
  const store = settings("Environment").find((value) => value?.startsWith("MEMBERS_STORE="))
  expect(store).toBe("MEMBERS_STORE=/var/lib/evergrace/members")
})

const analyze = spawnSync("systemd-analyze", ["--version"]).status === 0
;(analyze ? test : test.skip)("systemd-analyze rates its sandbox OK (exposure 2.0 or less)", () => {
  // systemd-analyze reads a unit by its file name: a copy under the unit's own name.
  const folder = mkdtempSync(path.join(tmpdir(), "unit-"))
  try {
    const copy = path.join(folder, path.basename(unitFile))
    copyFileSync(unitFile, copy)
    const report = execFileSync(
      "systemd-analyze",
      ["security", "--offline=true", "--threshold=20", "--no-pager", copy],
      { encoding: "utf8" },
    )
    const exposure = Number(/Overall exposure level for [^:]+: ([\d.]+)/.exec(report)?.[1])
    expect(exposure).toBeLessThanOrEqual(2)
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
})
