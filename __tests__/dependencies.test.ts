/**
 * @jest-environment node
 */
import fs from "node:fs"
import path from "node:path"

// Every package held to one version (a version without a range, or only patch releases with `~`)
// or steered by `overrides` has its reason in docs/dependencies.md, named in its table: a pin
// added without one fails here, and so does a reason left behind for a pin that is gone.

const root = path.resolve(__dirname, "..")
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
  overrides: Record<string, unknown>
}
const doc = fs.readFileSync(path.join(root, "docs/dependencies.md"), "utf8")

/** The packages the table's first column names, each in backticks (`lighthouse: $x` names lighthouse). */
const named = new Set(
  doc
    .split("\n")
    .filter((line) => line.startsWith("| ") && !/^\| (package|-)/.test(line))
    .flatMap((line) =>
      [...(line.split("|")[1] ?? "").matchAll(/`\$?([^`:]+)(?::[^`]*)?`/g)].map((m) => m[1] ?? ""),
    ),
)

const pinned = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })
  .filter(([, version]) => !/^[\^*>]/.test(version))
  .map(([name]) => name)

it.each(pinned)("the pin of %s has its reason in docs/dependencies.md", (name) => {
  expect(named).toContain(name)
})

it.each(Object.keys(manifest.overrides))(
  "the override for %s has its reason in docs/dependencies.md",
  (name) => {
    expect(named).toContain(name)
  },
)

it("names no package that is no longer held", () => {
  const held = new Set([...pinned, ...Object.keys(manifest.overrides)])
  // What an override gives a package (`lighthouse: $lighthouse`) is named beside it, not held.
  const given = new Set(
    Object.values(manifest.overrides).flatMap((value) =>
      typeof value === "object" && value !== null ? Object.keys(value) : [],
    ),
  )
  expect([...named].filter((name) => !held.has(name) && !given.has(name))).toEqual([])
})
