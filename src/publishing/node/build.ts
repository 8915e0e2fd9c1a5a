import { spawn, type ChildProcess } from "node:child_process"
import { createWriteStream, existsSync } from "node:fs"
import { lstat, mkdir, readdir, readFile, readlink, rm, symlink } from "node:fs/promises"
import { setPriority } from "node:os"
import path from "node:path"
import { stripVTControlCharacters } from "node:util"

/**
 * One build of the working copy, as `npm run build` does it: the content check first (a refused
 * edit stops there, with the check's own words), then `gatsby build`, each a child process at the
 * low priority so the site keeps answering, in a process group of its own so a stop ends its
 * workers too. Gatsby's cache (.cache/, public/) stays in the working copy between builds.
 */

export type BuildStep = "content check" | "gatsby build"

export type BuildOutcome =
  | { ok: true }
  | {
      ok: false
      /**
       * `content`: the check refused the content; `picture`: Gatsby could not read a picture the
       * check let through (damaged inside); `stopped`: killed, or out of time; `start`: a step
       * could not start (the machine out of processes or files), which may pass by itself.
       */
      kind: "content" | "picture" | "build" | "stopped" | "disk" | "start"
      /**
       * In plain words, for the staff: the check's list of problems, the picture's file
       * (data/images/…), or the build's last error.
       */
      reason: string
    }

export interface BuildOptions {
  workDir: string
  /** The server's own packages, linked into the working copy. */
  appDir: string
  env: NodeJS.ProcessEnv
  timeoutMs: number
  /** Each step as it starts, with its process (tests stop one). */
  onStep?: (step: BuildStep, child: ChildProcess) => void
  /** Stops the build (its whole process group), and the steps after: a publish wants the server. */
  signal?: AbortSignal
  /** Where the whole output goes (a log of the build). */
  log: (text: string) => void
}

/**
 * A build's log file, which the staff's page links to. A write that fails (a full disk) loses the
 * log, said once through `onError`, never the build nor the server: a stream's error with no
 * listener would end the process, and the live site with it.
 */
export function buildLog(file: string, onError: (error: Error) => void) {
  const stream = createWriteStream(file)
  let failed = false
  stream.on("error", (error) => {
    if (!failed) onError(error)
    failed = true
  })
  return {
    write: (text: string) => void (failed || stream.write(text)),
    end: () => void (failed || stream.end()),
  }
}

export async function buildSite(options: BuildOptions): Promise<BuildOutcome> {
  await linkPackages(options.workDir, options.appDir)
  const checked = await run(options, "content check", [
    "--import",
    "tsx",
    "scripts/check-content.ts",
  ])
  if (!checked.ok) {
    return checked.kind === "build"
      ? { ok: false, kind: "content", reason: checked.reason }
      : checked
  }
  return run(options, "gatsby build", [path.join("node_modules", "gatsby", "cli.js"), "build"])
}

/**
 * nice 10: against the site's server (nice 0) a build gets a tenth of a processor both want
 * (Linux's weights: 110 to 1024), and every idle cycle. Not 19 (15 to 1024): a build would then
 * also stand almost still behind anything else the machine runs, another build or a backup.
 */
const buildNice = 10
/** What is kept of a failed step's output for its reason: the last lines say what broke. */
const tailBytes = 64 * 1024

function run(options: BuildOptions, step: BuildStep, args: string[]): Promise<BuildOutcome> {
  return new Promise((resolve) => {
    if (options.signal?.aborted) {
      return resolve({ ok: false, kind: "stopped", reason: `the ${step} was not started` })
    }
    const child = spawn(process.execPath, args, {
      cwd: options.workDir,
      env: options.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    })
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      stopGroup(child)
    }, options.timeoutMs)
    // First: a process that cannot start (EMFILE, EAGAIN) has no pipes, and an error with no
    // listener would end the whole server.
    child.on("error", (error) => {
      clearTimeout(timer)
      resolve({ ok: false, kind: "start", reason: `${step} could not start: ${error.message}` })
    })
    try {
      if (child.pid) setPriority(child.pid, buildNice)
    } catch {
      // Not allowed here: it runs at the server's priority.
    }
    options.onStep?.(step, child)
    const stop = () => stopGroup(child)
    options.signal?.addEventListener("abort", stop, { once: true })
    let tail = ""
    let picture: string | undefined
    const take = (chunk: Buffer) => {
      const text = chunk.toString()
      options.log(text)
      tail = (tail + text).slice(-tailBytes)
      // Looked for as it comes (in this chunk, and the end of the last one for a line cut in
      // two): the errors after it (a worker's EPIPE) can push it out of the tail.
      picture ??= pictureIn(plain(tail.slice(-(text.length + 1024))), options.workDir)
    }
    child.stdout?.on("data", take)
    child.stderr?.on("data", take)
    child.on("close", (code, signal) => {
      clearTimeout(timer)
      options.signal?.removeEventListener("abort", stop)
      // Whatever the step left running (Gatsby's workers) goes with it.
      stopGroup(child)
      if (code === 0) return resolve({ ok: true })
      const output = plain(tail)
      if (/ENOSPC|no space left on device/i.test(output)) {
        return resolve({ ok: false, kind: "disk", reason: "the server's disk is full" })
      }
      if (timedOut || signal) {
        const why = timedOut
          ? `it took longer than ${options.timeoutMs / 60_000} minutes`
          : `it was stopped (${signal})`
        return resolve({ ok: false, kind: "stopped", reason: `the ${step} did not finish: ${why}` })
      }
      if (step === "gatsby build" && picture) {
        return resolve({ ok: false, kind: "picture", reason: picture })
      }
      resolve({
        ok: false,
        kind: "build",
        reason: step === "content check" ? problemsIn(output) : errorIn(output),
      })
    })
  })
}

function stopGroup(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, "SIGKILL")
  } catch {
    // Gone already.
  }
}

/** The output without terminal colours and Gatsby's box drawing. */
const plain = (text: string) => stripVTControlCharacters(text).replace(/\r/g, "\n")

/**
 * The picture a build could not read, as the content names it (data/images/dresses.jpg);
 * undefined where none is named. gatsby-plugin-sharp says "Failed to process image <path>." (as
 * the publisher runs it, sometimes with the next output glued on) or "SharpError: Processing
 * <path> failed" (in a terminal); the build's own last error is then a worker's ("write EPIPE"),
 * which names no file.
 */
export function pictureIn(output: string, workDir: string): string | undefined {
  const named =
    /(?:Failed to process image|SharpError: Processing)\s+(\S+?\.(?:jpe?g|png|webp|avif|gif|tiff?))(?!\w)/i.exec(
      output,
    )?.[1]
  if (!named) return undefined
  const relative = path.relative(workDir, path.resolve(workDir, named))
  return relative.startsWith("..") ? path.basename(named) : relative
}

/** The content check's report: its list of problems, as `npm run check-content` prints it. */
function problemsIn(output: string): string {
  const lines = output.split("\n").map((line) => line.trim())
  const problems = lines.filter((line) => line.startsWith("•")).map((line) => line.slice(1).trim())
  return problems.length > 0 ? problems.join("; ") : lastLines(output)
}

/**
 * Gatsby's error, in the staff's panel: the lines from its last error heading ("ERROR #…" in a
 * terminal, "error …" in CI and under the publisher), or else the output's last lines, never its
 * first (a list of steps that went well).
 */
export function errorIn(output: string): string {
  const at = [...output.matchAll(/^[\s│]*(?:ERROR|error)\b/gm)].at(-1)?.index
  if (at === undefined) return lastLines(output, 6)
  const [heading, ...after] = lines(output.slice(at))
  // Not the code excerpt Gatsby quotes ("> 144 | …", "| ^") nor the stack ("- index.mjs:144").
  const words = after.filter((line) => !/^(?:>?\s*\d+\s*\||\||- |\[\w+\]\/|at )/.test(line))
  const error = words.find((line) => /\b\w*Error\b:/.test(line))
  return [heading, ...(error ? [error] : words.slice(0, 4))].join(" ")
}

function lastLines(text: string, count = 4): string {
  return lines(text).slice(-count).join(" ")
}

function lines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.replace(/[│╭╮╰╯─]+/g, " ").trim())
    .filter(Boolean)
}

/**
 * node_modules in the working copy: a folder of links to the server's own packages, with a
 * .cache of its own (Gatsby's loaders and the font subsets write there), so a build never writes
 * into the server's checkout. A commit whose package-lock.json differs from the server's would
 * need other packages: refused, in words, rather than built with the wrong ones.
 */
export async function linkPackages(workDir: string, appDir: string): Promise<void> {
  const [wanted, installed] = await Promise.all([
    readFile(path.join(workDir, "package-lock.json"), "utf8").catch(() => ""),
    readFile(path.join(appDir, "package-lock.json"), "utf8").catch(() => ""),
  ])
  if (wanted !== installed) throw new PackagesChanged()
  const modules = path.join(workDir, "node_modules")
  const source = path.join(appDir, "node_modules")
  if ((await lstat(modules).catch(() => undefined))?.isSymbolicLink()) await rm(modules)
  await mkdir(modules, { recursive: true })
  for (const name of await readdir(source)) {
    if (name === ".cache") continue
    const link = path.join(modules, name)
    const target = path.join(source, name)
    if (existsSync(link) && (await readlink(link).catch(() => "")) === target) continue
    await rm(link, { recursive: true, force: true })
    await symlink(target, link)
  }
}

export class PackagesChanged extends Error {
  constructor() {
    super(
      // Said to the staff too: the change that brought other packages is usually a developer's.
      'the site\'s code now needs other packages (package-lock.json changed), which the server has not installed yet: the content is kept, and whoever manages the server must update it (docs/deploying.md, "The self-hosted publisher")',
    )
  }
}
