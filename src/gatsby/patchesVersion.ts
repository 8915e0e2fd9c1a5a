import { createHash } from "crypto"
import fs from "fs"
import path from "path"

/**
 * What patch-package (package.json's postinstall) has made of node_modules, as one hash: each
 * patch in `patchesFolder` and each file it changes, as they are now. webpack's cache takes a
 * package's files as unchanged while its version is (`snapshot.managedPaths`): a cache made
 * before a patch was applied, changed or reversed went on copying Decap's bundle as it was then
 * (seen with `npx patch-package --reverse`: the next build still shipped the patched bundle). A
 * cache whose `version` is this hash is made again instead.
 */
export function patchesVersion(patchesFolder: string): string {
  const projectRoot = path.dirname(patchesFolder)
  const patches = patchesIn(patchesFolder)
  const hash = createHash("sha256")
  for (const name of patches) {
    const patch = fs.readFileSync(path.join(patchesFolder, name), "utf8")
    hash.update(`${name}\0${patch}\0`)
    for (const [, file = ""] of patch.matchAll(/^diff --git a\/(\S+) b\//gm)) {
      const changed = path.join(projectRoot, file)
      hash.update(`${file}\0`)
      if (fs.existsSync(changed)) hash.update(fs.readFileSync(changed))
    }
  }
  return hash.digest("hex")
}

function patchesIn(patchesFolder: string): string[] {
  return fs.existsSync(patchesFolder)
    ? fs
        .readdirSync(patchesFolder)
        .filter((name) => name.endsWith(".patch"))
        .sort()
    : []
}

/**
 * The patches whose added lines are not all in the files they change: node_modules installed
 * without patch-package's postinstall (`npm ci --ignore-scripts`, or a failed install let be). The
 * CMS's build stops on one (./cmsWebpack.ts) rather than ship Decap unpatched.
 */
export function unappliedPatches(patchesFolder: string): string[] {
  const projectRoot = path.dirname(patchesFolder)
  return patchesIn(patchesFolder).filter((name) => {
    const patch = fs.readFileSync(path.join(patchesFolder, name), "utf8")
    return patch.split(/^diff --git /m).some((part) => {
      const file = /^a\/(\S+) b\//.exec(part)?.[1]
      if (!file) return false
      const changed = path.join(projectRoot, file)
      if (!fs.existsSync(changed)) return true
      const text = fs.readFileSync(changed, "utf8")
      return part
        .split("\n")
        .filter((line) => line.startsWith("+") && !line.startsWith("+++"))
        .some((line) => !text.includes(line.slice(1)))
    })
  })
}
