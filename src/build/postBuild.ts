import { copyFile, mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import sharp from "sharp"
import { fixedFontFiles } from "../theme/fontFaces"
import { writeDeliveryFiles, type DeliveryFiles } from "./deliveryFiles"
import { pngToIco } from "./favicon"
import { loadAllScriptsAfterPaint } from "../gatsby/scriptsAfterPaint"
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
    name: "robots.txt and favicon.ico",
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
    run: async ({ publicDir, nginxDir }: PostBuildOptions) =>
      describeDelivery(await writeDeliveryFiles(publicDir, nginxDir)),
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
}

/** Files crawlers and browsers look for at the root, made from the content. */
async function writeRootFiles({ publicDir, siteUrl, iconFile }: PostBuildOptions) {
  const sitemapUrl = new URL("/sitemap-index.xml", siteUrl).href
  await writeFile(
    path.join(publicDir, "robots.txt"),
    `User-agent: *\nAllow: /\n\nSitemap: ${sitemapUrl}\n`,
  )
  const icon = await sharp(iconFile).resize(32, 32).png().toBuffer()
  await writeFile(path.join(publicDir, "favicon.ico"), pngToIco(icon))
  return "written"
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
