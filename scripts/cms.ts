// `npm run cms`: the content editor on this computer. decap-server (the CMS's local backend) and
// `gatsby develop` side by side; the CMS at http://localhost:8000/admin/ finds decap-server on
// :8081, or on CMS_BACKEND_PORT (`local_backend` in src/cms/config.ts, src/cms/localEditor.ts).
//
// decap-server keeps drafts only in its Git mode, as branches of this repository (cms/<collection>/
// <entry>), merged into the checked-out branch when published. It takes the branch from each
// request of the CMS, which takes it from its configuration (backend.branch, "master" when none is
// given): so gatsby develop is started with GATSBY_CMS_BRANCH set to the branch checked out here.
// Git mode commits with `git add .` and checks branches out in this working copy, which a change
// not yet committed would join or stop (a rebase refuses a dirty tree): then decap-server runs in
// its file mode instead, as before drafts (Publish writes data/ and commits nothing), and says why.
import { execFileSync } from "node:child_process"
import path from "node:path"
import concurrently from "concurrently"

export interface LocalEditor {
  /** decap-server's mode. */
  mode: "git" | "fs"
  /** The branch drafts are made from and published to (Git mode). */
  branch?: string
  /** Why there are no drafts (file mode). */
  reason?: string
}

interface Checkout {
  /** `git symbolic-ref --short HEAD`; undefined outside a Git checkout or on a detached HEAD. */
  branch?: string
  /** `git status --porcelain`, one line a changed path. */
  changes: string[]
}

/** Git mode on the checked-out branch of a clean working copy; file mode otherwise. */
export function localEditor({ branch, changes }: Checkout): LocalEditor {
  if (!branch) {
    return {
      mode: "fs",
      reason: "this folder is not on a Git branch (not a checkout, or a detached HEAD)",
    }
  }
  if (changes.length > 0) {
    const shown = changes.slice(0, 5).map((line) => `    ${line}`)
    if (changes.length > 5) shown.push(`    … and ${changes.length - 5} more`)
    // `git status --porcelain`: two letters of state and a space, then the path.
    const contentOnly = changes.every((line) => line.slice(3).startsWith("data/"))
    return {
      mode: "fs",
      reason: [
        `the working copy has changes not committed yet, which decap-server's Git mode would commit with the first draft:`,
        ...shown,
        // Content alone: most often what the editor wrote without drafts, which a stash would
        // take off this computer's site, and which goes live only once committed and pushed.
        contentOnly
          ? `  These are content: commit them (git add data && git commit -m "Content"), and git push to put them live; then start npm run cms again for drafts.`
          : `  Commit or stash them (git stash), then start npm run cms again for drafts.`,
      ].join("\n"),
    }
  }
  return { mode: "git", branch }
}

function git(repo: string, ...args: string[]): string | undefined {
  try {
    return execFileSync("git", ["-C", repo, ...args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trimEnd()
  } catch {
    return undefined
  }
}

function checkoutOf(repo: string): Checkout {
  const status = git(repo, "-c", "core.quotePath=false", "status", "--porcelain")
  return {
    branch: status === undefined ? undefined : git(repo, "symbolic-ref", "--short", "HEAD"),
    changes: status ? status.split("\n") : [],
  }
}

/**
 * decap-server's port: CMS_BACKEND_PORT, or 8081, where Decap looks by default. Another port lets
 * two copies of the project run the local editor at once (each with its own gatsby develop port,
 * PORT, too).
 */
export function backendPort(env: NodeJS.ProcessEnv): string {
  const port = env.CMS_BACKEND_PORT?.trim() || "8081"
  if (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65535) {
    throw new Error(`CMS_BACKEND_PORT is ${JSON.stringify(port)}: give a port number, such as 8082`)
  }
  return port
}

/** The two processes `npm run cms` runs side by side, with their settings. */
export function editorProcesses(editor: LocalEditor, repo: string, port = "8081") {
  return [
    {
      name: "cms",
      command: "decap-server",
      // Its port, whatever PORT gatsby develop is given; the CMS is told it below.
      env: { MODE: editor.mode, GIT_REPO_DIRECTORY: repo, PORT: port },
    },
    {
      name: "site",
      command: "gatsby develop",
      // GATSBY_CMS_LOCAL_EDITOR: "View Live" and the site link open this gatsby develop, where
      // Publish shows (src/cms/localEditor.ts), not the live site, which has it once pushed.
      env: {
        GATSBY_CMS_LOCAL_EDITOR: "1",
        // Where the CMS finds decap-server (`local_backend`, src/cms/localEditor.ts).
        GATSBY_CMS_BACKEND_PORT: port,
        ...(editor.branch ? { GATSBY_CMS_BRANCH: editor.branch } : {}),
      },
    },
  ]
}

if (require.main === module) {
  const repo = path.resolve(__dirname, "..")
  const editor = localEditor(checkoutOf(repo))
  console.log(
    editor.mode === "git"
      ? `CMS: drafts are branches of this repository, published into ${editor.branch} (decap-server's Git mode).`
      : `CMS: no drafts this time, Publish writes data/ directly (decap-server's file mode): ${editor.reason}`,
  )
  const { result } = concurrently(editorProcesses(editor, repo, backendPort(process.env)), {
    killOthersOn: ["failure", "success"],
    prefixColors: ["blue", "magenta"],
    cwd: repo,
  })
  result.then(
    () => process.exit(0),
    () => process.exit(1),
  )
}
