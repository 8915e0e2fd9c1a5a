/** @jest-environment node */
import { execFileSync } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer, type AddressInfo, type Socket } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import { childrenOf, commandLine, running } from "../e2e/support/processes"
import { publishSettingsForTests, TestClock } from "../e2e/support/publishing"
import { linkPackages, PackagesChanged } from "../src/publishing/node/build"
import { PushedSince, Repository } from "../src/publishing/node/git"
import { History } from "../src/publishing/node/history"
import { NginxPolicy } from "../src/publishing/node/nginxPolicy"
import { Previews } from "../src/publishing/node/previews"
import { checkoutInfo, Publisher } from "../src/publishing/node/publisher"
import { failureWords } from "../src/publishing/node/statusWords"
import { contentLabel, contentModel } from "../src/content/model"
import {
  draftsHoldingUndone,
  Releases,
  undoneChangeOut,
  undoneChangeStays,
} from "../src/publishing/node/releases"

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

test("a draft published from the CMS is named by its page, as the CMS lists it, not by GitHub's merge title or Decap's message", async () => {
  const { tip: draft, merge } = mergedPullRequest(
    "cms/pages/journal",
    12,
    "Update Pages “journal”",
    "Automatically generated. Merged on Decap CMS.",
  )
  const label = contentLabel("journal")
  expect(label).toBeTruthy()
  const repository = new Repository(path.join(folder, "repo.git"), origin)
  await repository.fetch()
  expect(await repository.info(merge)).toEqual({ sha: merge, title: label, author: "Eve Editor" })
  expect((await repository.info(draft)).title).toBe(label)
})

test("a draft's own words are kept where they are not Decap's message for a page", async () => {
  const { merge } = mergedPullRequest("cms/pages/shop", 14, "Shop: the spring prices")
  const unknown = commit("Update Pages “no-such-page”")
  const byHand = commit("Update the spring prices on “shop”")
  const repository = new Repository(path.join(folder, "repo.git"), origin)
  await repository.fetch()
  expect((await repository.info(merge)).title).toBe("Shop: the spring prices")
  expect((await repository.info(unknown)).title).toBe("Update Pages “no-such-page”")
  expect((await repository.info(byHand)).title).toBe("Update the spring prices on “shop”")
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

test("the version the server was set up with is named as a publish is, or in plain words where it is no checkout", async () => {
  const sha = commit("Launch: the autumn pages")
  expect(await checkoutInfo(origin)).toEqual({
    sha,
    title: "Launch: the autumn pages",
    author: "Eve Editor",
  })
  // Set up from a branch the CMS publishes to: its last publish, by its page.
  const { merge } = mergedPullRequest("cms/pages/journal", 15, "Update Pages “journal”")
  expect(await checkoutInfo(origin)).toMatchObject({ sha: merge, title: contentLabel("journal") })
  const plain = path.join(folder, "plain")
  mkdirSync(plain)
  expect(await checkoutInfo(plain)).toEqual({
    sha: "",
    title: "the version the server was set up with",
    author: "",
  })
})

test("a commit unpacked where tar cannot write (a folder gone, a full disk) fails in words, and the server goes on", async () => {
  // Big enough that git is still sending when tar has given up.
  writeFileSync(path.join(origin, "picture.bin"), randomBytes(4 * 2 ** 20))
  run("add", "picture.bin")
  run("commit", "--quiet", "-m", "A picture")
  const repository = new Repository(path.join(folder, "repo.git"), origin)
  await repository.fetch()
  const head = (await repository.head("main"))!
  await expect(repository.archive(head, path.join(folder, "not-there"))).rejects.toThrow(
    /git archive \| tar failed: .*not-there/,
  )
  // As can happen on its own: tar has ended, and Node has seen it end, while git still has output
  // to write. A git that writes the first 10 KB (tar reads a header and gives up), pauses, then
  // writes the rest. No one reads its pipe any more: the git of before this fix was left writing
  // for good, holding the server's process open (and npm test's, a CI run to its time limit).
  const realGit = execFileSync("sh", ["-c", "command -v git"]).toString().trim()
  const pausingGit = path.join(folder, "pausing-git")
  mkdirSync(pausingGit)
  const tarFile = path.join(pausingGit, "archive.tar")
  writeFileSync(
    path.join(pausingGit, "git"),
    `#!/bin/sh\n${realGit} "$@" > ${tarFile}\nhead -c 10240 ${tarFile}\nsleep 0.5\nexec tail -c +10241 ${tarFile}\n`,
    { mode: 0o755 },
  )
  const searchPath = process.env.PATH
  process.env.PATH = `${pausingGit}:${searchPath}`
  try {
    await expect(repository.archive(head, path.join(folder, "not-there"))).rejects.toThrow(
      /git archive \| tar failed: .*not-there/,
    )
  } finally {
    process.env.PATH = searchPath
  }
  const left = childrenOf(process.pid).filter(
    (pid) => running(pid) && commandLine(pid).includes(pausingGit),
  )
  expect(left).toEqual([])
})

test("a fetch from a GitHub that stops answering is stopped, and the publish fails saying so", async () => {
  // Takes the connection and says nothing, as a stalled one does.
  const connections = new Set<Socket>()
  const silent = createServer((connection) => void connections.add(connection))
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve))
  const { port } = silent.address() as AddressInfo
  try {
    const repository = new Repository(
      path.join(folder, "repo.git"),
      `http://127.0.0.1:${port}/evergrace/website.git`,
      { fetchMs: 1500 },
    )
    await expect(repository.fetch()).rejects.toThrow(/git fetch failed: stopped after 1.5 s/)
  } finally {
    for (const connection of connections) connection.destroy()
    await new Promise((resolve) => silent.close(resolve))
  }
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

  const undo = await repository.undoCommit({
    parent: second,
    filesOf: first,
    message: "Undo “A wrong price”, asked by eve-editor",
    by: "eve-editor",
  })
  // Made here, and not yet on GitHub's.
  expect(inGithub("rev-parse", "main")).toBe(second)
  await repository.pushUndo("main", undo, second)
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
  const again = await repository.undoCommit({
    parent: undo,
    filesOf: second,
    message: "Undo again",
    by: "eve-editor",
  })
  const refused = repository.pushUndo("main", again, undo)
  await expect(refused).rejects.toThrow(/git push failed: .*\[rejected\]/)
  await expect(refused).rejects.toBeInstanceOf(PushedSince)
  expect(inGithub("rev-parse", "main")).toBe(theirs)
})

/**
 * The publisher with a real repository standing in for GitHub's (github.git, pushed from
 * `origin`), and a build that checks the packages as buildSite does first (build.ts's
 * linkPackages) and stands in for Gatsby's with one page.
 */
function publisherOnGithub() {
  const github = path.join(folder, "github.git")
  execFileSync("git", ["init", "--quiet", "--bare", "--initial-branch=main", github])
  const appDir = path.join(folder, "app")
  const stateDir = path.join(folder, "state")
  mkdirSync(path.join(appDir, "node_modules"), { recursive: true })
  mkdirSync(path.join(appDir, "public"), { recursive: true })
  writeFileSync(path.join(appDir, "public", "index.html"), "the checkout")
  const releases = new Releases(stateDir, async (_project, releaseDir) =>
    writeFileSync(path.join(releaseDir, "site.cjs"), "module.exports = {}\n"),
  )
  const publisher = new Publisher({
    settings: publishSettingsForTests(stateDir, { repo: github, appDir }),
    source: new Repository(path.join(stateDir, "repo.git"), github),
    releases,
    previews: new Previews(stateDir),
    history: new History(stateDir),
    site: { goLive: (release) => releases.switchTo(release) },
    nginx: new NginxPolicy(stateDir, {}),
    clock: new TestClock(Date.parse("2030-01-01T08:00:00Z")),
    build: async ({ workDir, appDir: packagesOf }) => {
      await linkPackages(workDir, packagesOf)
      const nginx = path.join(workDir, "deploy", "nginx", "evergrace")
      mkdirSync(nginx, { recursive: true })
      writeFileSync(path.join(nginx, "csp.generated.conf"), "")
      mkdirSync(path.join(workDir, "public"), { recursive: true })
      return { ok: true }
    },
    log: () => undefined,
  })
  const publish = async (commit: string) => {
    run("push", "--quiet", github, "main")
    await publisher.receive({
      kind: "push",
      delivery: commit,
      repository: "evergrace/website",
      branch: "main",
      commit,
    })
    await publisher.idle()
  }
  const liveCommit = async () => (await releases.current())?.commit
  /** A draft's preview asked for, as GitHub's pull_request webhook asks; resolves once built. */
  const askPreview = async (branch: string, commit: string) => {
    await publisher.receive({
      kind: "pullRequest",
      delivery: `${branch} ${commit}`,
      repository: "evergrace/website",
      action: "update",
      number: 8,
      branch,
      base: "main",
      commit,
    })
    await publisher.idle()
    return (await publisher.publishes()).records.find((record) => record.commit === commit)
  }
  const lock = (version: number) => JSON.stringify({ name: "evergrace", lockfileVersion: version })
  /** A commit of the packages at `version` (package-lock.json's lockfileVersion stands for it). */
  const withLock = (version: number, message: string) => {
    writeFileSync(path.join(origin, "package-lock.json"), lock(version))
    run("add", "package-lock.json")
    run("commit", "--quiet", "-m", message)
    return run("rev-parse", "HEAD")
  }
  /** The server's packages at `version`, as whoever manages it installs them. */
  const installed = (version: number) =>
    writeFileSync(path.join(appDir, "package-lock.json"), lock(version))
  return { github, appDir, publisher, publish, liveCommit, askPreview, withLock, installed }
}

test("an undo of a packages update, written into the branch, leaves the branch's package-lock.json as the server has it: the next page published goes live", async () => {
  // The publisher with this repository and the real check of the packages (build.ts's
  // linkPackages, as buildSite runs it first); Gatsby's build itself stands in as one page.
  const { github, publisher, publish, liveCommit, withLock, installed } = publisherOnGithub()

  const before = withLock(1, "Page and packages as they were")
  installed(1)
  run("push", "--quiet", github, "main")
  await publisher.start()
  await publisher.idle()
  expect(await liveCommit()).toBe(before)
  // A developer updates the packages, and the server with them (docs/deploying.md).
  const update = withLock(2, "Packages updated")
  installed(2)
  await publish(update)
  expect(await liveCommit()).toBe(update)

  // The staff undo it: the site goes back.
  const answer = await publisher.rollback("eve-editor")
  expect(answer.live?.commit).toBe(before)
  expect(answer.message).toContain(undoneChangeStays.code)
  // Then she corrects a page in the editor, on the branch as it is now, and publishes it.
  run("fetch", "--quiet", github, "main")
  run("reset", "--quiet", "--hard", "FETCH_HEAD")
  const page = commit("A page corrected")
  await publish(page)
  const [last] = (await publisher.publishes()).records
  expect(last).toMatchObject({ commit: page, state: "live" })
  expect(await liveCommit()).toBe(page)
  publisher.stop()
})

test("an undo names the drafts saved before it that would put the undone change back: a draft of the page it changed, not a draft of another page, nor one begun before the change", async () => {
  const { appDir, github, publisher, publish } = publisherOnGithub()
  const lock = JSON.stringify({ name: "evergrace", lockfileVersion: 3 })
  writeFileSync(path.join(appDir, "package-lock.json"), lock)
  writeFileSync(path.join(origin, "package-lock.json"), lock)
  mkdirSync(path.join(origin, "data"))
  const save = (message: string, files: Record<string, unknown>) => {
    for (const [name, value] of Object.entries(files)) {
      writeFileSync(path.join(origin, "data", `${name}.json`), JSON.stringify(value))
    }
    run("add", "--all")
    run("commit", "--quiet", "-m", message)
    return run("rev-parse", "HEAD")
  }
  /** A draft the CMS saves: a branch from main as it is, with one commit of its own, pushed. */
  const draft = (branch: string, files: Record<string, unknown>) => {
    run("switch", "--quiet", "-c", branch)
    save(`Update “${branch}”`, files)
    run("push", "--quiet", github, branch)
    run("switch", "--quiet", "main")
  }
  await publish(save("Prices", { home: { price: "£40" }, shop: { heading: "Shop" } }))
  // A draft begun before the version the undo puts back has no copy of what it undoes, whatever
  // file it changes.
  draft("cms/pages/journal", { home: { price: "£40", note: "older" } })
  const first = save("A headline", { home: { price: "£40", headline: "Spring" } })
  await publish(first)
  const wrong = save("A wrong price", { home: { price: "£4", headline: "Spring" } })
  await publish(wrong)
  // Begun from the wrong price: a colleague's draft of the Home page, and one of the Shop page.
  draft("cms/pages/home", { home: { price: "£4", headline: "Spring in linen" } })
  draft("cms/pages/shop", { shop: { heading: "Shop the spring" } })

  const answer = await publisher.rollback("eve-editor")
  expect(answer.live?.commit).toBe(first)
  expect(answer.message).toContain(undoneChangeOut)
  expect(answer.message).toContain(draftsHoldingUndone([contentModel.home.label]))
  expect(answer.message).not.toContain(contentModel.shop.label)
  expect(answer.message).not.toContain(contentModel.journal.label)
  publisher.stop()
})

test("a draft's preview refused for its packages says to save the draft again where the draft is behind, and to update the server where the server is", async () => {
  const { github, publisher, publish, askPreview, withLock, installed } = publisherOnGithub()
  /** A draft the CMS saves from main as it is, pushed; its commit. */
  const draft = (branch: string) => {
    run("switch", "--quiet", "-c", branch)
    const saved = commit(`Update “${branch}”`)
    run("push", "--quiet", github, branch)
    run("switch", "--quiet", "main")
    return saved
  }

  installed(1)
  await publish(withLock(1, "Packages as they were"))
  // A draft begun then; the packages updated since, and the server with them.
  const early = draft("cms/pages/home")
  installed(2)
  await publish(withLock(2, "Packages updated"))
  const behind = await askPreview("cms/pages/home", early)
  expect(behind).toMatchObject({ kind: "preview", state: "failed" })
  expect(behind?.reason).toBe(failureWords.draftBehindOnPackages)

  // Packages updated again, and the server not yet: a draft begun now is refused for the server.
  await publish(withLock(3, "Packages updated again"))
  const current = await askPreview("cms/pages/shop", draft("cms/pages/shop"))
  expect(current).toMatchObject({ kind: "preview", state: "failed" })
  expect(current?.reason).toBe(new PackagesChanged().message)
  publisher.stop()
})
