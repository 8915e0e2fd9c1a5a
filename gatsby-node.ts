import type { Request, Response } from "express"
import type { GatsbyNode, Reporter } from "gatsby"
import { readFileSync } from "fs"
import path from "path"
import site from "./data/site.json"
import { removeOldBundles } from "./src/build/deliveryFiles"
import { writeFontSubsets } from "./src/build/fontSubsets"
import { buildCommit, postBuild } from "./src/build/postBuild"
import { checkContent, formatProblems } from "./src/content/checkContent"
import { buildMoment, goLiveLists, isLive, liveContent } from "./src/content/goLive"
import { graphqlTypeDefs } from "./src/content/graphqlTypes"
import { contentFiles } from "./src/content/model"
import { fillPlaceholders, type PlaceholderValues } from "./src/content/placeholders"
import { pageRoutes } from "./src/content/routes"
import { isPreviewSite, previewSettingProblem } from "./src/previews/previewSite"
import { hostSignupProblem } from "./src/membership/web/providers/fromEnv"
import { membersPagePath } from "./src/shared/endpoints"
import { fixedFontFiles } from "./src/theme/fontFaces"

// The bends of Gatsby's and webpack's contracts live in src/gatsby/ (docs/architecture.md lists them).
export { onCreateWebpackConfig } from "./src/gatsby/siteWebpack"
// How the image jobs encode AVIF (they run in this process).
import "./src/gatsby/avifEncoding"

const dataDirectory = path.join(__dirname, "data")

/**
 * The content check, before anything else: Gatsby writes to public/ and .cache/ only after
 * onPreInit, so broken content stops the build with the previous site left as it was.
 */
export const onPreInit: GatsbyNode["onPreInit"] = async ({ reporter }) => {
  // A preview the host builds must be marked one, or its sign-ups reach the live list.
  const unmarkedPreview = previewSettingProblem(process.env)
  if (unmarkedPreview) reporter.panic(unmarkedPreview)
  // A live site on a host without a disk must name a provider, or no sign-up could be kept.
  const noSignups = hostSignupProblem(process.env)
  if (noSignups) reporter.panic(noSignups)
  // One moment for the whole build, its query workers (forked later, with this environment)
  // included: which dated entries are live (src/content/goLive.ts).
  process.env.GO_LIVE_NOW ||= new Date().toISOString()
  const problems = checkContent(dataDirectory)
  if (problems.length === 0) {
    // Before webpack bundles them: the fonts cut down to the characters of this content.
    reporter.info(`web fonts: ${await writeFontSubsets(__dirname)}`)
    return
  }
  // Printed as it is: Gatsby's error box would wrap the one-problem-a-line list.
  process.stderr.write(`\n${formatProblems(problems)}\n\n`)
  reporter.setErrorMap({
    content: {
      text: () => "The content check failed (the problems are listed above).",
      level: "ERROR",
      category: "USER",
    },
  })
  reporter.panic({ id: "content", context: {} })
}

let recheck: ReturnType<typeof setTimeout> | undefined
let hadProblems = false

/** While `gatsby develop` runs (and the CMS saves), a changed data file is checked again. */
function recheckSoon(reporter: Reporter) {
  clearTimeout(recheck)
  recheck = setTimeout(() => {
    const problems = checkContent(dataDirectory)
    if (problems.length > 0) {
      process.stderr.write(
        `\n${formatProblems(problems, "and a build of the live site would stop on it")}\n\n`,
      )
    } else if (hadProblems) reporter.success("The content in data/ has no problems now.")
    hadProblems = problems.length > 0
  }, 200)
}

export const onCreateNode: GatsbyNode["onCreateNode"] = ({ node, reporter }) => {
  const isDataFile = node.internal.type === "File" && node.sourceInstanceName === "data"
  if (isDataFile && process.env.gatsby_executing_command === "develop") recheckSoon(reporter)
}

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createFieldExtension({
    name: "fill",
    extend() {
      return {
        async resolve(
          source: Record<string, unknown>,
          _args: unknown,
          context: { nodeModel: { findOne: (q: { type: string }) => Promise<unknown> } },
          info: { fieldName: string },
        ) {
          const value = source[info.fieldName]
          const site = (await context.nodeModel.findOne({ type: "SiteJson" })) as PlaceholderValues
          const fill = (text: unknown) =>
            typeof text === "string" ? fillPlaceholders(text, site) : text
          return Array.isArray(value) ? value.map(fill) : fill(value)
        },
      }
    },
  })
  // A list's entries whose go-live date is still to come are left out of every query's result.
  actions.createFieldExtension({
    name: "goLive",
    args: { date: "String!" },
    extend({ date }: { date: string }) {
      return {
        resolve(
          source: Record<string, unknown>,
          _args: unknown,
          _context: unknown,
          info: { fieldName: string },
        ) {
          const entries = source[info.fieldName]
          const now = buildMoment()
          return Array.isArray(entries)
            ? entries.filter((entry: Record<string, unknown>) => isLive(entry[date], now))
            : entries
        },
      }
    },
  })
  actions.createTypes(graphqlTypeDefs(contentFiles))
}

/**
 * Each page file of the content is a page, at its `path`, made by src/templates/<name>.tsx. The
 * addresses come from src/content/routes.ts, as every test and script reads them.
 */
export const createPages: GatsbyNode["createPages"] = ({ actions }) => {
  for (const route of pageRoutes(dataDirectory)) {
    actions.createPage({
      path: route.path,
      component: path.resolve(`src/templates/${route.name}.tsx`),
      context: goLiveContext(route.name),
    })
  }
}

/**
 * A page with dated entries carries how many are live in its context: when a date arrives and
 * nothing else changed, the changed context is what makes Gatsby run its query again (its cache
 * knows nothing of the time). The count is what the page shows anyway.
 */
function goLiveContext(name: string): Record<string, number> {
  const file = contentFiles.find((each) => each.name === name)
  if (!file || goLiveLists(file).length === 0) return {}
  const content = JSON.parse(readFileSync(path.join(dataDirectory, `${name}.json`), "utf8"))
  const live = liveContent(file, content, buildMoment())
  return Object.fromEntries(
    goLiveLists(file).map(({ list }) => [`${list}Live`, (live[list] as unknown[]).length]),
  )
}

/**
 * `gatsby develop` (`npm run cms`) serves no index.html from public/ but the CMS's own (the plugin
 * adds /admin): the staff's page of the list, which the CMS's webpack writes beside it, is served
 * the same way, and its two faces at the fixed addresses a build copies them to (postBuild), from
 * the subsets onPreInit wrote; without them the page fell back to the system's faces.
 */
export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = ({ app }) => {
  for (const face of Object.values(fixedFontFiles)) {
    app.get(face.url, (_request: Request, response: Response) => {
      response.sendFile(path.resolve(face.subset), (error?: Error) => {
        if (error) response.status(404).end()
      })
    })
  }
  const page = path.resolve("public", membersPagePath.slice(1), "index.html")
  app.get(
    [membersPagePath, membersPagePath.replace(/\/$/, "")],
    (_request: Request, response: Response) => {
      response.sendFile(page, (error?: Error) => {
        if (error)
          response.status(404).end("The members' page is not built yet: wait for the CMS's build.")
      })
    },
  )
}

/** Bundles of earlier builds out of public/ before webpack writes this one's. */
export const onPreBuild: GatsbyNode["onPreBuild"] = async ({ reporter }) => {
  const removed = await removeOldBundles(path.resolve("public"))
  if (removed > 0) reporter.info(`removed ${removed} bundle files of earlier builds from public/`)
}

/** The site's own steps after Gatsby's, in their order (src/build/postBuild.ts). */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter }) => {
  const report = await postBuild({
    publicDir: path.resolve("public"),
    nginxDir: path.resolve("deploy/nginx/evergrace"),
    siteUrl: site.siteUrl,
    iconFile: path.resolve("data", site.icon),
    preview: isPreviewSite(process.env) ? { commit: await buildCommit() } : undefined,
  })
  for (const line of report) reporter.info(line)
}
