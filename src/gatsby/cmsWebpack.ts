import path from "path"
import TerserPlugin from "terser-webpack-plugin"
import { cmsFolder } from "../shared/policy"
import { membersPageHtml } from "../membership/staffPage/membersPageHtml"

/**
 * Adjusts the webpack configuration gatsby-plugin-decap-cms builds the /admin/ bundle with (its
 * `customizeWebpackConfig` option). Runs in Node, at build time.
 */

interface CmsWebpackConfig {
  entry: Record<string, string[]>
  plugins: unknown[]
  optimization: { minimizer?: unknown[] }
  externals: Record<string, string>[]
  cache?: false | { name?: string; cacheLocation?: string }
}

/** html-webpack-plugin, as the CMS build's own instance is made (the plugin's dependency). */
type HtmlPlugin = new (options: {
  filename: string
  chunks: string[]
  inject: false
  templateContent: (parameters: { htmlWebpackPlugin: { files: { js: string[] } } }) => string
}) => unknown

/**
 * Whether `plugin` is an instance of the webpack plugin class `name`, told by its class's name: the
 * CMS build's plugins come from gatsby-plugin-decap-cms's own copies of their packages.
 */
function isPluginNamed(plugin: unknown, name: string): plugin is object {
  return typeof plugin === "object" && plugin !== null && plugin.constructor.name === name
}

function htmlPluginOf(plugins: readonly unknown[]): HtmlPlugin {
  const found = plugins.find((plugin) => isPluginNamed(plugin, "HtmlWebpackPlugin"))
  if (!found) throw new Error("gatsby-plugin-decap-cms no longer uses html-webpack-plugin")
  return (found as object).constructor as HtmlPlugin
}

/** The staff's page of the list: an entry of its own, and its HTML at /admin/members/. */
function addMembersPage(config: CmsWebpackConfig, entry: string) {
  config.entry = { ...config.entry, members: [entry] }
  // The page shares the CMS's React (the globals its script tags define), not a second copy.
  config.externals.push({ "react-dom/client": "ReactDOM" })
  const HtmlWebpackPlugin = htmlPluginOf(config.plugins)
  config.plugins.push(
    new HtmlWebpackPlugin({
      filename: "members/index.html",
      chunks: ["members"],
      inject: false,
      // React first (the CMS build copies it to /admin/ for Decap), then the page; never Decap.
      templateContent: ({ htmlWebpackPlugin }) =>
        membersPageHtml([
          `/${cmsFolder}/react.production.min.js`,
          `/${cmsFolder}/react-dom.production.min.js`,
          // Written relative to the page ("../members.js"): from /admin/, whatever address opened it.
          ...htmlWebpackPlugin.files.js
            .map((src) => `/${cmsFolder}/${src.split("/").pop() ?? ""}`)
            .filter((src) => /\/members[.-]/.test(src)),
        ]),
    }),
  )
}

interface CmsWebpackHelpers {
  stage: string
  plugins: { normalModuleReplacement: (request: RegExp, replacement: string) => unknown }
}

/** The site's static-query hooks; the preview has stand-ins of the same name in ./preview/. */
const previewHooks = ["useSiteSettings", "useErrorTexts"]

interface CopyPattern {
  from: string
  to: string
}

function isCopyPlugin(plugin: unknown): plugin is { patterns: CopyPattern[] } {
  return (
    isPluginNamed(plugin, "CopyPlugin") &&
    Array.isArray((plugin as { patterns?: unknown }).patterns)
  )
}

/**
 * The CMS's own bundles (its previews and the staff's page) minified by esbuild instead of terser.
 * Terser took most of a cold build's bundling: measured from a clean clone, the JavaScript step
 * 56 → 26 s, the whole build 153 → 119 s. esbuild's output is larger (cms.js 161 → 175 KB
 * gzipped, members.js 40 → 47 KB), a price staff pay once, beside Decap's own 1.5 MB; the site's
 * pages keep terser. The CSS minimizer stays as Gatsby set it.
 */
function minifyWithEsbuild(config: CmsWebpackConfig) {
  const isTerser = (plugin: unknown) => isPluginNamed(plugin, "TerserPlugin")
  const minimizers = config.optimization.minimizer ?? []
  if (!minimizers.some(isTerser)) {
    throw new Error("the CMS build has no terser minimizer to replace any more")
  }
  // A new list: the plugin hands over the site build's own, which must keep terser.
  config.optimization = {
    ...config.optimization,
    minimizer: minimizers.map((plugin) =>
      isTerser(plugin) ? new TerserPlugin({ minify: TerserPlugin.esbuildMinify }) : plugin,
    ),
  }
}

/** `previewFolder`: the absolute path of src/cms/preview/; `membersEntry`: src/membership/staffPage/membersApp.tsx. */
export const customizeCmsWebpackConfig =
  (previewFolder: string, membersEntry: string) =>
  (config: CmsWebpackConfig, { stage, plugins }: CmsWebpackHelpers) => {
    addMembersPage(config, membersEntry)
    if (stage !== "develop") minifyWithEsbuild(config)
    // The plugin copies the site's webpack cache settings, so both builds would share one cache
    // and each be handed the other's cached modules. The CMS keeps a cache of its own.
    if (config.cache && config.cache.cacheLocation) {
      const cacheLocation = path.join(path.dirname(config.cache.cacheLocation), `cms-${stage}`)
      config.cache = { ...config.cache, name: `cms-${stage}`, cacheLocation }
    }
    // The admin page has no static queries: the preview supplies what these hooks return.
    for (const hook of previewHooks) {
      config.plugins.push(
        plugins.normalModuleReplacement(
          new RegExp(`[\\\\/]hooks[\\\\/]${hook}$`),
          path.join(previewFolder, `${hook}.ts`),
        ),
      )
    }
    // The plugin always loads React's production build as the page's shared React, but under
    // `gatsby develop` the preview's components are compiled for React's development build (and
    // crash reading its debugging internals). There, copy the development build under the same name.
    if (stage === "develop") {
      for (const plugin of config.plugins.filter(isCopyPlugin)) {
        for (const pattern of plugin.patterns) {
          pattern.from = pattern.from.replace(/\.production\.min\.js$/, ".development.js")
        }
      }
    }
  }
