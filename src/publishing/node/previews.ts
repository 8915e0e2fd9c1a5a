import { existsSync } from "node:fs"
import { cp, mkdir, readdir, readlink, rename, rm, symlink } from "node:fs/promises"
import path from "node:path"
import { DiskFull } from "./releases"

/**
 * The drafts' previews: `previews/<name>` leads to the preview's latest build
 * (`previews/.builds/<name>-<time>/`, its public/), replaced in one rename as `current` is; the
 * preview server (./previewServer.ts) serves it at the preview's own address.
 */
export class Previews {
  readonly folder: string
  private readonly builds: string

  constructor(stateDir: string) {
    this.folder = path.join(stateDir, "previews")
    this.builds = path.join(this.folder, ".builds")
  }

  /** The preview's built site, or undefined when it has none. */
  publicDir(name: string): string | undefined {
    const dir = path.join(this.folder, name, "public")
    return existsSync(dir) ? dir : undefined
  }

  /** The working copy's build becomes the preview's. */
  async put(name: string, fromPublic: string): Promise<void> {
    await mkdir(this.builds, { recursive: true })
    const build = path.join(this.builds, `${name}-${Date.now().toString(36)}`)
    try {
      await cp(fromPublic, path.join(build, "public"), { recursive: true })
    } catch (error) {
      await rm(build, { recursive: true, force: true })
      if ((error as NodeJS.ErrnoException).code === "ENOSPC") throw new DiskFull()
      throw error
    }
    const link = path.join(this.folder, name)
    const before = await readlink(link).catch(() => undefined)
    const next = `${link}.next`
    await rm(next, { force: true })
    await symlink(path.relative(this.folder, build), next)
    await rename(next, link)
    if (before) await rm(path.resolve(this.folder, before), { recursive: true, force: true })
  }

  async remove(name: string): Promise<boolean> {
    const link = path.join(this.folder, name)
    const build = await readlink(link).catch(() => undefined)
    if (!build) return false
    await rm(link, { force: true })
    await rm(path.resolve(this.folder, build), { recursive: true, force: true })
    return true
  }

  async names(): Promise<string[]> {
    if (!existsSync(this.folder)) return []
    return (await readdir(this.folder)).filter(
      (name) => !name.startsWith(".") && !name.endsWith(".next"),
    )
  }
}
