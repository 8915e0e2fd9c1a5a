import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import sharp from "sharp"

/**
 * Wraps a 32×32 PNG in the ICO container, so /favicon.ico (which browsers and crawlers ask for
 * whatever the HTML says) answers with the site's icon instead of a 404.
 */
export function pngToIco(png: Buffer, size = 32): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(1, 4) // one image
  const entry = Buffer.alloc(16)
  entry.writeUInt8(size, 0)
  entry.writeUInt8(size, 1)
  entry.writeUInt8(0, 2) // no palette
  entry.writeUInt8(0, 3)
  entry.writeUInt16LE(1, 4) // colour planes
  entry.writeUInt16LE(32, 6) // bits per pixel
  entry.writeUInt32LE(png.length, 8)
  entry.writeUInt32LE(header.length + entry.length, 12)
  return Buffer.concat([header, entry, png])
}

/**
 * Where the build writes the pages' icon as a data: address (gatsby-node's onPreInit), which
 * gatsby-ssr puts in every page's head. An icon the page names by address is a request a phone
 * makes while the first screen loads: measured with Lighthouse's mobile preset, the favicon's
 * request held `/contact`'s largest paint back 0.15 s (docs/decisions.md).
 */
export const inlineFaviconFile = "node_modules/.cache/evergrace-icon/favicon.json"

/**
 * The icon at 32×32 px in 64 colours (some 320 bytes; the same to the eye as the full-colour
 * file, which is 1 KB), written to `inlineFaviconFile` as `{ "href": "data:image/png;base64,…" }`.
 * Returns the line the build prints.
 */
export async function writeInlineFavicon(projectDir: string, iconFile: string): Promise<string> {
  const png = await sharp(iconFile)
    .resize(32, 32)
    .png({ palette: true, colours: 64, compressionLevel: 9, effort: 10 })
    .toBuffer()
  const target = path.join(projectDir, inlineFaviconFile)
  await mkdir(path.dirname(target), { recursive: true })
  await writeFile(
    target,
    JSON.stringify({ href: `data:image/png;base64,${png.toString("base64")}` }),
  )
  return `${png.length} bytes, in every page`
}
