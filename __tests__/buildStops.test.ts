/**
 * @jest-environment node
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { copyProject } from "../scripts/content/projectCopy"
import { copyOfData, launchContentDir, repoRoot } from "./setup/contentCopy"

// Broken content must stop the build before Gatsby writes anything, so the site already in
// public/ (what is live) stays as it was. These run the real `gatsby build` and the CLI check on
// a scratch copy of the project whose data/shop.json has a count written in words.

const expected = `data/shop.json: category 3 (Knitwear): Number of pieces ('count') must be a whole number, got "sixteen"`
let project: string
let content: ReturnType<typeof copyOfData>

/** Every file under dir with its content: what "untouched" is checked against. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {}
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name)
      if (entry.isDirectory()) walk(full)
      else files[path.relative(dir, full)] = fs.readFileSync(full, "utf8")
    }
  }
  walk(dir)
  return files
}

beforeAll(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), "evergrace-build-"))
  copyProject(project)
  content = copyOfData(launchContentDir, project)
  content.edit("shop", (json) => {
    json.categories[2].name = "Knitwear"
    json.categories[2].count = "sixteen"
  })
  // The live site from an earlier build.
  fs.mkdirSync(path.join(project, "public", "shop"), { recursive: true })
  fs.writeFileSync(path.join(project, "public", "index.html"), "<h1>The site as it was</h1>")
  fs.writeFileSync(path.join(project, "public", "shop", "index.html"), "<h1>Shop</h1>")
  fs.writeFileSync(path.join(project, "public", "marker.txt"), String(Date.now()))
})

afterAll(() => fs.rmSync(project, { recursive: true, force: true }))

const run = (command: string, args: string[]) => {
  const started = Date.now()
  const result = spawnSync(command, args, {
    cwd: project,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", NO_COLOR: "1", FORCE_COLOR: "0" },
  })
  return {
    ...result,
    output: `${result.stdout}${result.stderr}`,
    seconds: (Date.now() - started) / 1000,
  }
}

describe("a build with broken content", () => {
  it("stops in gatsby build before writing anything, with the problem in plain words", () => {
    const before = snapshot(path.join(project, "public"))
    const result = run(process.execPath, [
      path.join(repoRoot, "node_modules/gatsby/cli.js"),
      "build",
    ])

    expect(result.status).not.toBe(0)
    expect(result.output).toContain(expected)
    expect(result.output).toContain("so the site was not built (the live site is unchanged)")
    // Stopped at onPreInit: no bootstrap, no webpack.
    expect(result.output).not.toContain("onPreBootstrap")
    expect(result.output).not.toContain("Building production JavaScript")
    expect(snapshot(path.join(project, "public"))).toEqual(before)
  }, 120_000)

  it("stops `npm run check-content` (and so `npm run build`) at once", () => {
    const result = run(path.join(repoRoot, "node_modules/.bin/tsx"), [
      "scripts/check-content.ts",
      "data",
    ])
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(expected)
    expect(result.seconds).toBeLessThan(30)
  }, 60_000)

  it("passes the check once the content is fixed", () => {
    content.edit("shop", (json) => (json.categories[2].count = 16))
    const result = run(path.join(repoRoot, "node_modules/.bin/tsx"), ["scripts/check-content.ts"])
    expect(result.stdout).toContain("Content OK")
    expect(result.status).toBe(0)
  }, 60_000)
})
