import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"

/** The repository this script belongs to. */
export const repoRoot = path.resolve(__dirname, "../..")

/** The launch content: the copy of data/ that the spec's values are checked on. */
export const launchContentDir = path.join(repoRoot, "__tests__", "fixtures", "launch-content")

/**
 * A copy of the project in `target` to build on its own: every file Git tracks or would track
 * (uncommitted work included), node_modules linked, and no build output. `data/` is left out
 * unless `withData`: the caller decides what content the copy builds.
 */
export function copyProject(target: string, { withData = false } = {}) {
  const files = execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "-z"],
    { cwd: repoRoot, encoding: "utf8" },
  )
    .split("\0")
    .filter((file) => file && (withData || !file.startsWith("data/")))
  fs.rmSync(target, { recursive: true, force: true })
  for (const file of files) {
    const source = path.join(repoRoot, file)
    // A file deleted in the working tree is still listed until the deletion is staged.
    if (!fs.existsSync(source)) continue
    fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true })
    fs.copyFileSync(source, path.join(target, file))
  }
  fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(target, "node_modules"))
}
