import { writeFile } from "fs/promises"
import type { GatsbyNode, Reporter } from "gatsby"
import path from "path"
import sharp from "sharp"
import { BannerPlugin, Compilation } from "webpack"
import site from "./data/site.json"
import { checkContent, formatProblems } from "./src/content/checkContent"
import { pngToIco } from "./src/utils/favicon"
import { contentTypeDefs, pageTemplates } from "./src/utils/contentSchema"
import { fillPlaceholders, type PlaceholderValues } from "./src/utils/placeholders"

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
  actions.createTypes(contentTypeDefs)
}

export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  for (const template of pageTemplates) {
    const field = `${template}Json`
    const result = await graphql<Record<string, { path: string } | null>>(`{ ${field} { path } }`)
    const page = result.data?.[field]
    if (result.errors || !page) {
      reporter.panicOnBuild(
        `data/${template}.json: could not read the page's "path"`,
        result.errors,
      )
      return
    }
    actions.createPage({
      path: page.path,
      component: path.resolve(`src/templates/${template}.tsx`),
      context: {},
    })
  }
}

/**
 * The browser bundle renders with Preact's React-compatible build (about 10 KB gzipped) instead of
 * React DOM (about 45 KB): on a phone, evaluating React DOM was the page's longest task. The HTML is
 * still rendered by React 18 at build time, as Gatsby 5 requires (gatsby-plugin-preact swaps the
 * server renderer too, and that fails on Gatsby 5: gatsbyjs/gatsby#35500), and `gatsby develop`
 * keeps React for Fast Refresh. The browser tests run on the production build, so they test Preact.
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({
  stage,
  getConfig,
  actions,
}) => {
  if (stage !== "build-javascript") return
  const config = getConfig()
  // New objects, not edits: gatsby-plugin-decap-cms builds the CMS (with React) from a shallow copy
  // of this configuration. Gatsby points `react` and `react-dom`, and so every path under them, at
  // its React copies; those two entries go.
  const alias = Object.fromEntries(
    Object.entries(config.resolve.alias).filter(
      ([name]) => name !== "react" && name !== "react-dom",
    ),
  )
  config.resolve = {
    ...config.resolve,
    alias: {
      ...alias,
      react$: "preact/compat",
      "react-dom$": "preact/compat",
      "react-dom/client$": "preact/compat/client",
      "react/jsx-runtime$": "preact/compat/jsx-runtime",
    },
  }
  // Preact takes React's place in the framework chunk every page shares.
  const { cacheGroups } = config.optimization.splitChunks
  const isFramework = cacheGroups.framework.test
  const inPreact = /[\\/]node_modules[\\/]preact[\\/]/
  config.optimization = {
    ...config.optimization,
    splitChunks: {
      ...config.optimization.splitChunks,
      cacheGroups: {
        ...cacheGroups,
        framework: {
          ...cacheGroups.framework,
          test: (module: { nameForCondition(): string | null }) =>
            isFramework(module) || inPreact.test(module.nameForCondition() ?? ""),
        },
      },
    },
  }
  config.plugins = [...config.plugins, compileHints]
  actions.replaceWebpackConfig(config)
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

// Files crawlers and browsers look for at the root, made from the content at the end of the build.
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter }) => {
  const publicDir = path.resolve("public")
  const sitemapUrl = new URL("/sitemap-index.xml", site.siteUrl).href
  await writeFile(
    path.join(publicDir, "robots.txt"),
    `User-agent: *\nAllow: /\n\nSitemap: ${sitemapUrl}\n`,
  )
  const icon = await sharp(path.join("data", site.icon)).resize(32, 32).png().toBuffer()
  await writeFile(path.join(publicDir, "favicon.ico"), pngToIco(icon))
  reporter.info("Wrote robots.txt and favicon.ico")
}
