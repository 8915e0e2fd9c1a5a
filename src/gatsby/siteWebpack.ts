import type { GatsbyNode } from "gatsby"
import path from "path"
import { BannerPlugin, Compilation } from "webpack"

/**
 * Every site bundle starts with V8's compile hint (below); the CMS's bundles are built apart.
 * hoist-non-react-statics is pure but does not say so in its package.json, so webpack kept it, and
 * react-is with it, in every page's bundle for emotion's `withTheme`, which the site never calls
 * (1.3 KB gzipped). Marked side-effect free, it goes as soon as nothing uses it, and stays if
 * anything does. Partytown's snippet, which Gatsby's partytown plugin requires in every page's
 * bundle but runs only under `gatsby develop`, is replaced by a stub (src/gatsby/noPartytown.js;
 * measured side by side: the app bundle 32,490 → 31,714 bytes gzipped). e2e/loading.spec.ts fails if it
 * comes back.
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions }) => {
  if (stage !== "build-javascript") return
  actions.setWebpackConfig({
    plugins: [compileHints],
    resolve: {
      alias: { "@builder.io/partytown/integration$": path.resolve("src/gatsby/noPartytown.js") },
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
