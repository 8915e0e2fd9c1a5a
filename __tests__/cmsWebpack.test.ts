/**
 * @jest-environment node
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { customizeCmsWebpackConfig } from "../src/gatsby/cmsWebpack"

// The CMS build's configuration (src/gatsby/cmsWebpack.ts) on a stand-in of what
// gatsby-plugin-decap-cms hands it: React 19 for the CMS alone, and under `gatsby develop` React
// 19's production files, which Decap's bundle needs (e2e/bends.spec.ts checks the built page),
// and a cache of its own that patch-package's work on node_modules invalidates.

// Named as the plugin's own classes are: the configuration finds them by name.
class HtmlWebpackPlugin {
  constructor(readonly userOptions: { title?: string; filename?: string }) {}
}
class HtmlWebpackTagsPlugin {}
class CopyPlugin {
  constructor(readonly patterns: { from: string; to: string }[]) {}
}
class TerserPlugin {}

const decapBundle = "/repo/node_modules/decap-cms-app/dist/decap-cms-app.js"
const previewFolder = "/repo/src/cms/preview"

function configure(stage: "develop" | "build-javascript", patchesFolder = "/repo/patches") {
  const config = {
    entry: { cms: ["/plugin/cms.js", "/repo/src/cms/cms.tsx"] } as Record<string, unknown>,
    plugins: [
      new HtmlWebpackPlugin({ title: "Boutique content editor" }),
      new HtmlWebpackTagsPlugin(),
      new CopyPlugin([
        {
          from: "/repo/node_modules/react/umd/react.production.min.js",
          to: "react.production.min.js",
        },
        { from: decapBundle, to: "decap-cms-app.js" },
      ]),
    ] as unknown[],
    optimization: { minimizer: [new TerserPlugin()] },
    externals: [{ react: "React" }, { "react-dom": "ReactDOM" }],
    resolve: {
      alias: { react: "/repo/node_modules/react", "react-dom": "/repo/node_modules/react-dom" },
    },
    cache: {
      type: "filesystem",
      name: stage,
      cacheLocation: `/repo/.cache/webpack/stage-${stage}`,
    } as { name: string; cacheLocation: string; version?: string },
  }
  const replacements: {
    request: RegExp
    replace: (resource: { request: string; context: string }) => void
  }[] = []
  customizeCmsWebpackConfig(
    previewFolder,
    "/repo/src/membership/staffPage/membersApp.tsx",
    patchesFolder,
  )(config as never, {
    stage,
    plugins: {
      normalModuleReplacement: (request, replace) => {
        if (typeof replace === "function") replacements.push({ request, replace })
        return { request, replace }
      },
    },
  })
  return { config, replacements }
}

test("React 19 for the CMS's modules and on its page as the globals Decap reads; the plugin's React 18 copies gone", () => {
  const { config } = configure("build-javascript")
  expect(config.resolve.alias).toMatchObject({ react: "react-19", "react-dom": "react-dom-19" })
  expect(config.entry.react).toEqual({
    import: "react-19",
    library: { type: "window", name: "React" },
  })
  expect(config.entry["react-dom"]).toEqual({
    import: "react-dom-19",
    library: { type: "window", name: "ReactDOM" },
  })
  const copy = config.plugins.find((plugin) => plugin instanceof CopyPlugin) as CopyPlugin
  expect(copy.patterns).toEqual([
    expect.objectContaining({
      from: path.dirname(decapBundle),
      to: ".",
      info: { minimized: true },
    }),
  ])
  expect(config.plugins.some((plugin) => plugin instanceof HtmlWebpackTagsPlugin)).toBe(false)
})

test("under gatsby develop, React 19's development files become its production ones, and jsxDEV the production jsx", () => {
  const { config, replacements } = configure("develop")
  expect(config.resolve.alias).toMatchObject({
    "react/jsx-dev-runtime$": path.join(previewFolder, "jsxDevRuntime.js"),
  })
  // First, so it is matched before `react`.
  expect(Object.keys(config.resolve.alias)[0]).toBe("react/jsx-dev-runtime$")
  const swapped = (request: string, context: string) => {
    const resource = { request, context }
    for (const { request: pattern, replace } of replacements) {
      if (pattern.test(resource.request)) replace(resource)
    }
    return resource.request
  }
  expect(swapped("./cjs/react.development.js", "/repo/node_modules/react-19")).toBe(
    "./cjs/react.production.js",
  )
  expect(swapped("./cjs/react-dom-client.development.js", "/repo/node_modules/react-dom-19")).toBe(
    "./cjs/react-dom-client.production.js",
  )
  // Everything else stays a development build.
  expect(swapped("./cjs/react-is.development.js", "/repo/node_modules/react-is")).toBe(
    "./cjs/react-is.development.js",
  )
  expect(configure("build-javascript").replacements).toEqual([])
})

test("the CMS build's cache is its own, and made again when a patch or the file it changes does; a patch not applied stops the build", () => {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), "cms-patches-"))
  const patches = path.join(project, "patches")
  const patched = "node_modules/decap-cms-app/dist/decap-cms-app.js"
  const patch = (change: string) =>
    `diff --git a/${patched} b/${patched}\n--- a/${patched}\n+++ b/${patched}\n@@ -1 +1 @@\n-a\n+${change}\n`
  fs.mkdirSync(patches)
  fs.mkdirSync(path.dirname(path.join(project, patched)), { recursive: true })
  fs.writeFileSync(path.join(patches, "decap-cms-app+3.16.3.patch"), patch("b"))
  fs.writeFileSync(path.join(project, patched), "b\n")
  const cacheOf = () => configure("build-javascript", patches).config.cache
  try {
    const applied = cacheOf()
    expect(applied).toMatchObject({
      name: "cms-build-javascript",
      cacheLocation: "/repo/.cache/webpack/cms-build-javascript",
    })
    expect(cacheOf().version).toBe(applied.version)
    // Reversed in node_modules (`npx patch-package --reverse`), or never applied (`npm ci
    // --ignore-scripts`): no build with Decap unpatched.
    fs.writeFileSync(path.join(project, patched), "a\n")
    expect(cacheOf).toThrow(/decap-cms-app\+3\.16\.3\.patch is not applied to node_modules/)
    // Another patch, applied: another cache.
    fs.writeFileSync(path.join(patches, "decap-cms-app+3.16.3.patch"), patch("c"))
    fs.writeFileSync(path.join(project, patched), "c\n")
    expect(cacheOf().version).not.toBe(applied.version)
  } finally {
    fs.rmSync(project, { recursive: true, force: true })
  }
})
