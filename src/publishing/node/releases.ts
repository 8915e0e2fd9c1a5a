import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
} from "node:fs"
import {
  chmod,
  copyFile,
  cp,
  mkdir,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises"
import path from "node:path"
import { build } from "esbuild"
import type { CommitInfo } from "./git"

/**
 * Releases: each build the site serves is a folder of its own, never written again once made,
 *
 *   releases/<time>-<commit>/public/      the built site (nginx's root is current/public)
 *   releases/<time>-<commit>/site.cjs     its site's server code, the content's words in it, in one
 *                                         file (bundled by esbuild from the commit's own
 *                                         src/publishing/node/release.ts, packages left outside:
 *                                         node_modules beside it leads to the server's)
 *   releases/<time>-<commit>/app/         the commit's files (its data/ read for go-live dates)
 *   releases/<time>-<commit>/nginx/       the pages' policy for nginx (csp.generated.conf)
 *   releases/<time>-<commit>/release.json the commit, its title and author, when it was built and
 *                                         the moment its dated entries were judged by
 *
 * and `current`, a symbolic link to the live one, replaced in one rename: nginx and the site's
 * server see the old release or the new, never half of one. The last few are kept for undo.
 * Beside them, `loading/`: where the running server loads each release's site file from
 * (stageSite, below), its node_modules a link to the server's.
 */

export interface Release {
  id: string
  dir: string
  commit: string
  title: string
  author: string
  builtAt: string
  /**
   * The moment the build took for now (GO_LIVE_NOW): its dated entries up to it are on the site,
   * later ones wait for a build after their day. None for the checkout, built when it was.
   */
  goLiveNow?: string
  /** The checkout the server started from, made a release when there was none. */
  fromCheckout?: boolean
}

export const publicDirOf = (release: Release) => path.join(release.dir, "public")
const siteFileOf = (release: Release) => path.join(release.dir, siteFile)
export const appDirOf = (release: Release) => path.join(release.dir, "app")
export const cspFileOf = (release: Release) => path.join(release.dir, "nginx", cspFile)

/** What the build writes for nginx, relative to the project (src/build/deliveryFiles.ts). */
const cspFile = "csp.generated.conf"
const siteFile = "site.cjs"
/** The site's entry in a project: what the publisher asks of a release's code (./release.ts). */
const siteEntry = path.join("src", "publishing", "node", "release.ts")
const cspFromProject = path.join("deploy", "nginx", "evergrace", cspFile)

export class DiskFull extends Error {
  constructor() {
    super("the server's disk is full")
  }
}

export class Releases {
  readonly folder: string
  readonly currentLink: string
  readonly loadingDir: string

  constructor(
    stateDir: string,
    /** How a release's site file is made (tests, whose commits hold no project, write their own). */
    private readonly bundle: typeof bundleSite = bundleSite,
  ) {
    this.folder = path.join(stateDir, "releases")
    this.currentLink = path.join(stateDir, "current")
    this.loadingDir = path.join(stateDir, "loading")
  }

  /**
   * The release's site file, copied into the one folder that every release is loaded from, whose
   * node_modules is the server's packages (every release's own link leads there too). Node keeps
   * how a module's requires resolve, for good, by the module's folder: loaded from each release's
   * own, V8's heap grew by 0.08 MB a publish (measure:publishing over 60 publishes, after a full
   * collection). The link is made once, in one rename, and never removed: the live release's
   * code may still load a package from there (lazily, as the webhook's check does).
   */
  stageSite(release: Release, packagesDir: string): string {
    try {
      mkdirSync(this.loadingDir, { recursive: true })
      const packages = path.join(this.loadingDir, "node_modules")
      if (linkTarget(packages) !== packagesDir) {
        const made = `${packages}.${process.pid}`
        rmSync(made, { force: true })
        symlinkSync(packagesDir, made)
        renameSync(made, packages)
      }
      // What a process that died between copying and loading left.
      for (const name of readdirSync(this.loadingDir)) {
        if (/^site-.*\.cjs$/.test(name)) rmSync(path.join(this.loadingDir, name), { force: true })
      }
      const file = path.join(this.loadingDir, `site-${release.id}.cjs`)
      copyFileSync(siteFileOf(release), file)
      return realpathSync(file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOSPC") throw new DiskFull()
      throw error
    }
  }

  /** Every complete release, newest first. */
  async list(): Promise<Release[]> {
    const names = existsSync(this.folder) ? await readdir(this.folder) : []
    const found = await Promise.all(
      names.filter((name) => !name.endsWith(partial)).map((name) => this.read(name)),
    )
    return found
      .filter((release): release is Release => release !== undefined)
      .sort((a, b) => b.id.localeCompare(a.id))
  }

  async current(): Promise<Release | undefined> {
    const target = await readlink(this.currentLink).catch(() => undefined)
    return target ? this.read(path.basename(target)) : undefined
  }

  /** A release of a build: the working copy's public/ and nginx policy, the commit's files. */
  async create(
    workDir: string,
    info: CommitInfo,
    writeCommitFiles: (folder: string) => Promise<void>,
    packagesDir: string,
    goLiveNow?: string,
  ): Promise<Release> {
    return this.make(info, { goLiveNow }, async (dir) => {
      await cp(path.join(workDir, "public"), path.join(dir, "public"), { recursive: true })
      await openToAll(path.join(dir, "public"))
      await mkdir(path.join(dir, "nginx"))
      await copyFile(path.join(workDir, cspFromProject), path.join(dir, "nginx", cspFile))
      await mkdir(path.join(dir, "app"))
      await writeCommitFiles(path.join(dir, "app"))
      await this.bundle(path.join(dir, "app"), dir, packagesDir)
    })
  }

  /** The server's own checkout and its build, as the first release (the app folder a link to it). */
  async fromCheckout(appDir: string, info: CommitInfo): Promise<Release> {
    return this.make(info, { fromCheckout: true }, async (dir) => {
      await cp(path.join(appDir, "public"), path.join(dir, "public"), { recursive: true })
      await openToAll(path.join(dir, "public"))
      await mkdir(path.join(dir, "nginx"))
      if (existsSync(path.join(appDir, cspFromProject))) {
        await copyFile(path.join(appDir, cspFromProject), path.join(dir, "nginx", cspFile))
      }
      await symlink(appDir, path.join(dir, "app"))
      await this.bundle(appDir, dir, path.join(appDir, "node_modules"))
    })
  }

  /** Makes `current` lead to the release: a new link, renamed over the old one. */
  async switchTo(release: Release): Promise<void> {
    const next = `${this.currentLink}.next-${process.pid}`
    await rm(next, { force: true })
    await symlink(path.relative(path.dirname(this.currentLink), release.dir), next)
    await rename(next, this.currentLink)
  }

  /** The releases named stay, and whichever is live; the rest are deleted. */
  async prune(kept: ReadonlySet<string>): Promise<void> {
    const live = await this.current()
    for (const release of await this.list()) {
      if (!kept.has(release.id) && release.id !== live?.id) {
        await rm(release.dir, { recursive: true, force: true })
      }
    }
    // Leftovers of a build stopped while its release was being written.
    for (const name of existsSync(this.folder) ? await readdir(this.folder) : []) {
      if (name.endsWith(partial))
        await rm(path.join(this.folder, name), { recursive: true, force: true })
    }
  }

  private async make(
    info: CommitInfo,
    about: Pick<Release, "goLiveNow" | "fromCheckout">,
    write: (dir: string) => Promise<void>,
  ): Promise<Release> {
    await mkdir(this.folder, { recursive: true })
    await chmod(this.folder, 0o755)
    const builtAt = new Date()
    const id = await this.freeId(builtAt, info.sha)
    const dir = path.join(this.folder, id)
    const unfinished = `${dir}${partial}`
    try {
      await mkdir(unfinished)
      await write(unfinished)
      const release: Release = {
        id,
        dir,
        commit: info.sha,
        title: info.title,
        author: info.author,
        builtAt: builtAt.toISOString(),
        ...about,
      }
      await writeFile(path.join(unfinished, manifest), `${JSON.stringify(release, null, 2)}\n`)
      await chmod(unfinished, 0o755)
      await rename(unfinished, dir)
      return release
    } catch (error) {
      await rm(unfinished, { recursive: true, force: true })
      if ((error as NodeJS.ErrnoException).code === "ENOSPC") throw new DiskFull()
      throw error
    }
  }

  private async freeId(at: Date, sha: string): Promise<string> {
    const stamp = at
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d+Z$/, "Z")
    for (let count = 0; ; count += 1) {
      const id = `${stamp}${count ? `.${count}` : ""}-${sha.slice(0, 7) || "checkout"}`
      if (!existsSync(path.join(this.folder, id))) return id
    }
  }

  private async read(name: string): Promise<Release | undefined> {
    const dir = path.join(this.folder, name)
    try {
      const saved = JSON.parse(await readFile(path.join(dir, manifest), "utf8")) as Release
      return { ...saved, id: name, dir }
    } catch {
      return undefined
    }
  }
}

const manifest = "release.json"

/**
 * The release's site in one file, so the running server loads one module per release and lets
 * it go whole (./liveSite.ts): loading the project's ~170 TypeScript modules from each release's
 * folder kept 0.6 MB (tsx's transforms, by path) to 2.3 MB (with Node's source maps) a release
 * in memory for good.
 */
async function bundleSite(projectDir: string, releaseDir: string, packagesDir: string) {
  try {
    await build({
      absWorkingDir: projectDir,
      entryPoints: [path.join(projectDir, siteEntry)],
      outfile: path.join(releaseDir, siteFile),
      bundle: true,
      platform: "node",
      format: "cjs",
      target: "node20",
      packages: "external",
      logLevel: "silent",
    })
  } catch (error) {
    const [first] =
      (error as { errors?: { text: string; location?: { file: string; line: number } | null }[] })
        .errors ?? []
    const where = first?.location ? `${first.location.file}:${first.location.line}: ` : ""
    throw new Error(
      `its site's code did not bundle: ${where}${first?.text ?? (error as Error).message}`,
    )
  }
  await symlink(packagesDir, path.join(releaseDir, "node_modules"))
}

/**
 * What nginx serves, readable by its user too: the service makes its files its own alone
 * (UMask=0077 in deploy/evergrace-api.service), and the site is public anyway.
 */
async function openToAll(folder: string) {
  await chmod(folder, 0o755)
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    const where = path.join(entry.parentPath ?? entry.path, entry.name)
    await chmod(where, entry.isDirectory() ? 0o755 : 0o644)
  }
}
const partial = ".partial"

function linkTarget(link: string): string | undefined {
  try {
    return readlinkSync(link)
  } catch {
    return undefined
  }
}

/**
 * What an undo leaves as it was, told with its answer, where it could not be written into the
 * branch (the command line with no server, a newer change pushed, code or packages among what is
 * undone, a repository the server may only read): the branch still holds the undone change, and
 * the next publish builds the branch.
 */
export const undoneChangeNote =
  "The undone change is still in the editor: change it back there and publish, or the next publish of any page puts it back."

/** An undo written into the branch too (Publisher's undoInRepository), told with its answer. */
export const undoneChangeOut =
  "The editor has the earlier version too (reload it where it is open): the undone change is out of the content, so the next publish keeps it out."

/**
 * The drafts saved before an undo that hold the undone change (Publisher's draftsHolding), told
 * with its answer; "" for none.
 */
export function draftsHoldingUndone(pages: readonly string[]): string {
  if (pages.length === 0) return ""
  return pages.length === 1
    ? `The draft of “${pages[0]}”, saved before this undo, still holds the undone change: open it in the editor, change it back and save, or delete the draft, before it is published. Published as it is, it puts the change back.`
    : `The drafts of ${pages
        .slice(0, -1)
        .map((page) => `“${page}”`)
        .join(
          ", ",
        )} and “${pages.at(-1)}”, saved before this undo, still hold the undone change: open each in the editor, change it back and save, or delete the draft, before it is published. Published as they are, they put the change back.`
}

/** The drafts not looked at within the undo's wait (GitHub slow to answer the fetch). */
export const draftsNotChecked =
  "Whether a draft saved before this undo still holds the undone change could not be checked in time: a draft of that page begun after the undone publish puts the change back when it is published, unless it is changed back first."

/** Why an undo was not written into the branch (Publisher's undoInRepository), for its answer. */
export const undoneChangeStays = {
  notLive:
    "A newer publish is on its way (being built, or next), and it holds the undone change: once it is live, in a minute or two, the change is back. To keep it out, change it back in the editor and publish, or undo again once that publish is live.",
  undoneBefore:
    "An undo before this one could not change the content in the editor (its answer said why), so the changes undone are still there: change them back in the editor and publish, or the next publish puts them back.",
  notPublished:
    "A newer change in the editor did not go live (its publish failed or was refused: the reason is in the list below), and it holds the undone change: the next publish of any page puts the undone change back with it. To keep it out, change it back in the editor and publish.",
  code: "That publish also changed the site's code, so the undone change is still in the editor (a developer undoes the code): change the content back there and publish, or the next publish puts it back.",
  failed:
    "The server could not change the repository (ask whoever manages it), so the undone change is still in the editor: change it back there and publish, or the next publish puts it back.",
}

/** An undo whose commit GitHub has not taken yet when the answer goes. */
export const undoneChangeLate =
  "The editor's content is being changed too, and GitHub is slow to answer: reload the editor in a minute. If the undone change is still there, change it back and publish, or the next publish puts it back."
