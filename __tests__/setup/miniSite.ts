import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { writeDeliveryFiles } from "../../src/build/deliveryFiles"

/**
 * A small built site in a temporary folder, for tests of the site's own server that run before
 * (or without) a Gatsby build: a few pages, the 404 page, the CMS, a bundle and a static file,
 * with the host files the real build writes after it (src/build/deliveryFiles.ts).
 */
export interface MiniSite {
  publicDir: string
  remove: () => void
}

const page = (title: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>${title}</title>` +
  `<script>window.page=${JSON.stringify(title)}</script></head><body><h1>${title}</h1></body></html>`

export async function miniSite(): Promise<MiniSite> {
  const root = mkdtempSync(path.join(tmpdir(), "evergrace-site-"))
  const publicDir = path.join(root, "public")
  const files: Record<string, string> = {
    "index.html": page("Home"),
    "shop/index.html": page("Shop"),
    "404.html": page("Not found"),
    "404/index.html": page("Not found"),
    "admin/index.html": page("CMS"),
    "app-0123456789abcdef0123.js": `console.log(${JSON.stringify("x".repeat(4000))})`,
    "static/picture.txt": "a picture",
    // Over what the server holds in memory (src/siteServer/staticFiles.ts): streamed from the disk.
    "admin/cms-big.js": `// ${"x".repeat(1_200_000)}`,
  }
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(publicDir, name)), { recursive: true })
    writeFileSync(path.join(publicDir, name), text)
  }
  const nginxDir = path.join(root, "nginx")
  mkdirSync(nginxDir)
  await writeDeliveryFiles(publicDir, nginxDir)
  return { publicDir, remove: () => rmSync(root, { recursive: true, force: true }) }
}
