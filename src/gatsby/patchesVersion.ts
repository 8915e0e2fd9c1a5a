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
  const patches = fs.existsSync(patchesFolder)
    ? fs
        .readdirSync(patchesFolder)
        .filter((name) => name.endsWith(".patch"))
        .sort()
    : []
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
