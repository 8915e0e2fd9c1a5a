// What /proc says of a process, for the tests that check that what was stopped has ended.
import { readFileSync, readdirSync } from "node:fs"

/** The fields of /proc/<pid>/stat after the name (state, ppid, …), or undefined once it is gone. */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    // pid (name) state ppid …: the name may hold spaces and brackets, so split after its last ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  } catch {
    return undefined
  }
}

/** Whether the process runs (a zombie, ended and waiting to be reaped, does not). */
export function running(pid: number): boolean {
  const state = statFields(pid)?.[0]
  return state !== undefined && state !== "Z"
}

/** The processes whose parent is `parent`. */
export function childrenOf(parent: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name) && Number(statFields(name)?.[1]) === parent)
    .map(Number)
}

/** The process's command line, its arguments joined by spaces ("" once it is gone). */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim()
  } catch {
    return ""
  }
}
