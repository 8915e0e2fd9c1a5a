import path from "path"

/**
 * Adjusts the webpack configuration gatsby-plugin-decap-cms builds the /admin/ bundle with (its
 * `customizeWebpackConfig` option). Runs in Node, at build time.
 */

interface CmsWebpackConfig {
  plugins: unknown[]
  cache?: false | { name?: string; cacheLocation?: string }
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
    typeof plugin === "object" &&
    plugin !== null &&
    plugin.constructor.name === "CopyPlugin" &&
    Array.isArray((plugin as { patterns?: unknown }).patterns)
  )
}

/** `previewFolder`: the absolute path of src/cms/preview/. */
export const customizeCmsWebpackConfig =
  (previewFolder: string) =>
  (config: CmsWebpackConfig, { stage, plugins }: CmsWebpackHelpers) => {
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
