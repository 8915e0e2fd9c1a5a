import type { Request, Response } from "express"
import type { GatsbyNode, Reporter } from "gatsby"
import path from "path"
import { BannerPlugin, Compilation } from "webpack"
import site from "./data/site.json"
import { removeOldBundles } from "./src/build/deliveryFiles"
import { postBuild } from "./src/build/postBuild"
import { checkContent, formatProblems } from "./src/content/checkContent"
import { graphqlTypeDefs, nodeTypeName } from "./src/content/graphqlTypes"
import { contentFiles, pageFiles } from "./src/content/model"
import { fillPlaceholders, type PlaceholderValues } from "./src/content/placeholders"
import { membersPagePath } from "./src/shared/endpoints"

const dataDirectory = path.join(__dirname, "data")

/**
 * The content check, before anything else: Gatsby writes to public/ and .cache/ only after
 * onPreInit, so broken content stops the build with the previous site left as it was.
 */
export const onPreInit: GatsbyNode["onPreInit"] = ({ reporter }) => {
  const problems = checkContent(dataDirectory)
  if (problems.length === 0) return
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
  actions.createTypes(graphqlTypeDefs(contentFiles))
}

/** Each page file of the content is a page, at its `path`, made by src/templates/<name>.tsx. */
export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  for (const { name } of pageFiles) {
    // The query field of data/shop.json is shopJson.
    const field = nodeTypeName(name).replace(/^./, (first) => first.toLowerCase())
    const result = await graphql<Record<string, { path: string } | null>>(`{ ${field} { path } }`)
    const page = result.data?.[field]
    if (result.errors || !page) {
      reporter.panicOnBuild(`data/${name}.json: could not read the page's "path"`, result.errors)
      return
    }
    actions.createPage({
      path: page.path,
      component: path.resolve(`src/templates/${name}.tsx`),
      context: {},
    })
  }
}

/**
 * Every site bundle starts with V8's compile hint (below); the CMS's bundles are built apart.
 * hoist-non-react-statics is pure but does not say so in its package.json, so webpack kept it, and
 * react-is with it, in every page's bundle for emotion's `withTheme`, which the site never calls
 * (1.3 KB gzipped). Marked side-effect free, it goes as soon as nothing uses it, and stays if
 * anything does. Partytown's snippet, which Gatsby's partytown plugin requires in every page's
 * bundle but runs only under `gatsby develop`, is replaced by a stub (src/build/noPartytown.js;
 * measured side by side: the app bundle 32,490 → 31,714 bytes gzipped). e2e/loading.spec.ts fails if it
 * comes back.
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions }) => {
  if (stage !== "build-javascript") return
  actions.setWebpackConfig({
    plugins: [compileHints],
    resolve: {
      alias: { "@builder.io/partytown/integration$": path.resolve("src/build/noPartytown.js") },
    },
    module: {
      rules: [{ test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false }],
    },
  })
}

/**
 * V8 compiles a function the first time it runs, on the main thread, unless the script says
 * that its functions all run as it loads: then it compiles them with the script, on a background
 * thread while the script streams in (Chrome's explicit compile hints, Chrome 136+; other
 * browsers ignore the comment). Every page runs nearly all of its bundles' code as it hydrates,
 * so each bundle starts with the hint. Measured on /journal (a simulated phone in Chromium 156):
 * the app bundle's evaluation went from 21 to 15 ms of main-thread time and hydration from 18 to
 * 12 ms. Added after minifying (which strips comments) and before the source maps and the content
 * hashes are made, so both include it. Only the site's hashed bundles: not the CMS's.
 */
const compileHints = new BannerPlugin({
  banner: "//# allFunctionsCalledOnLoad",
  raw: true,
  test: /-[0-9a-f]{20}\.js$/,
  stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
})

/**
 * `gatsby develop` (`npm run cms`) serves no index.html from public/ but the CMS's own (the plugin
 * adds /admin): the staff's page of the list, which the CMS's webpack writes beside it, is served
 * the same way.
 */
export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = ({ app }) => {
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
  })
  for (const line of report) reporter.info(line)
}
