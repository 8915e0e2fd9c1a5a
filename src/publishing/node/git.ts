import { type ChildProcess, execFile, spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { mkdir } from "node:fs/promises"
import path from "node:path"
import { cmsCollections, contentLabel } from "../../content/model"
import { escapeRegExp } from "../../utils/escapeRegExp"
import { withoutCredentials } from "./settings"

/**
 * The repository, through the real `git`: a bare copy of PUBLISH_REPO's branches in the state
 * folder (`repo.git`, fetched before every build), and the builds' working copy made from it
 * (`git worktree`), moved from commit to commit so Gatsby's cache in it lasts. The address is
 * passed at each fetch, never written into the copy, and never logged with its credentials.
 */

export interface CommitInfo {
  sha: string
  title: string
  author: string
}

export class GitError extends Error {}

/** An undo's push refused because the branch moved on: someone published a newer change. */
export class PushedSince extends GitError {}

/** An undo's push that GitHub has not taken by then is given up (the undo answers before). */
const pushMs = 60_000

/**
 * A fetch that has not ended by then is stopped, and the publish fails saying so: a connection
 * that stalls must not hold every later publish, undo and dated article behind it. Ample for a
 * boutique's repository, pictures and all, the first time.
 */
const fetchMs = 10 * 60_000

export interface UndoCommit {
  /** The branch's head it goes on. */
  parent: string
  /** The commit whose files it holds: the version the undo put back. */
  filesOf: string
  message: string
  /** Who asked, as the commit's author. */
  by: string
}

/** GitHub's title for the merge of a CMS draft's pull request (a `cms/…` branch). */
const cmsMerge = /^Merge pull request #\d+ from [^/\s]+\/cms\//

/**
 * Decap's message for a saved entry (decap-cms-core's default, "Update Pages “journal”"): the
 * same words for every publish of a page, so the staff read the page's label, as the CMS lists
 * it ("Style journal page"). A message written by hand is kept as written.
 */
const decapEntryMessage = new RegExp(
  `^(?:Create|Update|Delete) (?:${Object.values(cmsCollections)
    .map(({ label }) => escapeRegExp(label))
    .join("|")}) “([^”]+)”$`,
)

function staffTitle(message: string): string {
  return contentLabel(decapEntryMessage.exec(message)?.[1]) ?? message
}

/** Git's environment: never a prompt for a password, which no one would answer. */
const gitEnv = () => ({ ...process.env, GIT_TERMINAL_PROMPT: "0" })

/** `timeoutMs`: the command is stopped after that long, and fails (no limit by default). */
export function git(args: readonly string[], cwd: string, timeoutMs = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      args,
      {
        cwd,
        maxBuffer: 16 * 1024 * 1024,
        env: gitEnv(),
        timeout: timeoutMs,
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout.trim())
        const stopped = error.killed ? `stopped after ${timeoutMs / 1000} s` : ""
        const said = withoutCredentials(stderr.trim().split("\n").slice(-3).join(" ") || stopped)
        // Named by its command, past any `-c name=value` before it.
        const command = args.find((arg, at) => !arg.startsWith("-") && args[at - 1] !== "-c")
        reject(new GitError(`git ${command} failed: ${said || error.message}`))
      },
    )
  })
}

/** A commit as the staff read it, from `cwd`: a bare copy, or a checkout (the server's own). */
export async function commitInfo(cwd: string, revision: string): Promise<CommitInfo> {
  const [sha = "", title = "", author = "", parents = ""] = (
    await git(["show", "--no-patch", "--format=%H%n%s%n%an%n%P", revision], cwd)
  ).split("\n")
  // A draft the CMS published is GitHub's merge of its branch, "Merge pull request #12 from
  // owner/cms/pages/journal": the staff read the draft's own words instead (its last save's
  // message), and for Decap's own words the page's label.
  const draft = parents.split(" ")[1]
  const message =
    draft && cmsMerge.test(title)
      ? await git(["show", "--no-patch", "--format=%s", draft], cwd)
      : title
  return { sha, title: staffTitle(message), author }
}

export class Repository {
  constructor(
    /** The bare copy: <state>/repo.git. */
    readonly gitDir: string,
    private readonly remote: string,
    private readonly timeouts = { fetchMs },
  ) {}

  /** The fetch under way: two at once into one copy fail on a ref both change ("cannot lock ref"). */
  private fetching: Promise<unknown> = Promise.resolve()

  /** Every branch of PUBLISH_REPO, as it is now; a branch deleted there is deleted here. */
  fetch(): Promise<void> {
    const fetched = this.fetching.then(() => this.fetchNow())
    this.fetching = fetched.catch(() => undefined)
    return fetched
  }

  private async fetchNow(): Promise<void> {
    if (!existsSync(path.join(this.gitDir, "HEAD"))) {
      await mkdir(this.gitDir, { recursive: true })
      await git(["init", "--quiet", "--bare"], this.gitDir)
    }
    const remote = isPath(this.remote) ? path.resolve(this.remote) : this.remote
    await git(
      ["fetch", "--quiet", "--prune", "--no-tags", remote, "+refs/heads/*:refs/heads/*"],
      this.gitDir,
      this.timeouts.fetchMs,
    )
  }

  /** A branch's head, or undefined when there is no such branch. */
  async head(branch: string): Promise<string | undefined> {
    try {
      return await git(
        ["rev-parse", "--verify", "--quiet", `refs/heads/${branch}^{commit}`],
        this.gitDir,
      )
    } catch {
      return undefined
    }
  }

  /** The branches whose names start with `prefix` ("cms/": the drafts). */
  async branches(prefix: string): Promise<string[]> {
    const names = await git(
      ["for-each-ref", "--format=%(refname:strip=2)", `refs/heads/${prefix}`],
      this.gitDir,
    )
    return names.split("\n").filter((name) => name.startsWith(prefix))
  }

  info(sha: string): Promise<CommitInfo> {
    return commitInfo(this.gitDir, sha)
  }

  /** Whether `ancestor` is `commit` or comes before it. */
  async descends(commit: string, ancestor: string): Promise<boolean> {
    try {
      await git(["merge-base", "--is-ancestor", ancestor, commit], this.gitDir)
      return true
    } catch {
      return false
    }
  }

  /**
   * The working copy at `sha`, everything else in it as the commit has it, but what builds keep
   * between them: Gatsby's cache and output, and the link to the packages.
   */
  async checkout(workDir: string, sha: string): Promise<void> {
    if (!existsSync(path.join(workDir, ".git"))) {
      await git(["worktree", "prune"], this.gitDir)
      await git(["worktree", "add", "--force", "--detach", workDir, sha], this.gitDir)
    }
    await git(["checkout", "--quiet", "--force", "--detach", sha], workDir)
    await git(["clean", "-ffdxq", ...kept.flatMap((name) => ["-e", `/${name}`])], workDir)
  }

  /**
   * Whether two commits hold the same files (an undo's commit and the version it put back); not
   * when one is not in the repository (the checkout the server started from may not be).
   */
  async sameFiles(a: string, b: string): Promise<boolean> {
    const treeOf = (sha: string) =>
      git(["rev-parse", "--verify", "--quiet", `${sha}^{tree}`], this.gitDir).catch(() => "")
    const [treeA, treeB] = await Promise.all([treeOf(a), treeOf(b)])
    return treeA !== "" && treeA === treeB
  }

  /** The files that differ between two commits, as paths from the repository's root. */
  async changedFiles(a: string, b: string): Promise<string[]> {
    const names = await git(["diff", "--name-only", "--no-renames", a, b], this.gitDir)
    return names.split("\n").filter(Boolean)
  }

  /** Where two commits' lines meet (`git merge-base`); undefined when they never do. */
  async mergeBase(a: string, b: string): Promise<string | undefined> {
    return git(["merge-base", a, b], this.gitDir).catch(() => undefined)
  }

  /** The files `tip` changed since its line left `base`'s (`git diff base...tip`: a draft's own). */
  async changedSince(base: string, tip: string): Promise<string[]> {
    const names = await git(
      ["diff", "--name-only", "--no-renames", `${base}...${tip}`],
      this.gitDir,
    )
    return names.split("\n").filter(Boolean)
  }

  /**
   * An undo's commit, made in this copy: over `parent` (the branch's head as last fetched), with
   * `filesOf`'s files. Pushed by `pushUndo`.
   */
  async undoCommit({ parent, filesOf, message, by }: UndoCommit): Promise<string> {
    const identity = ["-c", `user.name=${by}`, "-c", "user.email=publisher@localhost"]
    return git(
      [...identity, "commit-tree", `${filesOf}^{tree}`, "-p", parent, "-m", message],
      this.gitDir,
    )
  }

  /**
   * The undo's commit pushed as the branch's new head: a fast-forward or nothing, so a change
   * pushed since is never overwritten, and the push is refused instead.
   */
  async pushUndo(branch: string, commit: string, parent: string): Promise<void> {
    const remote = isPath(this.remote) ? path.resolve(this.remote) : this.remote
    // Without Git's advice, its "[rejected]" line is among the last it prints (GitError's words).
    await git(
      [
        "-c",
        "advice.pushUpdateRejected=false",
        "push",
        "--quiet",
        remote,
        `${commit}:refs/heads/${branch}`,
      ],
      this.gitDir,
      pushMs,
    ).catch((error: unknown) => {
      if (error instanceof GitError && /\[rejected\]/.test(error.message))
        throw new PushedSince(error.message)
      throw error
    })
    // This copy too, as the next fetch would make it: an undo after it starts from there. Not
    // where a fetch moved it meanwhile (the old value is checked): that fetch knows better.
    await git(["update-ref", `refs/heads/${branch}`, commit, parent], this.gitDir).catch(
      () => undefined,
    )
  }

  /** The commit's files, written into `folder` (git archive, unpacked by tar). */
  async archive(sha: string, folder: string): Promise<void> {
    const archive = spawn("git", ["archive", "--format=tar", sha], {
      cwd: this.gitDir,
      env: gitEnv(),
    })
    const unpack = spawn("tar", ["-x", "-C", folder])
    archive.stdout.pipe(unpack.stdin)
    let said = ""
    const ended = (child: ChildProcess) =>
      new Promise<boolean>((resolve) => {
        child.stderr?.on("data", (chunk: Buffer) => (said += chunk.toString()))
        child.on("error", (error) => {
          said += `${error.message}\n`
          resolve(false)
        })
        child.on("close", (code) => resolve(code === 0))
      })
    // tar gone (a full disk, a folder that is not there): the rest of the archive has nowhere to
    // go. The write that failed must not stop the server, and git, left writing to a pipe that no
    // one reads (tar's stdin closes as it ends), would wait for good, holding its process and the
    // server's pipes to it: it is stopped.
    unpack.stdin.on("error", () => undefined)
    unpack.on("close", (code) => code === 0 || archive.kill())
    const [archived, unpacked] = await Promise.all([ended(archive), ended(unpack)])
    if (!archived || !unpacked) throw new GitError(`git archive | tar failed: ${said.trim()}`)
  }
}

/** What stays in the working copy from one build to the next. */
const kept = [".cache", "public", "node_modules"]

const isPath = (remote: string) =>
  !/^[a-z][a-z0-9+.-]*:\/\//i.test(remote) && !/^[^/\s]+@[^/\s]+:/.test(remote)
