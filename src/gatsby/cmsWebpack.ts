import path from "path"
import TerserPlugin from "terser-webpack-plugin"
import { cmsFolder } from "../shared/policy"
import { membersPageHtml } from "../membership/staffPage/membersPageHtml"
import { escapeHtml } from "../utils/escapeHtml"
import { patchesVersion, unappliedPatches } from "./patchesVersion"

/**
 * Adjusts the webpack configuration gatsby-plugin-decap-cms builds the /admin/ bundle with (its
 * `customizeWebpackConfig` option). Runs in Node, at build time.
 */

/** An entry whose exports become a global of the page, as React's own UMD files did. */
interface GlobalEntry {
  import: string
  library: { type: "window"; name: string }
}

interface CmsWebpackConfig {
  entry: Record<string, string[] | GlobalEntry>
  plugins: unknown[]
  optimization: { minimizer?: unknown[] }
  externals: Record<string, string>[]
  resolve: { alias?: Record<string, string | false | string[]> }
  cache?: false | { name?: string; cacheLocation?: string; version?: string }
}

/** html-webpack-plugin, as the CMS build's own instance is made (the plugin's dependency). */
type HtmlPlugin = new (options: {
  filename: string
  chunks: string[]
  inject: false
  templateContent: (parameters: { htmlWebpackPlugin: { files: { js: string[] } } }) => string
}) => unknown

/** The page's React: React 19's two packages, installed under these names (package.json). */
const react19 = { react: "react-19", "react-dom": "react-dom-19" } as const

/** The scripts that define the globals Decap's prebuilt bundle takes React from, in their order. */
const reactGlobals = [
  { entry: "react", package: react19.react, global: "React" },
  { entry: "react-dom", package: react19["react-dom"], global: "ReactDOM" },
] as const

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

/** The build's script files of one entry, as addresses under /admin/. */
function scriptsOf(files: readonly string[], entry: string): string[] {
  // Written relative to the page ("../members.js"): from /admin/, whatever address opened it.
  return files
    .map((src) => `/${cmsFolder}/${src.split("/").pop() ?? ""}`)
    .filter((src) => src === `/${cmsFolder}/${entry}.js`)
}

const reactScripts = (files: readonly string[]) =>
  reactGlobals.flatMap((each) => scriptsOf(files, each.entry))

/**
 * A page of the CMS build: React 19's globals first (the page shares them, never a second copy),
 * then `between`, then the entry's own script.
 */
function reactPage(
  HtmlWebpackPlugin: HtmlPlugin,
  page: { filename: string; entry: string; between?: string[] },
  html: (scripts: string[]) => string,
) {
  return new HtmlWebpackPlugin({
    filename: page.filename,
    chunks: [...reactGlobals.map((each) => each.entry), page.entry],
    inject: false,
    templateContent: ({ htmlWebpackPlugin: { files } }) =>
      html([
        ...reactScripts(files.js),
        ...(page.between ?? []),
        ...scriptsOf(files.js, page.entry),
      ]),
  })
}

/**
 * The staff's page of the list: an entry of its own, and its HTML at /admin/members/; never
 * Decap. Its react-dom/client is its own: Decap's bundle carries a copy it does not share.
 */
function addMembersPage(config: CmsWebpackConfig, entry: string) {
  config.entry = { ...config.entry, members: [entry] }
  config.plugins.push(
    reactPage(
      htmlPluginOf(config.plugins),
      { filename: "members/index.html", entry: "members" },
      membersPageHtml,
    ),
  )
}

/**
 * Decap CMS 3.16 is built for React 19 (its bundle carries react-dom/client 19.2.0, which throws
 * unless the page's React is exactly 19.2.0) while the site's pages stay on React 18. This build
 * is the CMS's alone, so React 19 is its React: every `react` and `react-dom` import here resolves
 * to the 19 packages, and two entries put them on the page as the globals Decap's bundle and
 * this build's externals read (the UMD files the plugin copied are React 18's, and React 19 has
 * none). The previews render the site's components with it.
 */
function useReact19(config: CmsWebpackConfig) {
  // A new object: the plugin hands over the site build's own, which keeps React 18. An alias
  // covers the packages' files too: react/jsx-runtime, react-dom/client, react-dom/server.
  config.resolve = { ...config.resolve, alias: { ...config.resolve.alias, ...react19 } }
  for (const each of reactGlobals) {
    config.entry[each.entry] = {
      import: each.package,
      library: { type: "window", name: each.global },
    }
  }
  replaceCmsPage(config)
}

/**
 * /admin/index.html and what it loads: React 19's globals, Decap's bundle with its chunks and
 * WebAssembly (fetched on demand from beside it: image processing, some widgets), then the CMS's
 * own script. The plugin's page and copies are React 18's and Decap's main file alone.
 */
function replaceCmsPage(config: CmsWebpackConfig) {
  const HtmlWebpackPlugin = htmlPluginOf(config.plugins)
  const pluginPage = config.plugins.find(
    (plugin): plugin is { userOptions: { title?: string; filename?: string } } =>
      isPluginNamed(plugin, "HtmlWebpackPlugin") &&
      ((plugin as { userOptions?: { filename?: string } }).userOptions?.filename ??
        "index.html") === "index.html",
  )
  if (!pluginPage) throw new Error("gatsby-plugin-decap-cms no longer writes /admin/index.html")
  const title = pluginPage.userOptions.title ?? "Content editor"
  const copy = config.plugins.find(isCopyPlugin)
  const decapBundle = copy?.patterns.find((pattern) => pattern.from.endsWith("decap-cms-app.js"))
  if (!copy || !decapBundle)
    throw new Error("gatsby-plugin-decap-cms no longer copies Decap's bundle")
  config.plugins = config.plugins.filter(
    (plugin) =>
      plugin !== pluginPage &&
      !isPluginNamed(plugin, "HtmlWebpackTagsPlugin") &&
      !isPluginNamed(plugin, "HtmlWebpackSkipAssetsPlugin"),
  )
  copy.patterns.splice(0, copy.patterns.length, {
    from: path.dirname(decapBundle.from),
    to: ".",
    globOptions: { ignore: ["**/esm/**", "**/*.LICENSE.txt"] },
    // Shipped as Decap minified it: minifying it again took time and made it 6 % larger.
    info: { minimized: true },
  })
  config.plugins.push(
    reactPage(
      HtmlWebpackPlugin,
      { filename: "index.html", entry: "cms", between: [`/${cmsFolder}/decap-cms-app.js`] },
      (scripts) => cmsPageHtml(title, scripts),
    ),
  )
}

/**
 * Under `gatsby develop` the CMS build is a development build, but Decap's bundle carries React
 * 19's production react-dom (react-dom/client inside it), which fails on React's development
 * build ("dispatcher.getOwner is not a function"): React 19's own files become their production
 * builds here (the rest of the CMS's code stays a development build), and the previews' JSX,
 * compiled for the development runtime, gets React's production jsx under that runtime's name.
 */
function productionReactUnderDevelop(
  config: CmsWebpackConfig,
  plugins: CmsWebpackHelpers["plugins"],
  previewFolder: string,
) {
  config.plugins.push(
    plugins.normalModuleReplacement(/\.development\.js$/, (resource) => {
      if (/[\\/]node_modules[\\/]react(?:-dom)?-19(?:[\\/]|$)/.test(resource.context)) {
        resource.request = resource.request.replace(/\.development\.js$/, ".production.js")
      }
    }),
  )
  // Before the alias of `react` (useReact19): the first that matches is taken.
  config.resolve = {
    ...config.resolve,
    alias: {
      "react/jsx-dev-runtime$": path.join(previewFolder, "jsxDevRuntime.js"),
      ...config.resolve.alias,
    },
  }
}

/** The CMS's page: Decap builds everything in it; search engines are kept out, as the plugin did. */
function cmsPageHtml(title: string, scripts: readonly string[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="none">
<title>${escapeHtml(title)}</title>
${scripts.map((src) => `<script defer src="${escapeHtml(src)}"></script>`).join("\n")}
</head>
<body></body>
</html>
`
}

interface CmsWebpackHelpers {
  stage: string
  plugins: {
    normalModuleReplacement: (
      request: RegExp,
      replacement: string | ((resource: { request: string; context: string }) => void),
    ) => unknown
  }
}

/** The site's static-query hooks; the preview has stand-ins of the same name in ./preview/. */
const previewHooks = ["useSiteSettings", "useErrorTexts", "usePreviewSite"]

interface CopyPattern {
  from: string
  to: string
  globOptions?: { ignore: string[] }
  info?: { minimized: boolean }
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

/**
 * `previewFolder`: the absolute path of src/cms/preview/; `membersEntry`:
 * src/membership/staffPage/membersApp.tsx; `patchesFolder`: patches/.
 */
export const customizeCmsWebpackConfig =
  (previewFolder: string, membersEntry: string, patchesFolder: string) =>
  (config: CmsWebpackConfig, { stage, plugins }: CmsWebpackHelpers) => {
    useReact19(config)
    addMembersPage(config, membersEntry)
    if (stage !== "develop") minifyWithEsbuild(config)
    // The plugin copies the site's webpack cache settings, so both builds would share one cache
    // and each be handed the other's cached modules. The CMS keeps a cache of its own, made again
    // when what patch-package did to node_modules changes (Decap's bundle is patched).
    const unapplied = unappliedPatches(patchesFolder)
    if (unapplied.length > 0) {
      throw new Error(
        `${unapplied.join(", ")} is not applied to node_modules, so the CMS would be built with Decap unpatched: run npm ci (its postinstall, patch-package, applies it) and build again`,
      )
    }
    if (config.cache && config.cache.cacheLocation) {
      const cacheLocation = path.join(path.dirname(config.cache.cacheLocation), `cms-${stage}`)
      const version = patchesVersion(patchesFolder)
      config.cache = { ...config.cache, name: `cms-${stage}`, cacheLocation, version }
    }
    if (stage === "develop") productionReactUnderDevelop(config, plugins, previewFolder)
    // The admin page has no static queries: the preview supplies what these hooks return.
    for (const hook of previewHooks) {
      config.plugins.push(
        plugins.normalModuleReplacement(
          new RegExp(`[\\\\/]hooks[\\\\/]${hook}$`),
          path.join(previewFolder, `${hook}.ts`),
        ),
      )
    }
  }
