/**
 * Renders Evergrace's illustrations into data/images/.
 *
 *   npm run artwork                     # every image
 *   npm run artwork -- home-hero        # only the named ones
 *   npx tsx tools/artwork/render.ts home-hero
 *
 * The artwork is hand-authored SVG (see tools/artwork/), rasterised with sharp.
 * Output is deterministic: the same sources always give the same pixels.
 */
import { mkdir, stat } from "node:fs/promises"
import path from "node:path"
import sharp from "sharp"
import { scenes } from "./scenes"

const root = path.resolve(__dirname, "../..")
const outDir = path.join(root, "data", "images")

const only = new Set(process.argv.slice(2))

async function main() {
  await mkdir(outDir, { recursive: true })
  for (const scene of scenes) {
    if (only.size && !only.has(scene.name)) continue
    const svg = scene.draw()
    const file = path.join(outDir, scene.file)
    const img = sharp(Buffer.from(svg), { density: 72 }).resize(scene.w, scene.h)
    if (scene.file.endsWith(".png")) await img.png({ compressionLevel: 9 }).toFile(file)
    else
      await img.flatten({ background: "#fbf8f4" }).jpeg({ quality: 84, mozjpeg: true }).toFile(file)
    const { size } = await stat(file)
    console.log(`${scene.file.padEnd(36)} ${scene.w}x${scene.h}  ${(size / 1024).toFixed(0)} KB`)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
