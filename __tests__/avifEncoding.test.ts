/** @jest-environment node */
import { mkdtempSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import sharp from "sharp"
import config from "../gatsby-config"
import { AVIF_CHROMA_SUBSAMPLING, AVIF_EFFORT, AVIF_QUALITY } from "../src/gatsby/avifEncoding"

// How the build encodes AVIF (src/gatsby/avifEncoding.ts), through gatsby-plugin-sharp's own code:
// its defaults with the site's options make the job's arguments, and its image job encodes a
// picture with them. sharp's avif() hands its options to heif(), which is watched here.

let folder: string
beforeAll(() => (folder = mkdtempSync(path.join(tmpdir(), "evergrace-avif-"))))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** The AVIF job's arguments gatsby-plugin-sharp makes for a picture, with the site's options. */
function avifJobArgs(width: number) {
  const { setPluginOptions, mergeDefaults, createTransformObject } = jest.requireActual(
    "gatsby-plugin-sharp/plugin-options",
  )
  const plugin = config.plugins?.find(
    (entry) => typeof entry === "object" && entry.resolve === "gatsby-plugin-sharp",
  )
  if (typeof plugin !== "object")
    throw new Error("gatsby-config.ts has no gatsby-plugin-sharp options")
  setPluginOptions(plugin.options)
  const args = mergeDefaults({ formats: ["avif"] })
  return createTransformObject({ ...args.avifOptions, width, toFormat: "avif" })
}

test("the plugin's image job encodes AVIF with the site's effort, colour and quality", async () => {
  const { processFile } = jest.requireActual("gatsby-plugin-sharp/process-file")
  const args = avifJobArgs(64)
  expect(args).toMatchObject({ quality: AVIF_QUALITY, toFormat: "avif" })
  const heif = jest.spyOn(sharp.prototype, "heif")
  const outputPath = path.join(folder, "about-hero.avif")
  await processFile(path.join("data", "images", "about-hero.jpg"), [{ outputPath, args }], {
    defaultQuality: 50,
  })
  expect(heif).toHaveBeenCalledWith(
    expect.objectContaining({
      effort: AVIF_EFFORT,
      chromaSubsampling: AVIF_CHROMA_SUBSAMPLING,
      quality: AVIF_QUALITY,
    }),
  )
  // Not sharp's defaults (effort 4, 4:4:4) nor the plugin's quality (50).
  expect([AVIF_EFFORT, AVIF_CHROMA_SUBSAMPLING, AVIF_QUALITY]).toEqual([2, "4:2:0", 55])
  expect(statSync(outputPath).size).toBeGreaterThan(0)
  heif.mockRestore()
})

test("options the caller names still win", () => {
  const heif = jest.spyOn(sharp.prototype, "heif")
  sharp().avif({ quality: 50, effort: 6, chromaSubsampling: "4:4:4" })
  expect(heif).toHaveBeenLastCalledWith(
    expect.objectContaining({ effort: 6, chromaSubsampling: "4:4:4" }),
  )
  sharp().avif({ quality: 50 })
  expect(heif).toHaveBeenLastCalledWith(
    expect.objectContaining({ effort: AVIF_EFFORT, chromaSubsampling: AVIF_CHROMA_SUBSAMPLING }),
  )
  heif.mockRestore()
})
