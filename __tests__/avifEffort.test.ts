/** @jest-environment node */
import { mkdtempSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import sharp from "sharp"
import { AVIF_EFFORT } from "../src/gatsby/avifEffort"

// The build's AVIF encoding effort (src/gatsby/avifEffort.ts), as gatsby-plugin-sharp's own
// image job encodes a picture: sharp's avif() hands its options to heif(), which is watched here.

let folder: string
beforeAll(() => (folder = mkdtempSync(path.join(tmpdir(), "evergrace-avif-"))))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

test("gatsby-plugin-sharp's image job encodes AVIF with the build's effort", async () => {
  const { processFile } = jest.requireActual("gatsby-plugin-sharp/process-file")
  const picture = path.join("data", "images", "about-hero.jpg")
  const heif = jest.spyOn(sharp.prototype, "heif")
  const outputPath = path.join(folder, "about-hero.avif")
  await processFile(picture, [{ outputPath, args: { width: 64, toFormat: "avif" } }], {
    defaultQuality: 50,
  })
  expect(AVIF_EFFORT).toBeLessThan(4)
  expect(heif).toHaveBeenCalledWith(expect.objectContaining({ effort: AVIF_EFFORT }))
  expect(heif).not.toHaveBeenCalledWith(expect.objectContaining({ effort: 4 }))
  expect(statSync(outputPath).size).toBeGreaterThan(0)
  heif.mockRestore()
})

test("an effort the caller names still wins", () => {
  const heif = jest.spyOn(sharp.prototype, "heif")
  sharp().avif({ quality: 50, effort: 6 })
  expect(heif).toHaveBeenLastCalledWith(expect.objectContaining({ effort: 6 }))
  sharp().avif({ quality: 50 })
  expect(heif).toHaveBeenLastCalledWith(expect.objectContaining({ effort: AVIF_EFFORT }))
  heif.mockRestore()
})
