/** @jest-environment node */
import type { GatsbyConfig, PluginRef } from "gatsby"
import site from "../data/site.json"

// The staff may write {product} in the tagline, as anywhere: the installed app's description, made
// by gatsby-config from data/site.json, must read as the pages do.
jest.mock("../data/site.json", () => ({
  ...jest.requireActual("../data/site.json"),
  tagline: "{product}: style never ages",
}))

test("the manifest's description fills in the tagline's placeholders", async () => {
  const config = (await import("../gatsby-config")).default as GatsbyConfig
  const manifest = config.plugins?.find(
    (plugin): plugin is Exclude<PluginRef, string> =>
      typeof plugin === "object" && plugin.resolve === "gatsby-plugin-manifest",
  )
  expect(manifest?.options?.description).toBe(`${site.brandName}: style never ages`)
})
