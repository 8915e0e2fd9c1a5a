import type { GatsbyConfig } from "gatsby"
import path from "path"
import site from "./data/site.json"
import { fillPlaceholders } from "./src/content/placeholders"
import netlifyAdapter from "gatsby-adapter-netlify"
import { withoutHeaderRules } from "./src/gatsby/netlifyAdapter"
import { customizeCmsWebpackConfig } from "./src/gatsby/cmsWebpack"
import { AVIF_QUALITY } from "./src/gatsby/avifEncoding"
import { isPreviewSite } from "./src/previews/previewSite"
import { colors } from "./src/theme/tokens"

const config: GatsbyConfig = {
  // The sitemap needs the address the site is published at; it is content, in data/site.json.
  // A preview of a draft is never indexed (src/previews/previewSite.ts).
  siteMetadata: { siteUrl: site.siteUrl, preview: isPreviewSite(process.env) },
  // The spec's links are /shop, not /shop/; the other form redirects to this one.
  trailingSlash: "never",
  // On Netlify (NETLIFY=true in its builds) the adapter deploys the Functions, without the header
  // rules it would add to our _headers; elsewhere no adapter (Cloudflare runs functions/ itself).
  adapter: process.env.NETLIFY ? withoutHeaderRules(netlifyAdapter()) : undefined,
  jsxRuntime: "automatic",
  jsxImportSource: "@emotion/react",
  graphqlTypegen: {
    generateOnBuild: true,
    typesOutputPath: "src/gatsby-types.d.ts",
  },
  plugins: [
    {
      resolve: "gatsby-plugin-emotion",
      // Emotion's source maps for `gatsby develop` only, as the plugin means them to be: its
      // options' default (true) overrides its code's (not in production). Built with them, each
      // style module carries its maps in a branch the minifier drops, but Gatsby splits chunks by
      // their size before minifying: src/theme/styles.ts weighed 1.4 MB, the header's styles
      // 720 KB, so they and the footer's, the sign-up form's and the toast's became chunks of
      // their own, as large libraries do, and small components the pages share became shared
      // chunks. Each page's JavaScript is 1.7–2.9 KB gzipped lighter without.
      options: { sourceMap: process.env.NODE_ENV !== "production" },
    },
    // Links inside a page's static HTML (StaticContent) are plain anchors: this sends them through
    // Gatsby's router, as a Link would, instead of reloading the page.
    "gatsby-plugin-catch-links",
    {
      resolve: "gatsby-plugin-sitemap",
      options: { excludes: ["/404", "/404.html"] },
    },
    {
      resolve: "gatsby-plugin-manifest",
      options: {
        name: site.brandName,
        short_name: site.brandName,
        // As the pages show it: the tagline may name the boutique, {product}.
        description: fillPlaceholders(site.tagline, site),
        start_url: "/",
        background_color: colors.ivory,
        theme_color: colors.accent,
        display: "standalone",
        // Icons in every size, and the favicon links, are made from this one image.
        icon: path.join("data", site.icon),
        cache_busting_mode: "none",
      },
    },
    {
      resolve: "gatsby-plugin-sharp",
      // AVIF quality, chosen with the effort and colour of src/gatsby/avifEncoding.ts.
      options: { defaults: { avifOptions: { quality: AVIF_QUALITY } } },
    },
    "gatsby-transformer-sharp",
    {
      resolve: "gatsby-source-filesystem",
      // fastHash: a file's version is its modification time and inode, not an MD5 read later.
      // Publishing in `npm run cms` (decap-server's Git mode) rewrites a file several times
      // within a second (draft branch, main, the merge); with MD5s `gatsby develop` kept an
      // earlier version (the old text shown after Publish, 2 tries of 2), with this the last
      // one (3 of 3).
      options: { name: "data", path: path.join(__dirname, "data"), fastHash: true },
    },
    {
      resolve: "gatsby-transformer-json",
      options: {
        // One GraphQL type per file: data/shop.json becomes ShopJson (the default would name
        // every object file after the folder).
        typeName: ({ node }: { node: { name: string } }) =>
          `${node.name.charAt(0).toUpperCase()}${node.name.slice(1)}Json`,
      },
    },
    {
      // Decap CMS at /admin, in its own bundle: no public page loads any of it.
      resolve: "gatsby-plugin-decap-cms",
      options: {
        modulePath: path.join(__dirname, "src/cms/cms.tsx"),
        manualInit: true,
        enableIdentityWidget: false,
        htmlTitle: `${site.brandName} content editor`,
        customizeWebpackConfig: customizeCmsWebpackConfig(
          path.join(__dirname, "src/cms/preview"),
          path.join(__dirname, "src/membership/staffPage/membersApp.tsx"),
          path.join(__dirname, "patches"),
        ),
      },
    },
  ],
}

export default config
