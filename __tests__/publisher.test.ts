/** @jest-environment node */
import { execFile } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs"
import { mkdir, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { promisify } from "node:util"
import { previewContext, type CommitStatus } from "../src/publishing/web/commitStatus"
import { buildLog, type BuildOptions, type BuildOutcome } from "../src/publishing/node/build"
import { History } from "../src/publishing/node/history"
import { NginxPolicy } from "../src/publishing/node/nginxPolicy"
import { Previews } from "../src/publishing/node/previews"
import { GitError, PushedSince, type UndoCommit } from "../src/publishing/node/git"
import { Publisher, type Source } from "../src/publishing/node/publisher"
import {
  publicDirOf,
  Releases,
  undoneChangeLate,
  undoneChangeStays,
  undoneChangeOut,
  type Release,
} from "../src/publishing/node/releases"
import { failureWords, statusWords } from "../src/publishing/node/statusWords"
import { publishSettingsForTests, TestClock } from "../e2e/support/publishing"

// The publisher's queue and its decisions, with a repository and a build of its own making (the
// real ones, Git and Gatsby, run in e2e/delivery/publishing.spec.ts): one build at a time, a
// burst coalesced into one more build of the newest commit, a failure that leaves the live site,
// statuses, undo, a full disk, a dated entry's day. Releases, history and previews are the real
// folders, in a temporary one.

const repo = "evergrace/website"
let stateDir: string

beforeEach(() => {
  stateDir = mkdtempSync(path.join(tmpdir(), "evergrace-publisher-"))
})
afterEach(() => rm(stateDir, { recursive: true, force: true }))

/** Commit n's SHA: its number first, as a release's id names a commit by its first 7 digits. */
const sha = (n: number) => n.toString(16).padStart(7, "0").padEnd(40, "0")
const numberOf = (commit: string) => parseInt(commit.slice(0, 7), 16)

/**
 * A branch of commits 1, 2, 3 … each descending from the one before, with its own content and
 * its own files (Git's tree: a commit changes something), but an undo's, which has the files of
 * the version it put back.
 */
function fakeSource() {
  const heads = new Map<string, string>([["main", sha(1)]])
  const content = new Map<string, Record<string, unknown>>([
    [sha(1), { journal: { articles: [] } }],
  ])
  const files = new Map<string, string>([[sha(1), sha(1)]])
  const undos: UndoCommit[] = []
  /**
   * The branch's remote copy: refusing pushes, as one the server may only read; answering a push
   * once `answers` resolves (GitHub slow, or a connection stalled).
   */
  const remote = { writable: true, answers: Promise.resolve(), movedOn: false }
  let count = 1
  const add = (made: Record<string, unknown>, tree?: string, onMain = true) => {
    count += 1
    content.set(sha(count), made)
    files.set(sha(count), tree ?? sha(count))
    if (onMain) heads.set("main", sha(count))
    return sha(count)
  }
  const source: Source = {
    fetch: async () => undefined,
    head: async (branch) => heads.get(branch),
    branches: async (prefix) => [...heads.keys()].filter((branch) => branch.startsWith(prefix)),
    info: async (commit) => ({
      sha: commit,
      title: `change ${numberOf(commit)}`,
      author: "Eve",
    }),
    descends: async (commit, ancestor) => numberOf(ancestor) <= numberOf(commit),
    checkout: async () => undefined,
    archive: async (commit, folder) => {
      await mkdir(path.join(folder, "data"), { recursive: true })
      for (const [name, value] of Object.entries(content.get(commit) ?? {})) {
        await writeFile(path.join(folder, "data", `${name}.json`), JSON.stringify(value))
      }
    },
    sameFiles: async (a, b) => files.get(a) === files.get(b),
    // The content alone differs between the fake's commits.
    changedFiles: async (a, b) =>
      files.get(a) === files.get(b) ? [] : ["data/journal.json", "data/home.json"],
    // No draft of the fake's changes anything (__tests__/publishingGit.test.ts has drafts).
    changedSince: async () => [],
    mergeBase: async (a, b) => sha(Math.min(numberOf(a), numberOf(b))),
    undoCommit: async (undo) => {
      undos.push(undo)
      return add(content.get(undo.filesOf) ?? {}, files.get(undo.filesOf), false)
    },
    pushUndo: async (branch, commit, parent) => {
      await remote.answers
      if (!remote.writable) throw new GitError("git push failed: permission denied")
      if (heads.get(branch) !== parent || remote.movedOn) {
        throw new PushedSince("git push failed: ! [rejected] main -> main (fetch first)")
      }
      heads.set(branch, commit)
    },
  }
  return {
    source,
    /** A new commit on main, with the content given (else the last one's). */
    commit: (made?: Record<string, unknown>) => add(made ?? content.get(sha(count)) ?? {}),
    /** A commit that changes no file (`git commit --allow-empty`). */
    emptyCommit: () => add(content.get(sha(count)) ?? {}, files.get(sha(count))),
    heads,
    undos,
    remote,
  }
}

/** `commit` pushed to main, its webhook received by `publisher`, and that publisher done with it. */
async function pushedTo(publisher: Publisher, commit: string) {
  await publisher.receive({
    kind: "push",
    delivery: commit,
    repository: repo,
    branch: "main",
    commit,
  })
  await publisher.idle()
  return commit
}

/** A build that writes a page naming the commit checked out, held until let go. */
function fakeBuild() {
  const built: string[] = []
  let outcome: BuildOutcome = { ok: true }
  const failing = new Map<string, BuildOutcome>()
  let gate: Promise<void> = Promise.resolve()
  let open: () => void = () => undefined
  return {
    built,
    fail(next: BuildOutcome) {
      outcome = next
    },
    /** This commit's build fails, whatever the others do. */
    failOn(commit: string, next: BuildOutcome) {
      failing.set(commit, next)
    },
    hold() {
      gate = new Promise((resolve) => (open = resolve))
    },
    release: () => open(),
    /** Once `count` builds have started (held there, after `hold()`); fails after 10 s. */
    async started(count: number) {
      for (const until = Date.now() + 10_000; built.length < count;) {
        if (Date.now() > until) throw new Error(`${built.length} builds started, not ${count}`)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    },
    /** The builds held now never end, as when their server's process ends; the next ones run. */
    abandon() {
      gate = Promise.resolve()
    },
    run: (commitOf: () => string) => async (options: BuildOptions) => {
      const commit = commitOf()
      built.push(commit)
      // Stopped as buildSite stops its process group: at once, as "stopped".
      const stopped = new Promise((resolve) =>
        options.signal?.addEventListener("abort", resolve, { once: true }),
      )
      await Promise.race([gate, stopped])
      if (options.signal?.aborted) {
        return { ok: false, kind: "stopped", reason: "the gatsby build was stopped" } as const
      }
      const result = failing.get(commit) ?? outcome
      if (!result.ok) return result
      await mkdir(path.join(options.workDir, "public"), { recursive: true })
      await writeFile(path.join(options.workDir, "public", "index.html"), commit)
      const nginx = path.join(options.workDir, "deploy", "nginx", "evergrace")
      await mkdir(nginx, { recursive: true })
      await writeFile(
        path.join(nginx, "csp.generated.conf"),
        `add_header Content-Security-Policy "default-src 'self'; script-src 'self' 'sha256-${commit.slice(0, 7)}='" always;\n`,
      )
      return result
    },
  }
}

/** GitHub's pull_request webhook for a draft the CMS saved on `branch` (its preview wanted). */
const draftSaved = (branch: string, commit: string) => ({
  kind: "pullRequest" as const,
  delivery: `${branch} ${commit}`,
  repository: repo,
  action: "update" as const,
  number: 8,
  branch,
  base: "main",
  commit,
})

/** The content of a commit with an article dated 3 January 2030 (the tests' clocks start before). */
const springOnJanuary3 = { journal: { articles: [{ title: "Spring", date: "2030-01-03" }] } }

async function publisherWith(
  options: {
    free?: number
    clock?: TestClock
    nginxReload?: string
    statusMs?: number
    undoWaitMs?: number
  } = {},
) {
  const git = fakeSource()
  const build = fakeBuild()
  // The fake commits hold no project to bundle: an empty site file will do.
  const releases = new Releases(stateDir, async (_project, releaseDir) =>
    writeFile(path.join(releaseDir, "site.cjs"), "module.exports = {}\n"),
  )
  const live: Release[] = []
  const statuses: { sha: string; status: CommitStatus }[] = []
  /** Each status as its post to GitHub starts (`statuses`: once GitHub has answered). */
  const posting: { sha: string; status: CommitStatus }[] = []
  let checkedOut = sha(1)
  /** Whether GitHub answers the fetch; a fetch waits for `gate`, and counts itself. */
  const github = { reachable: true, gate: Promise.resolve(), fetching: 0 }
  const source: Source = {
    ...git.source,
    fetch: async () => {
      github.fetching += 1
      await github.gate
      if (!github.reachable) throw new Error("Could not resolve host: github.com")
    },
    checkout: async (_dir, commit) => void (checkedOut = commit),
  }
  // The first release, as the checkout the server started from would be.
  await mkdir(path.join(stateDir, "work"), { recursive: true })
  await build.run(() => sha(1))({ workDir: path.join(stateDir, "work") } as BuildOptions)
  build.built.length = 0
  const first = await releases.create(
    path.join(stateDir, "work"),
    await source.info(sha(1)),
    (folder) => source.archive(sha(1), folder),
    stateDir,
  )
  await releases.switchTo(first)
  const clock = options.clock ?? new TestClock(Date.parse("2030-01-01T08:00:00Z"))
  /** The server's publisher, started as the server starts it, its history read from the disk. */
  const startPublisher = async (settle = true) => {
    const started = new Publisher({
      settings: publishSettingsForTests(stateDir, { minFreeBytes: 100 }),
      source,
      releases,
      previews: new Previews(stateDir),
      history: new History(stateDir),
      site: {
        goLive: async (release) => {
          await releases.switchTo(release)
          live.push(release)
        },
      },
      nginx: new NginxPolicy(stateDir, { reload: options.nginxReload }),
      clock,
      postStatus: async (_repository, commit, status) => {
        posting.push({ sha: commit, status })
        // GitHub's answer takes this long.
        if (options.statusMs) await new Promise((resolve) => setTimeout(resolve, options.statusMs))
        statuses.push({ sha: commit, status })
      },
      build: build.run(() => checkedOut),
      freeBytes: async () => options.free ?? 1_000,
      undoWaitMs: options.undoWaitMs,
      log: () => undefined,
    })
    await started.start()
    if (settle) await started.idle()
    return started
  }
  const publisher = await startPublisher()
  const push = (commit: string, delivery = commit) =>
    publisher.receive({ kind: "push", delivery, repository: repo, branch: "main", commit })
  /** A new commit (or the one given) pushed, and the publisher done with it. */
  const publish = async (commit = git.commit()) => {
    await push(commit)
    await publisher.idle()
    return commit
  }
  const servedCommit = async () =>
    readFileSync(path.join(publicDirOf((await releases.current())!), "index.html"), "utf8")
  const finalStatus = (commit: string) =>
    statuses.filter((each) => each.sha === commit && each.status.state !== "pending").at(-1)?.status
  return {
    git,
    github,
    build,
    releases,
    publisher,
    live,
    statuses,
    posting,
    push,
    publish,
    servedCommit,
    finalStatus,
    clock,
    /** A new commit pushed, its build under way and held (until `build.release()`). */
    pushHeld: async () => {
      const before = build.built.length
      build.hold()
      const commit = git.commit()
      await push(commit)
      await build.started(before + 1)
      return commit
    },
    /** The server stopped (its build with it) and started again; `settle`: done catching up. */
    restart: async (settle = true) => {
      publisher.stop()
      // As the server stops (publishingServer.ts): what the history holds is on the disk first.
      await publisher.drain()
      return startPublisher(settle)
    },
  }
}

/** A publisher whose live version has the article dated 3 January 2030, its clock two days before. */
async function withDatedArticle() {
  const clock = new TestClock(Date.parse("2030-01-01T08:00:00"))
  const harness = await publisherWith({ clock })
  const dated = await harness.publish(harness.git.commit(springOnJanuary3))
  /** Its day comes, and the rebuild starts and is held until let go. */
  const dayComesHeld = async () => {
    harness.build.hold()
    clock.advance(Date.parse("2030-01-03T00:00:00"))
    await harness.build.started(2)
  }
  return { ...harness, clock, dated, dayComesHeld }
}

test("a burst of ten pushes during a build costs one more build, of the newest commit", async () => {
  const { pushHeld, git, build, publisher, push, servedCommit, finalStatus } = await publisherWith()
  // The first build is under way when the rest come.
  const first = await pushHeld()
  const burst: string[] = []
  for (let count = 0; count < 9; count += 1) {
    burst.push(git.commit())
    expect((await push(burst.at(-1)!)).outcome).toBe("accepted")
  }
  // The staff's page says they wait, before their build (and its record) starts, and that the
  // publisher is at work, so the page follows it.
  expect(await publisher.publishes()).toMatchObject({ waiting: 9, working: true })
  build.release()
  await publisher.idle()
  const done = await publisher.publishes()
  expect([done.waiting, done.working]).toEqual([undefined, undefined])
  expect(build.built).toEqual([first, burst.at(-1)])
  expect(await servedCommit()).toBe(burst.at(-1))
  // Listed under the newest, which names the eight it took along, newest first, by their titles:
  // whoever published one of them finds hers.
  const [together, alone] = done.records
  expect(together).toMatchObject({ commit: burst.at(-1), state: "live" })
  expect(together?.togetherWith).toEqual(
    burst
      .slice(0, -1)
      .reverse()
      .map((commit) => ({ commit, title: expect.any(String), author: expect.any(String) })),
  )
  expect(new Set(together?.togetherWith?.map((each) => each.title)).size).toBe(8)
  // The content files it changed against what was live before it (the fake's two, for any change).
  expect(together?.contentChanged).toEqual(["data/journal.json", "data/home.json"])
  expect(alone).toMatchObject({ commit: first, state: "replaced" })
  expect(alone?.togetherWith).toBeUndefined()
  // Every pushed commit hears it is live: the earlier ones with the newest.
  for (const commit of [first, ...burst]) expect(finalStatus(commit)?.state).toBe("success")
  expect(finalStatus(burst[0]!)?.description).toMatch(/with the later change/)
})

test("a refused edit leaves the live site, says why on the commit, and the next push still builds", async () => {
  const { build, publisher, servedCommit, finalStatus, publish } = await publisherWith()
  const before = await servedCommit()
  build.fail({
    ok: false,
    kind: "content",
    reason: "data/shop.json: category 1: 'count' must be a whole number",
  })
  const refused = await publish()
  expect(await servedCommit()).toBe(before)
  expect(finalStatus(refused)).toMatchObject({
    state: "failure",
    description: expect.stringContaining("the content check refused it: data/shop.json"),
    // GitHub cuts the words at 140 characters: the cross leads to the whole reason.
    targetUrl: expect.stringMatching(/\/admin\/members\/#publishing-heading$/),
  })
  const records = (await publisher.publishes()).records
  expect(records[0]).toMatchObject({
    commit: refused,
    state: "failed",
    reason: expect.stringContaining("'count'"),
  })
  build.fail({ ok: true })
  const fixed = await publish()
  expect(await servedCommit()).toBe(fixed)
  expect(finalStatus(fixed)?.state).toBe("success")
})

test("the same push again (replayed, or delivered twice) starts nothing", async () => {
  const { git, build, publisher, push, finalStatus } = await publisherWith()
  const commit = git.commit()
  expect((await push(commit, "delivery-1")).outcome).toBe("accepted")
  await publisher.idle()
  expect((await push(commit, "delivery-1")).outcome).toBe("duplicate")
  // Delivered again under another ID (GitHub's "Redeliver"), also after an undo.
  expect((await push(commit, "delivery-2")).outcome).toBe("duplicate")
  await publisher.rollback("eve-editor")
  expect((await push(commit, "delivery-3")).outcome).toBe("duplicate")
  // An older push again, while the branch has moved on: the head is built, and it is live.
  const older = sha(1)
  expect((await push(older, "delivery-4")).outcome).toBe("accepted")
  await publisher.idle()
  expect(build.built).toEqual([commit])
  expect(finalStatus(older)?.description).toBe(statusWords.alreadyLive)
})

test("a push that moves the branch back (a force-push to an earlier commit) is published", async () => {
  const { git, publisher, push, servedCommit, publish } = await publisherWith()
  const good = await publish()
  await publish()
  git.heads.set("main", good)
  await push(good, "force-push")
  await publisher.idle()
  expect(await servedCommit()).toBe(good)
})

test("a push to another branch is ignored", async () => {
  const { publisher, build } = await publisherWith()
  const answer = await publisher.receive({
    kind: "push",
    delivery: "x",
    repository: repo,
    branch: "cms/journal/spring",
    commit: sha(99),
  })
  expect(answer.outcome).toBe("ignored")
  await publisher.idle()
  expect(build.built).toEqual([])
})

// GitHub out of reach, or a token that expired: the publish failed before its record was made,
// and the staff's page and the editor's corner showed nothing, the corner saying "the website has
// not heard of your publish" (GitHub's status, posted with the same token, failed too).
test("a publish whose commit cannot be fetched is listed as not published, with why, and the next one goes live", async () => {
  const { git, github, publisher, push, publish, servedCommit } = await publisherWith()
  github.reachable = false
  const refused = git.commit()
  await push(refused)
  await publisher.idle()
  const { records } = await publisher.publishes()
  expect(records[0]).toMatchObject({
    kind: "publish",
    commit: refused,
    state: "failed",
    reason: failureWords.repository("Could not resolve host: github.com"),
  })
  github.reachable = true
  const next = await publish()
  expect(await servedCommit()).toBe(next)
})

test("a failure's reason names no folder of the server to the staff or on GitHub; a web address and the content's own files stay", async () => {
  const { git, build, publisher, push, finalStatus } = await publisherWith()
  const failed = git.commit()
  const said = (what: string) =>
    `${what}: fatal: not a git repository: /srv/evergrace/state/work/.git, nor '/tmp/x y' (see https://git-scm.com/docs/git-worktree, data/journal.json)`
  build.failOn(failed, { ok: false, kind: "build", reason: said("git checkout failed") })
  await push(failed)
  await publisher.idle()
  const shown = failureWords.build(
    "git checkout failed: fatal: not a git repository: (a folder on the server), nor '(a folder on the server) y' (see https://git-scm.com/docs/git-worktree, data/journal.json)",
  )
  expect((await publisher.publishes()).records[0]).toMatchObject({ state: "failed", reason: shown })
  expect(finalStatus(failed)?.description).toBe(statusWords.failed(shown))
})

test("undo puts the version before back, and it stays through a restart until the next push", async () => {
  const { publisher, servedCommit, publish } = await publisherWith()
  const second = await publish()
  const third = await publish()
  expect(await servedCommit()).toBe(third)
  expect(await publisher.rollback("eve-editor")).toMatchObject({
    result: "rolledBack",
    live: { commit: second },
  })
  expect(await servedCommit()).toBe(second)
  // The server starting again catches up with pushes it missed, not with the undone one.
  await publisher.start()
  await publisher.idle()
  expect(await servedCommit()).toBe(second)
  const fourth = await publish()
  expect(await servedCommit()).toBe(fourth)
})

test("undo takes the change out of the branch too: its commit has the earlier files, its push builds nothing, the next publish keeps the change out, and a second undo goes further back", async () => {
  const { git, build, publisher, publish, servedCommit, finalStatus } = await publisherWith()
  const second = await publish(git.commit({ journal: { articles: [{ title: "Spring" }] } }))
  const third = await publish(git.commit({ journal: { articles: [{ title: "A Wrong Price" }] } }))
  const answer = await publisher.rollback("eve-editor")
  expect(answer).toMatchObject({ result: "rolledBack", live: { commit: second } })
  expect(answer.message).toContain(undoneChangeOut)
  // Listed with the content files it changed, for the editor's corner to warn whoever has one open.
  expect((await publisher.publishes()).records[0]).toMatchObject({
    kind: "rollback",
    contentChanged: ["data/journal.json", "data/home.json"],
  })
  // A commit on the branch's head, as she would find it in the editor: the earlier version.
  const [undo] = git.undos
  expect(undo).toMatchObject({ parent: third, filesOf: second, by: "eve-editor" })
  expect(undo?.message).toContain("change 3")
  const undoCommit = git.heads.get("main")!
  expect(undoCommit).not.toBe(third)
  // GitHub announces it: it is live already, so nothing is built and GitHub says so.
  await publish(undoCommit)
  expect(build.built).toEqual([second, third])
  expect(finalStatus(undoCommit)?.description).toBe(statusWords.alreadyLive)
  expect(await servedCommit()).toBe(second)
  // A colleague's next change goes on top of the undo: the undone title stays out.
  const next = await publish()
  expect(await servedCommit()).toBe(next)
  const release = await new Releases(stateDir).current()
  const journal = readFileSync(path.join(release!.dir, "app", "data", "journal.json"), "utf8")
  expect(journal).toContain("Spring")
  expect(journal).not.toContain("A Wrong Price")
  // Undone too: the branch, holding what is live, takes that undo as well.
  expect(await publisher.rollback("eve-editor")).toMatchObject({ live: { commit: second } })
  expect(git.undos).toHaveLength(2)
  await publisher.idle()
})

test("undo of a publish that changed no file writes nothing into the branch: it has the version put back already", async () => {
  const { git, publisher, publish } = await publisherWith()
  const second = await publish()
  await publish(git.emptyCommit())
  const answer = await publisher.rollback("eve-editor")
  expect(answer).toMatchObject({ result: "rolledBack", live: { commit: second } })
  expect(answer.message).toContain(undoneChangeOut)
  expect(git.undos).toEqual([])
  await publisher.idle()
})

test("undo with a newer change pushed and not live yet, or a repository the server may only read: the site goes back, the branch is left, and the answer says the change is still in the editor", async () => {
  const { git, publisher, publish, push, pushHeld, build, servedCommit } = await publisherWith()
  const second = await publish()
  await publish()
  // A newer change is being built: the branch holds more than what is live.
  const newer = await pushHeld()
  const answer = await publisher.rollback("eve-editor")
  expect(answer).toMatchObject({ result: "rolledBack", live: { commit: second } })
  expect(answer.message).toContain(undoneChangeStays.notLive)
  expect(git.undos).toEqual([])
  build.release()
  await publisher.idle()
  expect(await servedCommit()).toBe(newer)

  git.remote.writable = false
  const answered = await publisher.rollback("eve-editor")
  expect(answered.result).toBe("rolledBack")
  expect(answered.message).toContain(undoneChangeStays.failed)
  expect(git.heads.get("main")).toBe(newer)
  await push(newer, "redelivered")
  await publisher.idle()
})

// The newer change is not on its way: its publish failed (the server's fault) or was refused.
test.each([
  ["failed", { ok: false, kind: "stopped", reason: "killed" }],
  ["was refused", { ok: false, kind: "content", reason: "data/shop.json: category 1" }],
] as const)(
  "undo with a newer change whose publish %s: the answer does not say it is on its way, but that the next publish brings the undone change back",
  async (_, failure) => {
    const { publisher, publish, build } = await publisherWith()
    await publish()
    const undone = await publish()
    build.fail(failure)
    await publish()
    build.fail({ ok: true })
    const answer = await publisher.rollback("eve-editor")
    expect(answer.result).toBe("rolledBack")
    expect(answer.live?.commit).not.toBe(undone)
    expect(answer.message).toContain(undoneChangeStays.notPublished)
    expect(answer.message).not.toContain(undoneChangeStays.notLive)
    await publisher.idle()
  },
)

// Nothing newer: the head is the publish last taken up, an undo before left it as it was.
test("a second undo after one that could not be written says so, not that a newer publish failed", async () => {
  const { git, publisher, publish } = await publisherWith()
  await publish()
  await publish()
  await publish()
  git.remote.writable = false
  expect((await publisher.rollback("eve-editor")).message).toContain(undoneChangeStays.failed)
  const second = await publisher.rollback("eve-editor")
  expect(second.result).toBe("rolledBack")
  expect(second.message).toContain(undoneChangeStays.undoneBefore)
  expect(second.message).not.toContain(undoneChangeStays.notPublished)
  await publisher.idle()
})

test("undo whose push GitHub refuses because a change was pushed since the server last looked: the answer says the change is still in the editor, not that the server failed", async () => {
  const { git, publisher, publish } = await publisherWith()
  const second = await publish()
  const third = await publish()
  git.remote.movedOn = true
  const answer = await publisher.rollback("eve-editor")
  expect(answer).toMatchObject({ result: "rolledBack", live: { commit: second } })
  expect(answer.message).toContain(undoneChangeStays.notLive)
  expect(git.heads.get("main")).toBe(third)
  await publisher.idle()
})

test("an undo answers as soon as the site is back, and the next publish goes live, while GitHub has not answered the undo's push", async () => {
  const { git, publisher, publish, push, servedCommit } = await publisherWith({ undoWaitMs: 500 })
  const second = await publish()
  await publish()
  // GitHub takes the undo's commit and does not answer (its push is given up after a minute).
  git.remote.answers = new Promise(() => undefined)
  const inTime = <T>(promise: Promise<T>) =>
    Promise.race([
      promise,
      new Promise<"no answer">((resolve) => setTimeout(resolve, 2000, "no answer")),
    ])
  const answer = await inTime(publisher.rollback("eve-editor"))
  expect(answer).toMatchObject({ result: "rolledBack", live: { commit: second } })
  expect(answer !== "no answer" && answer.message).toContain(undoneChangeLate)
  // A colleague publishes meanwhile: her change is built and goes live.
  const next = git.commit()
  await push(next)
  await inTime(publisher.idle())
  expect(await servedCommit()).toBe(next)
})

test("the staff's page says live of one record only: the version live now", async () => {
  const { publisher, publish } = await publisherWith()
  const second = await publish()
  const third = await publish()
  const states = async () =>
    (await publisher.publishes()).records.map((record) => [
      record.kind,
      record.commit,
      record.state,
    ])
  expect(await states()).toEqual([
    ["publish", third, "live"],
    ["publish", second, "replaced"],
  ])
  await publisher.rollback("eve-editor")
  expect(await states()).toEqual([
    ["rollback", second, "live"],
    ["publish", third, "replaced"],
    ["publish", second, "replaced"],
  ])
  await publisher.idle()
})

test("undo after an undo and a publish puts back what that publish replaced, not the version undone", async () => {
  const { publisher, servedCommit, publish } = await publisherWith()
  const second = await publish()
  await publish()
  await publisher.rollback("eve-editor")
  expect(await servedCommit()).toBe(second)
  await publish()
  expect((await publisher.publishes()).previous?.commit).toBe(second)
  expect(await publisher.rollback("eve-editor")).toMatchObject({ live: { commit: second } })
  expect(await servedCommit()).toBe(second)
  await publisher.idle()
})

test("npm run release:rollback with no server running goes back along what was live too", async () => {
  const { publisher, servedCommit, publish } = await publisherWith()
  const second = await publish()
  await publish()
  await publisher.rollback("eve-editor")
  await publish()
  publisher.stop()
  const { stdout } = await promisify(execFile)(
    path.resolve("node_modules/.bin/tsx"),
    ["scripts/release-rollback.ts"],
    { env: { ...process.env, PUBLISH_DIR: stateDir } },
  )
  expect(stdout).toContain(`The site is back to ${second.slice(0, 7)}`)
  // The branch still holds the undone change: the answer says the next publish brings it back.
  expect(stdout).toMatch(/still in the editor.*the next publish of any page puts it back/)
  expect(await servedCommit()).toBe(second)
  // The staff's page: the undo is live, and nothing else says so.
  const states = new History(stateDir).records().map((record) => [record.kind, record.state])
  expect(states.filter(([, state]) => state === "live")).toEqual([["rollback", "live"]])
}, 30_000)

test("after an undo, a push that moves the branch back to the live version builds nothing", async () => {
  const { git, build, publisher, push, publish, servedCommit } = await publisherWith()
  const second = await publish()
  const third = await publish()
  await publisher.rollback("eve-editor")
  git.heads.set("main", second)
  await push(second, "force-push")
  await publisher.idle()
  expect(build.built).toEqual([second, third])
  expect(await servedCommit()).toBe(second)
  expect((await publisher.publishes()).previous?.commit).not.toBe(second)
})

test("two undos confirmed together from what one page showed go back once", async () => {
  const { publisher, servedCommit, publish } = await publisherWith()
  for (let i = 0; i < 3; i++) await publish()
  const shown = (await publisher.publishes()).live?.release
  const answers = await Promise.all([
    publisher.rollback("ann", shown),
    publisher.rollback("bea", shown),
  ])
  expect(answers.map((answer) => answer.result).sort()).toEqual(["busy", "rolledBack"])
  expect(await servedCommit()).toBe(sha(3))
  await publisher.idle()
})

test("nginx refusing the new version's page policy leaves the live site, and says it was nginx", async () => {
  const { publisher, publish, servedCommit, finalStatus } = await publisherWith({
    nginxReload: "echo 'nginx: [emerg] unexpected end of file' >&2; exit 1",
  })
  const before = await servedCommit()
  const commit = await publish()
  expect(await servedCommit()).toBe(before)
  expect(finalStatus(commit)?.description).toBe(
    statusWords.failed(
      failureWords.nginx(
        "echo 'nginx: [emerg] unexpected end of file' >&2; exit 1 failed: nginx: [emerg] unexpected end of file",
      ),
    ),
  )
  expect((await publisher.publishes()).records[0]?.state).toBe("failed")
})

test("a full disk is refused before the build, in plain words, and the live site stays", async () => {
  const { build, servedCommit, finalStatus, publish } = await publisherWith({
    free: 10,
  })
  const before = await servedCommit()
  const commit = await publish()
  expect(build.built).toEqual([])
  expect(await servedCommit()).toBe(before)
  expect(finalStatus(commit)?.description).toMatch(/the server's disk is full \(0 MB free/)
})

// Her change is merged when it fails for the server's fault: she had no draft left to publish
// again, and only the next publish of any page, or a push by whoever manages the server, took it.
test("a publish the server could not build is offered again, and built again in the name of who asked; one its content refused is not", async () => {
  const { build, publisher, servedCommit, publish } = await publisherWith()
  build.fail({ ok: false, kind: "stopped", reason: "killed" })
  const stopped = await publish()
  expect((await publisher.publishes()).again).toMatchObject({ commit: stopped })
  build.fail({ ok: true })
  expect((await publisher.publishAgain("eve-editor")).result).toBe("started")
  await publisher.idle()
  expect(await servedCommit()).toBe(stopped)
  const answer = await publisher.publishes()
  expect(answer.records[0]).toMatchObject({ commit: stopped, state: "live", by: "eve-editor" })
  expect(answer.again).toBeUndefined()
  expect((await publisher.publishAgain("eve-editor")).result).toBe("nothingToPublish")

  build.fail({ ok: false, kind: "content", reason: "data/shop.json: category 1" })
  await publish()
  expect((await publisher.publishes()).again).toBeUndefined()
  expect((await publisher.publishAgain("eve-editor")).result).toBe("nothingToPublish")
  expect(build.built).toHaveLength(3)
})

// A dated article's rebuild builds the live version, not the branch's head: failed or live, her
// change is still not live, and built again it brings the day's articles with it.
test("a publish the server could not build is still the one offered after a dated article's rebuild, failed or live", async () => {
  const { build, publisher, servedCommit, publish, clock, dated } = await withDatedArticle()
  build.fail({ ok: false, kind: "stopped", reason: "killed" })
  const stopped = await publish()
  // The day comes and its rebuild fails too; the try ten minutes later goes live.
  clock.advance(Date.parse("2030-01-03T00:00:00"))
  await publisher.idle()
  let answer = await publisher.publishes()
  expect(answer.records[0]).toMatchObject({ kind: "goLive", state: "failed" })
  expect(answer.again).toEqual({ commit: stopped, title: expect.any(String) })
  build.fail({ ok: true })
  clock.advance(Date.parse("2030-01-03T00:10:00"))
  await publisher.idle()
  expect(build.built).toEqual([dated, stopped, dated, dated])
  answer = await publisher.publishes()
  expect(answer.records[0]).toMatchObject({ kind: "goLive", state: "live" })
  expect(answer.again).toEqual({ commit: stopped, title: expect.any(String) })

  expect((await publisher.publishAgain("eve-editor")).result).toBe("started")
  await publisher.idle()
  expect(await servedCommit()).toBe(stopped)
  expect((await publisher.publishes()).again).toBeUndefined()
})

// The branch's head holds the change undone (the undo could not be written, the newer publish
// failing): the dated day's rebuild offered again builds the live version, not the head.
test("a dated article's rebuild offered again after an undo builds the version put back, not the branch's head with the undone change", async () => {
  const { build, publisher, servedCommit, publish, clock, dated } = await withDatedArticle()
  const undone = await publish()
  build.fail({ ok: false, kind: "stopped", reason: "killed" })
  const failed = await publish()
  build.fail({ ok: true })
  expect((await publisher.rollback("eve-editor")).live).toMatchObject({ commit: dated })
  build.failOn(dated, { ok: false, kind: "stopped", reason: "killed" })
  clock.advance(Date.parse("2030-01-03T00:00:00"))
  await publisher.idle()
  expect((await publisher.publishes()).again).toMatchObject({ commit: dated, dated: true })
  build.failOn(dated, { ok: true })
  const before = build.built.length
  expect((await publisher.publishAgain("eve-editor")).result).toBe("started")
  await publisher.idle()
  expect(build.built.slice(before)).toEqual([dated])
  expect(await servedCommit()).toBe(dated)
  expect([undone, failed]).not.toContain(await servedCommit())
})

test("a dated article's day: the live version is built again at that moment, by the clock", async () => {
  const clock = new TestClock(Date.parse("2030-01-01T08:00:00"))
  const { git, build, publisher, push } = await publisherWith({ clock })
  const dated = git.commit(springOnJanuary3)
  await push(dated)
  await publisher.idle()
  expect(build.built).toEqual([dated])
  clock.advance(Date.parse("2030-01-02T23:59:59"))
  await publisher.idle()
  expect(build.built).toEqual([dated])
  clock.advance(Date.parse("2030-01-03T00:00:00"))
  await publisher.idle()
  expect(build.built).toEqual([dated, dated])
  // What it put on the website, by title: the staff are told (the list, the editor's corner).
  expect((await publisher.publishes()).records[0]).toMatchObject({
    kind: "goLive",
    commit: dated,
    state: "live",
    appeared: springOnJanuary3.journal.articles.map(({ title, date }) => ({
      name: title,
      day: date,
    })),
  })
})

test("a dated article's day that came while the server was down: built again as it starts", async () => {
  const clock = new TestClock(Date.parse("2030-01-01T08:00:00"))
  const { git, build, publisher, push, restart } = await publisherWith({ clock })
  const dated = git.commit(springOnJanuary3)
  await push(dated)
  await publisher.idle()
  publisher.stop()
  clock.advance(Date.parse("2030-01-03T09:00:00"))
  const started = await restart()
  await started.idle()
  expect(build.built).toEqual([dated, dated])
  expect((await started.publishes()).records[0]).toMatchObject({ kind: "goLive", state: "live" })
})

test("a dated article's day that came during the build: built again once it is live", async () => {
  const clock = new TestClock(Date.parse("2030-01-02T23:59:50"))
  const { git, build, publisher, push } = await publisherWith({ clock })
  build.hold()
  const dated = git.commit(springOnJanuary3)
  await push(dated)
  await build.started(1)
  clock.advance(Date.parse("2030-01-03T00:00:05"))
  build.release()
  await publisher.idle()
  expect(build.built).toEqual([dated, dated])
})

test("a dated article's day that came while a push waited, whose build then failed: the live version is built again", async () => {
  const clock = new TestClock(Date.parse("2030-01-02T23:00:00"))
  const { git, build, publisher, push, publish } = await publisherWith({ clock })
  const dated = await publish(git.commit(springOnJanuary3))
  build.hold()
  const third = git.commit()
  await push(third)
  await build.started(2)
  const refused = git.commit()
  build.failOn(refused, { ok: false, kind: "content", reason: "a count in words" })
  await push(refused)
  clock.advance(Date.parse("2030-01-03T00:00:05"))
  build.release()
  await publisher.idle()
  expect(build.built).toEqual([dated, third, refused, third])
  expect((await publisher.publishes()).records[0]).toMatchObject({ kind: "goLive", state: "live" })
})

test("a push made while the server was down, and a dated article's day that came then: one build", async () => {
  const { git, build, publisher, restart, clock, dated } = await withDatedArticle()
  publisher.stop()
  const missed = git.commit()
  clock.advance(Date.parse("2030-01-03T09:00:00"))
  const started = await restart()
  await started.idle()
  expect(build.built).toEqual([dated, missed])
})

test("a dated article's rebuild that ends after an undo leaves the undo live", async () => {
  const clock = new TestClock(Date.parse("2030-01-01T08:00:00"))
  const { git, build, publisher, push, servedCommit, publish } = await publisherWith({ clock })
  const second = await publish()
  const dated = git.commit(springOnJanuary3)
  await push(dated)
  await publisher.idle()
  build.hold()
  clock.advance(Date.parse("2030-01-03T00:00:00"))
  await build.started(3)
  expect(await publisher.rollback("eve-editor")).toMatchObject({ result: "rolledBack" })
  build.release()
  await publisher.idle()
  expect(await servedCommit()).toBe(second)
  const { records } = await publisher.publishes()
  expect(records.find((record) => record.kind === "goLive")).toMatchObject({
    kind: "goLive",
    state: "failed",
    reason: failureWords.undoneMeanwhile,
  })
})

test("a build the server stopped during says so after the restart, and is built again", async () => {
  const { git, build, push, restart, servedCommit, finalStatus } = await publisherWith()
  build.hold()
  const commit = git.commit()
  await push(commit)
  await build.started(1)
  // The process ended mid-build (a deploy, the out-of-memory killer): its promises with it.
  build.abandon()
  const started = await restart()
  await started.idle()
  expect(await servedCommit()).toBe(commit)
  const lines = (await started.publishes()).records.map((record) => [record.commit, record.state])
  expect(lines).toEqual([
    [commit, "live"],
    [commit, "failed"],
  ])
  expect((await started.publishes()).records[1]?.reason).toBe(failureWords.serverStopped)
  // The commit's status on GitHub follows: the restart's build put it live.
  expect(finalStatus(commit)).toMatchObject({ state: "success", description: statusWords.live })
})

test("a push built and one waiting when the server stops: the restart's build answers both on GitHub", async () => {
  const { pushHeld, git, build, push, restart, servedCommit, finalStatus } = await publisherWith()
  const first = await pushHeld()
  const second = git.commit()
  await push(second)
  build.abandon() // the process ended: the held build never ends
  const started = await restart()
  await started.idle()
  expect(await servedCommit()).toBe(second)
  expect(finalStatus(second)).toMatchObject({ state: "success", description: statusWords.live })
  expect(finalStatus(first)).toMatchObject({
    state: "success",
    description: statusWords.liveWith(second),
  })
})

test("a build stopped with the server: the restart's build that fails is built again from a clean cache", async () => {
  const { pushHeld, build, restart, servedCommit } = await publisherWith()
  // What a build stopped half-way may leave: a cache every later build fails on.
  const brokenCache = path.join(stateDir, "work", ".cache", "half-written")
  const run = build.run
  build.run = (commitOf) => async (options) =>
    existsSync(brokenCache)
      ? { ok: false, kind: "build", reason: "Cannot read properties of undefined" }
      : run(commitOf)(options)
  const first = await pushHeld()
  await mkdir(path.dirname(brokenCache), { recursive: true })
  await writeFile(brokenCache, "")
  build.abandon()
  const started = await restart()
  await started.idle()
  expect(await servedCommit()).toBe(first)
  expect(existsSync(brokenCache)).toBe(false)
})

test("a build Gatsby failed leaves no cache behind: publishing it again builds from nothing", async () => {
  const { git, build, restart } = await publisherWith()
  // What a failed build may leave: a cache that says its pages are made, and old pages.
  const staleState = path.join(stateDir, "work", ".cache", "redux", "pages-made")
  const stalePage = path.join(stateDir, "work", "public", "shop", "index.html")
  const leftBehind: boolean[] = []
  const run = build.run
  let failNext = true
  build.run = (commitOf) => async (options) => {
    leftBehind.push(existsSync(staleState) || existsSync(stalePage))
    if (!failNext) return run(commitOf)(options)
    failNext = false
    for (const file of [staleState, stalePage]) {
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, "")
    }
    return { ok: false, kind: "build", reason: "Worker exited before finishing task" }
  }
  const publisher = await restart() // one with the build above
  const failed = await pushedTo(publisher, git.commit())
  expect((await publisher.publishes()).again).toMatchObject({ commit: failed })
  expect((await publisher.publishAgain("eve-editor")).result).toBe("started")
  await publisher.idle()
  expect(leftBehind).toEqual([false, false])
})

test("a picture the build could not read: the list names it and what to do, and does not offer to publish it again as it is", async () => {
  const { build, publisher, publish } = await publisherWith()
  const picture = "data/images/dresses-new.jpg"
  build.fail({ ok: false, kind: "picture", reason: picture })
  await publish()
  const { records, again } = await publisher.publishes()
  expect(records[0]).toMatchObject({ state: "failed", reason: failureWords.picture(picture) })
  expect(again).toBeUndefined()
})

test("a push of the head that comes while the build fetches joins that build too: a failing head is built once", async () => {
  const { git, github, build, publisher, push, finalStatus } = await publisherWith()
  const first = git.commit()
  const second = git.commit() // on GitHub already: the first push's build fetches it as the head
  build.failOn(second, { ok: false, kind: "build", reason: "boom" })
  let open = () => {}
  github.gate = new Promise((resolve) => (open = resolve))
  await push(first)
  while (github.fetching === 0) await new Promise((resolve) => setTimeout(resolve, 5))
  await push(second) // its own webhook, during the fetch
  open()
  await publisher.idle()
  expect(build.built).toEqual([second])
  expect(finalStatus(second)?.state).toBe("failure")
})

test("a build killed at its time limit, then a restart: the next build that fails is built again from a clean cache", async () => {
  const { git, build, restart, servedCommit } = await publisherWith()
  const brokenCache = path.join(stateDir, "work", ".cache", "half-written")
  const run = build.run
  let timeOut = true
  build.run = (commitOf) => async (options) => {
    if (timeOut) {
      timeOut = false
      // Past the build's time limit: killed half-way, its cache left half-written.
      await mkdir(path.dirname(brokenCache), { recursive: true })
      await writeFile(brokenCache, "")
      return { ok: false, kind: "stopped", reason: "the gatsby build took too long" }
    }
    return existsSync(brokenCache)
      ? { ok: false, kind: "build", reason: "Cannot read properties of undefined" }
      : run(commitOf)(options)
  }
  /** A new commit pushed to this server's publisher, and that publisher done with it. */
  const publishOn = (publisher: Publisher) => pushedTo(publisher, git.commit())
  await publishOn(await restart()) // a publisher with the build above
  const second = await publishOn(await restart()) // a deploy before the next push
  expect(await servedCommit()).toBe(second)
})

test("the head an earlier push's build fetched is answered after a restart, though its own push was lost", async () => {
  const { git, build, push, restart, finalStatus } = await publisherWith()
  const first = git.commit()
  const second = git.commit() // fetched as the head by the first push's build
  build.hold()
  await push(first)
  await build.started(1)
  build.abandon() // the server stops; its own webhook is lost while it is down
  git.commit() // and the branch moves on meanwhile
  const started = await restart()
  await started.idle()
  expect(finalStatus(second)?.state).toBe("success")
})

test("a publish that ends as the server stops: its commit's final status still reaches GitHub", async () => {
  const { git, publisher, push, posting, finalStatus } = await publisherWith({ statusMs: 50 })
  const commit = git.commit()
  await push(commit)
  // Live, and its final status on its way to GitHub, which has not answered yet.
  const final = () => posting.some((each) => each.sha === commit && each.status.state !== "pending")
  while (!final()) await new Promise((resolve) => setTimeout(resolve, 5))
  expect(finalStatus(commit)).toBeUndefined()
  publisher.stop() // systemd's SIGTERM: the server stops as below (publishingServer.ts)
  await publisher.drain()
  expect(finalStatus(commit)).toMatchObject({ state: "success", description: statusWords.live })
})

test("a commit fetched by an earlier push's build is answered live, though its own push comes late", async () => {
  const { git, publisher, push, servedCommit, statuses } = await publisherWith()
  const first = git.commit()
  const second = git.commit() // on GitHub before the first push's build fetched
  await push(first)
  await publisher.idle()
  expect(await servedCommit()).toBe(second)
  await push(second) // its webhook, late (or delivered again by hand)
  await publisher.idle()
  const ofSecond = statuses.filter((each) => each.sha === second).map((each) => each.status)
  expect(ofSecond.at(-1)).toMatchObject({ state: "success", description: statusWords.live })
})

test("a push of the commit being built joins that build: no second build, no waiting for itself", async () => {
  const { git, build, publisher, push, statuses } = await publisherWith()
  const first = git.commit()
  const second = git.commit()
  build.hold()
  await push(first)
  await build.started(1)
  await push(second)
  build.release()
  await publisher.idle()
  const ofSecond = statuses.filter((each) => each.sha === second)
  expect(ofSecond.map((each) => each.status.description)).toEqual([
    statusWords.building,
    statusWords.building,
    statusWords.live,
  ])
  expect(build.built).toEqual([second])
})

test("after an undo, the server's restart says nothing on GitHub of the undone commit", async () => {
  const { publisher, publish, restart, servedCommit, statuses } = await publisherWith()
  const second = await publish()
  const third = await publish()
  await publisher.rollback("eve-editor")
  const posted = statuses.length
  const started = await restart()
  await started.idle()
  expect(await servedCommit()).toBe(second)
  expect(statuses.slice(posted)).toEqual([])
  expect(statuses.filter((each) => each.sha === third).at(-1)?.status.state).toBe("success")
})

test("a commit refused (its packages differ), then put live by the server's restart, is marked live on GitHub", async () => {
  const { git, build, publish, restart, servedCommit, finalStatus } = await publisherWith()
  const commit = git.commit()
  build.failOn(commit, { ok: false, kind: "build", reason: "package-lock.json differs" })
  await publish(commit)
  expect(finalStatus(commit)?.state).toBe("failure")
  build.failOn(commit, { ok: true })
  const started = await restart()
  await started.idle()
  expect(await servedCommit()).toBe(commit)
  expect(finalStatus(commit)).toMatchObject({ state: "success", description: statusWords.live })
})

test("stopped while old releases are pruned, just after going live: the record still says live", async () => {
  const { git, releases, push, restart, servedCommit } = await publisherWith()
  const prune = releases.prune.bind(releases)
  let pruning = () => {}
  const pruned = new Promise<void>((resolve) => (pruning = resolve))
  releases.prune = () => {
    pruning()
    return new Promise(() => undefined) // deleting old releases, never ending here
  }
  const commit = git.commit()
  await push(commit)
  await pruned
  expect(await servedCommit()).toBe(commit)
  releases.prune = prune
  const started = await restart() // a deploy's SIGTERM, or the out-of-memory killer, then
  expect((await started.publishes()).records[0]).toMatchObject({ commit, state: "live" })
})

test("a version nginx refused is refused again while nginx still refuses it, and goes live once nginx takes it", async () => {
  const broken = path.join(stateDir, "nginx-broken")
  const loaded = path.join(stateDir, "nginx-loaded.conf")
  const reload = `if [ -f ${broken} ]; then echo 'nginx: [emerg] no certificate' >&2; exit 1; fi; cp ${stateDir}/nginx/csp.conf ${loaded}`
  const { git, publisher, push, publish, servedCommit, finalStatus } = await publisherWith({
    nginxReload: reload,
  })
  const before = await servedCommit()
  await writeFile(broken, "")
  const commit = await publish(git.commit())
  expect(await servedCommit()).toBe(before)
  // Pushed again (GitHub's Redeliver, or the staff once more): nginx is asked again, not the file.
  await push(commit, "again")
  await publisher.idle()
  expect(await servedCommit()).toBe(before)
  expect(finalStatus(commit)?.state).toBe("failure")

  await rm(broken)
  await push(commit, "fixed")
  await publisher.idle()
  expect(await servedCommit()).toBe(commit)
  expect(readFileSync(loaded, "utf8")).toContain(`sha256-${commit.slice(0, 7)}`)
})

test("a dated article's day while GitHub cannot be reached: the live version is built all the same", async () => {
  const { github, build, publisher, clock, dated } = await withDatedArticle()
  github.reachable = false
  clock.advance(Date.parse("2030-01-03T00:00:00"))
  await publisher.idle()
  expect(build.built).toEqual([dated, dated])
  expect((await publisher.publishes()).records[0]).toMatchObject({ kind: "goLive", state: "live" })
})

test("a dated article's rebuild that fails is tried again ten minutes later, without a push", async () => {
  const { build, publisher, clock, dated } = await withDatedArticle()
  build.failOn(dated, { ok: false, kind: "build", reason: "out of memory" })
  clock.advance(Date.parse("2030-01-03T00:00:00"))
  await publisher.idle()
  expect((await publisher.publishes()).records[0]).toMatchObject({
    kind: "goLive",
    state: "failed",
  })
  build.failOn(dated, { ok: true })
  clock.advance(Date.parse("2030-01-03T00:09:59"))
  await publisher.idle()
  expect(build.built).toEqual([dated, dated])
  clock.advance(Date.parse("2030-01-03T00:10:00"))
  await publisher.idle()
  expect(build.built).toEqual([dated, dated, dated])
  expect((await publisher.publishes()).records[0]).toMatchObject({ kind: "goLive", state: "live" })
})

test("a dated article's rebuild that keeps failing is tried three times more, further apart, then at each midnight", async () => {
  const { build, publisher, clock, dated } = await withDatedArticle()
  build.failOn(dated, { ok: false, kind: "build", reason: "out of memory" })
  const at = async (time: string) => {
    clock.advance(Date.parse(time))
    await publisher.idle()
    return build.built.length - 1
  }
  expect(await at("2030-01-03T00:00:00")).toBe(1)
  expect(await at("2030-01-03T00:10:00")).toBe(2)
  expect(await at("2030-01-03T00:29:59")).toBe(2)
  expect(await at("2030-01-03T00:30:00")).toBe(3)
  expect(await at("2030-01-03T01:10:00")).toBe(4)
  expect(await at("2030-01-03T23:59:59")).toBe(4)
  // Whoever manages the server mends it during the day: the next midnight puts the article live.
  build.failOn(dated, { ok: true })
  expect(await at("2030-01-04T00:00:00")).toBe(5)
  const records = (await publisher.publishes()).records
  expect(records.filter((record) => record.kind === "goLive")).toHaveLength(5)
  expect(records[0]).toMatchObject({ kind: "goLive", state: "live" })
  expect(records.filter((record) => record.state === "live")).toHaveLength(1)
})

// Its reason says to publish it again from the members' list page: the page offers it.
test("a dated article's rebuild stopped by the server's fault is offered again, and published again it puts the article live at once", async () => {
  const { build, publisher, clock, dated, servedCommit } = await withDatedArticle()
  build.failOn(dated, { ok: false, kind: "stopped", reason: "the gatsby build took too long" })
  clock.advance(Date.parse("2030-01-03T00:00:00"))
  await publisher.idle()
  const failed = (await publisher.publishes()).records[0]
  expect(failed).toMatchObject({ kind: "goLive", state: "failed" })
  expect((await publisher.publishes()).again).toEqual({
    commit: failed?.commit,
    title: failed?.title,
    dated: true,
  })
  build.failOn(dated, { ok: true })
  expect((await publisher.publishAgain("eve-editor")).result).toBe("started")
  await publisher.idle()
  expect(build.built).toEqual([dated, dated, dated])
  expect(await servedCommit()).toBe(dated)
  const answer = await publisher.publishes()
  expect(answer.records[0]).toMatchObject({ commit: dated, state: "live", by: "eve-editor" })
  expect(answer.again).toBeUndefined()
  // The rebuild's own next try is not needed any more.
  clock.advance(Date.parse("2030-01-03T00:10:00"))
  await publisher.idle()
  expect(build.built).toHaveLength(3)
})

test("a dated article's rebuild that was stopped: a commit pushed to retry, as its reason says, builds it at once, even one that changes no file", async () => {
  const { git, build, publisher, clock, dated, push } = await withDatedArticle()
  build.failOn(dated, { ok: false, kind: "stopped", reason: "the gatsby build took too long" })
  clock.advance(Date.parse("2030-01-03T00:00:00"))
  await publisher.idle()
  expect((await publisher.publishes()).records[0]?.reason).toBe(
    failureWords.stopped("the gatsby build took too long"),
  )
  // Whoever manages the server mends it, and pushes again (git commit --allow-empty).
  build.failOn(dated, { ok: true })
  clock.advance(Date.parse("2030-01-03T00:05:00"))
  const retry = git.emptyCommit()
  await push(retry)
  await publisher.idle()
  expect(build.built).toEqual([dated, dated, retry])
  expect((await publisher.publishes()).records[0]).toMatchObject({ commit: retry, state: "live" })
})

test("a dated article's rebuild the content check refuses is not tried again: it would fail the same way", async () => {
  const { build, publisher, clock, dated } = await withDatedArticle()
  build.failOn(dated, {
    ok: false,
    kind: "content",
    reason: "journal.json: the article has no picture",
  })
  clock.advance(Date.parse("2030-01-03T00:00:00"))
  await publisher.idle()
  clock.advance(Date.parse("2030-01-04T00:00:00"))
  await publisher.idle()
  expect(build.built).toEqual([dated, dated])
})

test("a dated article's rebuild that fails after an undo is not tried again: the undone-to version is live", async () => {
  const { build, publisher, clock, dated, dayComesHeld } = await withDatedArticle()
  await dayComesHeld()
  expect(await publisher.rollback("eve-editor")).toMatchObject({ result: "rolledBack" })
  build.fail({ ok: false, kind: "build", reason: "out of memory" })
  build.release()
  await publisher.idle()
  build.fail({ ok: true })
  clock.advance(Date.parse("2030-01-04T00:00:00"))
  await publisher.idle()
  expect(build.built).toEqual([dated, dated])
})

test("a dated article's rebuild stopped with the server is not tried again by the stopped publisher", async () => {
  const { build, publisher, clock, dayComesHeld } = await withDatedArticle()
  await dayComesHeld()
  publisher.stop()
  build.fail({ ok: false, kind: "stopped", reason: "killed" })
  build.release()
  await publisher.idle()
  build.fail({ ok: true })
  clock.advance(Date.parse("2030-01-03T02:00:00"))
  await publisher.idle()
  expect(build.built).toHaveLength(2)
})

// Decap looks for the preview after a save and stops at the first status of its context, whatever
// its state: a "pending" one posted as the build began left "Check for Preview" waiting for her
// click on every draft (src/previews/commitStatus.ts).
test("a draft's commit gets one preview status, once the preview is ready, and none while it builds", async () => {
  const { git, publisher, build, statuses } = await publisherWith()
  const draft = git.commit()
  git.heads.set("cms/pages/shop", draft)
  build.hold()
  await publisher.receive(draftSaved("cms/pages/shop", draft))
  await build.started(1)
  expect(statuses.filter((each) => each.sha === draft)).toEqual([])
  build.release()
  await publisher.idle()
  expect(statuses.filter((each) => each.sha === draft)).toEqual([
    {
      sha: draft,
      status: expect.objectContaining({ state: "success", context: previewContext }),
    },
  ])
})

// Her Publish waited for the preview of the same draft, saved a moment before, to be built: a
// minute or more, where the guide promises a quarter of one.
test("a publish stops a preview's build and goes first; the preview is built after it, its draft's one status its outcome", async () => {
  const { git, publisher, build, push, statuses, servedCommit } = await publisherWith()
  const draft = git.commit()
  git.heads.set("main", sha(1))
  git.heads.set("cms/pages/shop", draft)
  build.hold()
  await publisher.receive(draftSaved("cms/pages/shop", draft))
  await build.started(1)
  expect(publisher.currentBuild).toBe(draft)
  // Published: the draft merged into main.
  const merged = git.commit()
  await push(merged)
  await build.started(2)
  expect(build.built.slice(0, 2)).toEqual([draft, merged])
  // The publish is built now, not after the preview.
  expect(publisher.currentBuild).toBe(merged)
  build.release()
  await publisher.idle()
  expect(await servedCommit()).toBe(merged)
  // GitHub's first word on it named no draft's commit as built first.
  expect(statuses.find((each) => each.sha === merged)?.status).toMatchObject({
    state: "pending",
    description: statusWords.waiting(undefined),
  })
  // Then the draft's preview, built again from its start.
  expect(build.built).toEqual([draft, merged, draft])
  expect(statuses.filter((each) => each.sha === draft)).toEqual([
    {
      sha: draft,
      status: expect.objectContaining({ state: "success", context: previewContext }),
    },
  ])
  const previews = (await publisher.publishes()).records.filter((r) => r.kind === "preview")
  expect(previews[0]).toMatchObject({ state: "ready", commit: draft })
})

test("a draft's preview whose build was stopped says to save the draft again, not to publish it again: the page offers nothing for a preview", async () => {
  const { git, publisher, build, statuses } = await publisherWith()
  const draft = git.commit()
  git.heads.set("cms/pages/shop", draft)
  build.failOn(draft, { ok: false, kind: "stopped", reason: "the gatsby build took too long" })
  await publisher.receive(draftSaved("cms/pages/shop", draft))
  await publisher.idle()
  const reason = failureWords.previewStopped("the gatsby build took too long")
  expect((await publisher.publishes()).records[0]).toMatchObject({
    kind: "preview",
    state: "failed",
    reason,
  })
  expect(statuses.find((each) => each.sha === draft)?.status.description).toBe(
    statusWords.previewFailed(reason),
  )
  expect(await publisher.publishAgain("eve-editor")).toMatchObject({ result: "nothingToPublish" })
})

test("as the server starts it builds the previews it missed, with their status: a draft saved while it was down, and one whose build the stop cut short; not one built or refused", async () => {
  const { git, publisher, build, restart, statuses } = await publisherWith()
  /** A draft saved on its own branch; main as it was. */
  const draft = (branch: string) => {
    const commit = git.commit()
    git.heads.set("main", sha(1))
    git.heads.set(branch, commit)
    return commit
  }
  const previewOf = async (branch: string, commit: string) => {
    await publisher.receive(draftSaved(branch, commit))
    await publisher.idle()
  }
  await previewOf("cms/pages/shop", draft("cms/pages/shop"))
  const refused = draft("cms/pages/about")
  build.failOn(refused, { ok: false, kind: "content", reason: "data/about.json: no picture" })
  await previewOf("cms/pages/about", refused)
  // Its build under way as the server stops, which stops it.
  const cut = draft("cms/pages/home")
  build.failOn(cut, { ok: false, kind: "stopped", reason: "killed" })
  build.hold()
  await publisher.receive(draftSaved("cms/pages/home", cut))
  await build.started(build.built.indexOf(refused) + 2)
  publisher.stop()
  build.release()
  await publisher.idle()
  // Saved while the server was down: its webhook never reached it.
  const missed = draft("cms/journal/spring")
  build.failOn(cut, { ok: true })
  const before = build.built.length
  const started = await restart()
  await started.idle()
  expect(build.built.slice(before).filter((commit) => commit !== sha(1))).toEqual([cut, missed])
  for (const commit of [cut, missed]) {
    expect(statuses.filter((each) => each.sha === commit)).toEqual([
      {
        sha: commit,
        status: expect.objectContaining({ state: "success", context: previewContext }),
      },
    ])
  }
})

test("as the server starts it does not build a preview again that it built, however many publishes since; stopped during its catch-up, it starts no preview", async () => {
  const { git, publisher, build, restart, publish } = await publisherWith()
  const built = git.commit()
  git.heads.set("main", sha(1))
  git.heads.set("cms/pages/shop", built)
  await publisher.receive(draftSaved("cms/pages/shop", built))
  await publisher.idle()
  // More publishes than the history keeps records of.
  for (let count = 0; count < 101; count += 1) await publish()
  const before = build.built.length
  const started = await restart()
  expect(build.built.slice(before)).toEqual([])

  // Down again: a push and a draft saved meanwhile. As it starts, the server is stopped (a
  // deploy) during its build of the push: nothing more is built, the missed preview neither.
  started.stop()
  await started.drain()
  const missed = git.commit()
  git.heads.set("cms/journal/spring", missed)
  git.heads.set("main", git.commit())
  build.hold()
  const again = await restart(false)
  await build.started(before + 1)
  again.stop()
  build.release()
  await again.idle()
  expect(build.built.slice(before)).toHaveLength(1)
  expect(build.built).not.toContain(missed)
})

// The editor's corner shows a draft's newest preview record at its entry: a failure left there once
// the draft is gone would stand over the page's own news for good (src/publishing/staffPage).
test("a draft whose preview could not be built, once published or deleted, leaves its failure behind", async () => {
  const { git, publisher, build, restart } = await publisherWith()
  const failedPreview = async (branch: string) => {
    const draft = git.commit()
    git.heads.set(branch, draft)
    build.failOn(draft, { ok: false, kind: "content", reason: "data/shop.json: category 1" })
    await publisher.receive(draftSaved(branch, draft))
    await publisher.idle()
    return draft
  }
  const newest = async (branch: string, from = publisher) =>
    (await from.publishes()).records.find((record) => record.branch === branch)?.state

  // Published: GitHub's webhook says its pull request closed.
  const shop = await failedPreview("cms/pages/shop")
  expect(await newest("cms/pages/shop")).toBe("failed")
  git.heads.delete("cms/pages/shop")
  await publisher.receive({
    ...draftSaved("cms/pages/shop", shop),
    delivery: "closed",
    action: "close",
  })
  await publisher.idle()
  expect(await newest("cms/pages/shop")).toBe("removed")

  // Deleted while the server was down: no webhook, only the branch gone.
  await failedPreview("cms/pages/about")
  publisher.stop()
  git.heads.delete("cms/pages/about")
  const started = await restart()
  expect(await newest("cms/pages/about", started)).toBe("removed")
})

test("a draft's preview built again, then removed: its earlier records no longer say it is ready", async () => {
  const { git, publisher } = await publisherWith()
  const branch = "cms/pages/shop"
  const saved = async () => {
    const draft = git.commit()
    git.heads.set(branch, draft)
    await publisher.receive(draftSaved(branch, draft))
    await publisher.idle()
  }
  const states = async () =>
    (await publisher.publishes()).records
      .filter((record) => record.branch === branch)
      .map((record) => record.state)
  await saved()
  await saved()
  expect(await states()).toEqual(["ready", "replaced"])
  git.heads.delete(branch)
  await publisher.receive({
    ...draftSaved(branch, git.commit()),
    delivery: "closed",
    action: "close",
  })
  await publisher.idle()
  expect(await states()).toEqual(["removed", "replaced", "replaced"])
})

test("a draft merged or deleted while the server was down loses its preview when the server starts", async () => {
  const { git, publisher, restart } = await publisherWith()
  const draft = git.commit()
  git.heads.set("main", sha(1))
  git.heads.set("cms/journal/spring", draft)
  git.heads.set("cms/journal/summer", draft)
  const opened = (branch: string) => publisher.receive(draftSaved(branch, draft))
  await opened("cms/journal/spring")
  await opened("cms/journal/summer")
  await publisher.idle()
  const previews = new Previews(stateDir)
  expect(await previews.names()).toEqual(["cms-journal-spring", "cms-journal-summer"])
  publisher.stop()
  // Merged on GitHub while the server was restarting: the webhook never reached it.
  git.heads.delete("cms/journal/spring")
  git.heads.set("main", draft)
  const started = await restart()
  expect(await previews.names()).toEqual(["cms-journal-summer"])
  const { records } = await started.publishes()
  expect(records.filter((record) => record.state === "removed")).toMatchObject([
    { kind: "preview", branch: "cms/journal/spring", commit: draft },
  ])
})

test("a build log that cannot be written (a full disk) is lost and said once; the server goes on", async () => {
  // A folder where the log would be: its writes fail as a full disk's do, with an error event.
  const where = path.join(stateDir, "logs-gone")
  await mkdir(where)
  const said: string[] = []
  const log = buildLog(where, (error) => said.push(error.message))
  log.write("content check\n")
  await new Promise((resolve) => setTimeout(resolve, 100))
  log.write("gatsby build\n")
  log.end()
  await new Promise((resolve) => setTimeout(resolve, 100))
  expect(said).toEqual([expect.stringMatching(/EISDIR/)])
})

test("a history the server cannot read is kept aside and said, and the server starts afresh", async () => {
  const file = path.join(stateDir, "publishes.json")
  await writeFile(file, '{"records": [{"id": "half-writ')
  const said = jest.spyOn(console, "error").mockImplementation(() => {})
  try {
    const history = new History(stateDir)
    expect(history.records()).toEqual([])
    expect(existsSync(file)).toBe(false)
    const aside = readdirSync(stateDir).filter((name) =>
      name.startsWith("publishes.json.unreadable-"),
    )
    expect(aside).toHaveLength(1)
    expect(readFileSync(path.join(stateDir, aside[0]!), "utf8")).toContain("half-writ")
    expect(said.mock.calls.flat().join(" ")).toMatch(
      /publishes\.json could not be read .* kept as .*unreadable-/,
    )
  } finally {
    said.mockRestore()
  }
})
