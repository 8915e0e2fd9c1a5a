import type { GatsbyNode } from "gatsby"
import path from "path"
import { BannerPlugin, Compilation, NormalModuleReplacementPlugin } from "webpack"

/**
 * Every site bundle starts with V8's compile hint (below); the CMS's bundles are built apart.
 * The rest takes out of every page's bundles code that no page runs; e2e/bends.spec.ts fails if
 * any of it comes back. hoist-non-react-statics is pure but does not say so in its package.json,
 * so webpack kept it, and react-is with it, in every page's bundle for emotion's `withTheme`,
 * which the site never calls (1.3 KB gzipped). Marked side-effect free, it goes as soon as nothing
 * uses it, and stays if anything does. The plugins' browser code that does nothing here is
 * swapped for an empty module (`unusedBrowserCode`), and Gatsby's own exports that no page imports
 * are marked side-effect free (`gatsbyExportsUnused`).
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions }) => {
  if (stage !== "build-javascript") return
  actions.setWebpackConfig({
    plugins: [compileHints, unusedBrowserCode],
    module: {
      rules: [
        { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
        { test: gatsbyExportsUnused, sideEffects: false },
      ],
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
 * Gatsby puts every plugin's gatsby-browser file in the app bundle, whatever the site's options
 * leave it to do. These do nothing here, and become an empty module (gzipped bytes each takes off
 * every page's JavaScript, measured by building without it):
 * - gatsby-plugin-decap-cms's: the Netlify Identity check, which looks for a sign-in token in the
 *   address and loads netlify-identity-widget, only with `enableIdentityWidget`, which
 *   gatsby-config.ts turns off (the CMS at /admin/ signs in through its own bundle). 447 bytes.
 * - Gatsby's partytown plugin's: it injects Partytown's snippet under `gatsby develop` only, yet
 *   requires gatsby-script and Partytown's snippet in every page's bundle. 2,102 bytes.
 * - gatsby-plugin-manifest's: it rewrites the manifest's link on navigation for a manifest per
 *   language (`localize`), which the site has not. Its helper `require`s "gatsby" as CommonJS,
 *   which kept every export of Gatsby's browser entry, those no page imports (`Slice`, `Script`)
 *   too. 3,302 bytes.
 * And Gatsby's service-worker registration, which production-app.js requires only when a plugin
 * asks for a service worker (gatsby-plugin-offline does); none does. 365 bytes.
 * e2e/bends.spec.ts checks that each still has nothing to do, with the site's options.
 */
const unusedBrowserCode = new NormalModuleReplacementPlugin(
  /(gatsby-plugin-(decap-cms|manifest)[\\/]gatsby-browser|internal-plugins[\\/]partytown[\\/]gatsby-browser|[\\/]register-service-worker)(\.js)?$/,
  path.resolve("src/gatsby/nothing.js"),
)

/**
 * Gatsby's browser entry (`import … from "gatsby"`) also exports `PageRenderer`, which no page
 * imports. Its modules look to webpack as if they did something as they load (one is CommonJS,
 * the other sets propTypes), and Gatsby's package does not say otherwise: webpack kept them. Marked side-effect free, it goes as long as
 * nothing imports it, and stays if anything does (272 bytes gzipped a page). Its other unused exports go without
 * this, now that nothing requires "gatsby" whole.
 */
const gatsbyExportsUnused = /[\\/]\.cache[\\/]public-page-renderer(-prod)?\.js$/
