/** @jest-environment node */
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { Repository } from "../src/publishing/node/git"

// What the staff's page and the commit statuses call a commit (src/publishing/node/git.ts), read
// from a real Git repository standing in for GitHub's.

let folder: string
let origin: string
const run = (...args: string[]) =>
  execFileSync("git", args, {
    cwd: origin,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "Eve Editor",
      GIT_AUTHOR_EMAIL: "eve@example.com",
      GIT_COMMITTER_NAME: "GitHub",
      GIT_COMMITTER_EMAIL: "noreply@github.com",
    },
  })
    .toString()
    .trim()
const commit = (message: string) => {
  writeFileSync(path.join(origin, "page.json"), JSON.stringify({ message }))
  run("add", "page.json")
  run("commit", "--quiet", "-m", message)
  return run("rev-parse", "HEAD")
}

/** A branch with one commit, merged as GitHub merges a pull request; the merge's SHA. */
function mergedPullRequest(branch: string, number: number, message: string, ...body: string[]) {
  run("switch", "--quiet", "-c", branch)
  const tip = commit(message)
  run("switch", "--quiet", "main")
  const title = `Merge pull request #${number} from evergrace/${branch}`
  run("merge", "--quiet", "--no-ff", "-m", title, ...body.flatMap((text) => ["-m", text]), branch)
  return { tip, merge: run("rev-parse", "HEAD") }
}

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), "evergrace-git-"))
  origin = path.join(folder, "origin")
  execFileSync("git", ["init", "--quiet", "--initial-branch=main", origin])
  commit("First version")
})
afterEach(() => rmSync(folder, { recursive: true, force: true }))

test("a draft published from the CMS is named by the draft's own words, not GitHub's merge title", async () => {
  const { tip: draft, merge } = mergedPullRequest(
    "cms/pages/journal",
    12,
    "Update Page “journal”",
    "Automatically generated. Merged on Decap CMS.",
  )
  const repository = new Repository(path.join(folder, "repo.git"), origin)
  await repository.fetch()
  expect(await repository.info(merge)).toEqual({
    sha: merge,
    title: "Update Page “journal”",
    author: "Eve Editor",
  })
  expect((await repository.info(draft)).title).toBe("Update Page “journal”")
})

test("another merge, and a plain commit, keep their own titles", async () => {
  const { merge } = mergedPullRequest("feature/header", 13, "A new header")
  const plain = commit("Journal: a new article")
  const repository = new Repository(path.join(folder, "repo.git"), origin)
  await repository.fetch()
  expect((await repository.info(merge)).title).toBe(
    "Merge pull request #13 from evergrace/feature/header",
  )
  expect((await repository.info(plain)).title).toBe("Journal: a new article")
})

test("an undo written into the repository: a commit of the earlier files on the branch's head, pushed; refused where someone pushed since", async () => {
  const github = path.join(folder, "github.git")
  execFileSync("git", ["init", "--quiet", "--bare", "--initial-branch=main", github])
  const inGithub = (...args: string[]) =>
    execFileSync("git", ["--git-dir", github, ...args])
      .toString()
      .trim()
  const first = run("rev-parse", "HEAD")
  const second = commit("A wrong price")
  run("push", "--quiet", github, "main")
  const repository = new Repository(path.join(folder, "repo.git"), github)
  await repository.fetch()

  const undo = await repository.writeUndo({
    branch: "main",
    parent: second,
    filesOf: first,
    message: "Undo “A wrong price”, asked by eve-editor",
    by: "eve-editor",
  })
  expect(inGithub("rev-parse", "main")).toBe(undo)
  expect(inGithub("rev-parse", "main^")).toBe(second)
  expect(inGithub("rev-parse", "main^{tree}")).toBe(inGithub("rev-parse", `${first}^{tree}`))
  expect(inGithub("log", "-1", "--format=%an: %s", "main")).toBe(
    "eve-editor: Undo “A wrong price”, asked by eve-editor",
  )
  // The server's copy knows it at once: an undo after it starts from there.
  expect(await repository.head("main")).toBe(undo)
  expect(await repository.sameFiles(undo, first)).toBe(true)
  expect(await repository.sameFiles(undo, second)).toBe(false)
  // The checkout the server started from need not be in the repository: not the same, no error.
  expect(await repository.sameFiles(undo, "0".repeat(40))).toBe(false)

  // A colleague pushed meanwhile: the undo's push is refused, and her change stays.
  run("fetch", "--quiet", github, "main")
  run("reset", "--quiet", "--hard", "FETCH_HEAD")
  const theirs = commit("A new article")
  run("push", "--quiet", github, "main")
  await expect(
    repository.writeUndo({
      branch: "main",
      parent: undo,
      filesOf: second,
      message: "Undo again",
      by: "eve-editor",
    }),
  ).rejects.toThrow(/git push failed/)
  expect(inGithub("rev-parse", "main")).toBe(theirs)
})
