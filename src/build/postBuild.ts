import { execFile } from "node:child_process"
import { copyFile, mkdir, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { promisify } from "node:util"
import sharp from "sharp"
import { fixedFontFiles } from "../theme/fontFaces"
import { writeDeliveryFiles, type DeliveryFiles } from "./deliveryFiles"
import { pngToIco } from "./favicon"
import { loadAllScriptsAfterPaint } from "../gatsby/scriptsAfterPaint"
import { previewFile } from "../previews/previewSite"
import { writeSignupUnavailable } from "./signupUnavailable"

/**
 * What the site adds to Gatsby's output, in order, from gatsby-node's onPostBuild: so `gatsby
 * build`, `npm run build` and any host's build command all make the same `public/`.
 * The order matters: the scripts loader changes the pages' inline scripts, and the delivery
 * files hash those scripts for the Content-Security-Policy and give each folder of public/ its
 * headers, so they come last.
 */
export const postBuildSteps = [
  {
    name: "robots.txt and favicon.ico (and a preview's preview.json)",
    run: (options: PostBuildOptions) => writeRootFiles(options),
  },
  {
    name: "scripts after the first paint",
    run: async ({ publicDir }: PostBuildOptions) =>
      `on ${await loadAllScriptsAfterPaint(publicDir)} pages`,
  },
  {
    name: "fonts for the endpoints' pages",
    run: (options: PostBuildOptions) => copyFixedFonts(options),
  },
  {
    name: "sign-up page for nginx when the API is down",
    run: ({ publicDir, nginxDir }: PostBuildOptions) => writeSignupUnavailable(publicDir, nginxDir),
  },
  {
    name: "delivery headers",
    run: async ({ publicDir, nginxDir, preview }: PostBuildOptions) =>
      describeDelivery(
        await writeDeliveryFiles(publicDir, nginxDir, { noindex: Boolean(preview) }),
      ),
  },
] as const

interface PostBuildOptions {
  publicDir: string
  /** Where nginx's generated includes go (deploy/nginx/evergrace/). */
  nginxDir: string
  /** The site's published address, for the sitemap line of robots.txt. */
  siteUrl: string
  /** The square PNG the icons are made from. */
  iconFile: string
  /**
   * A preview of a draft (src/previews/previewSite.ts), built from `commit`: crawlers are turned
   * away, and /preview.json names the commit, for whoever announces the preview to wait for.
   */
  preview?: { commit: string | undefined }
}

/** Files crawlers and browsers look for at the root, made from the content. */
async function writeRootFiles({ publicDir, siteUrl, iconFile, preview }: PostBuildOptions) {
  const sitemapUrl = new URL("/sitemap-index.xml", siteUrl).href
  await writeFile(
    path.join(publicDir, "robots.txt"),
    preview
      ? "User-agent: *\nDisallow: /\n"
      : `User-agent: *\nAllow: /\n\nSitemap: ${sitemapUrl}\n`,
  )
  const icon = await sharp(iconFile).resize(32, 32).png().toBuffer()
  await writeFile(path.join(publicDir, "favicon.ico"), pngToIco(icon))
  if (!preview) {
    // A build in a folder that once built a preview (the publisher's working copy) keeps no trace.
    await rm(path.join(publicDir, previewFile), { force: true })
    return "written"
  }
  await writeFile(
    path.join(publicDir, previewFile),
    `${JSON.stringify({ preview: true, commit: preview.commit ?? null })}\n`,
  )
  return `written, for a preview of ${preview.commit ?? "an unknown commit"}`
}

/**
 * The commit this build is made from: Cloudflare Pages and Netlify name it; elsewhere Git does,
 * as a builder's checkout.
 */
export async function buildCommit(env: NodeJS.ProcessEnv = process.env) {
  const named = env.CF_PAGES_COMMIT_SHA || env.COMMIT_REF || env.SITE_PREVIEW_COMMIT
  if (named) return named
  try {
    const { stdout } = await promisify(execFile)("git", ["rev-parse", "HEAD"])
    return stdout.trim() || undefined
  } catch {
    return undefined
  }
}

/**
 * The site's two font files at a fixed address (src/theme/fontFaces.ts): the endpoints' pages
 * (src/endpointPages/) use the site's faces, and cannot know the names webpack gave the pages' copies.
 */
async function copyFixedFonts({ publicDir }: PostBuildOptions) {
  const files = Object.values(fixedFontFiles)
  for (const { subset, url } of files) {
    const target = path.join(publicDir, url)
    await mkdir(path.dirname(target), { recursive: true })
    await copyFile(path.resolve(subset), target)
  }
  return files.map(({ url }) => url).join(", ")
}

function describeDelivery({ pages, hashes, bundles }: DeliveryFiles) {
  return `${pages.length} pages, ${hashes.length} inline script hashes, ${bundles.length} hashed bundles → _headers, _redirects, nginx's csp.generated.conf`
}

/** Runs every step in order; returns one line a step, for the build's log. */
export async function postBuild(options: PostBuildOptions): Promise<string[]> {
  const report: string[] = []
  for (const step of postBuildSteps) report.push(`${step.name}: ${await step.run(options)}`)
  return report
}
