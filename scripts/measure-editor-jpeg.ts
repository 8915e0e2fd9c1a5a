// How many bytes the CMS's upload processing makes of a picture: Decap's media_processing draws
// it on a canvas and encodes it as a JPEG at the site's quality (src/cms/config.ts), here in
// Chromium's canvas as in the editor, beside sharp's encoder at the same quality (what the tests
// use to make their photos: detailedPhoto in __tests__/setup/pictures.ts). For each photo named,
// made 2400 pixels wide first, and for fine grain over a whole frame at three strengths. It set
// the bytes limit of src/content/pictureLimits.ts:
//   npx tsx scripts/measure-editor-jpeg.ts [<photo> …]
import { chromium } from "@playwright/test"
import sharp from "sharp"
import { fullChromiumLaunchOptions } from "../e2e/support/browser"
import { pictureLimits } from "../src/content/pictureLimits"
import { grain } from "../__tests__/setup/pictures"

async function main() {
  const pictures: [string, sharp.Sharp][] = process.argv
    .slice(2)
    .map((photo) => [photo, sharp(photo).rotate().resize({ width: pictureLimits.width })])
  const tallest = (pictureLimits.megapixels * 1_000_000) / pictureLimits.width
  for (const height of [4267, tallest]) {
    for (const blur of [2, 1, 0.6]) {
      pictures.push([`grain, blur ${blur}`, await grain(pictureLimits.width, height, blur)])
    }
  }

  const browser = await chromium.launch(fullChromiumLaunchOptions())
  const page = await browser.newPage()
  // The page and each picture from one made-up origin: no server, and the canvas may read it.
  let png: Buffer = Buffer.alloc(0)
  await page.route("http://picture.test/**", (route) =>
    route.request().url().endsWith(".png")
      ? route.fulfill({ body: png, contentType: "image/png" })
      : route.fulfill({ body: "<!doctype html><title>canvas</title>", contentType: "text/html" }),
  )
  await page.goto("http://picture.test/")
  try {
    for (const [index, [name, picture]] of pictures.entries()) {
      png = await picture.clone().png({ compressionLevel: 1 }).toBuffer()
      const bySharp = await picture.clone().jpeg({ quality: pictureLimits.quality }).toBuffer()
      const canvas = await page.evaluate(
        async ({ address, quality }) => {
          const bitmap = await createImageBitmap(await (await fetch(address)).blob())
          const canvas = document.createElement("canvas")
          canvas.width = bitmap.width
          canvas.height = bitmap.height
          canvas.getContext("2d")!.drawImage(bitmap, 0, 0)
          const jpeg = await new Promise<Blob | null>((done) =>
            canvas.toBlob(done, "image/jpeg", quality),
          )
          return { width: bitmap.width, height: bitmap.height, bytes: jpeg?.size ?? 0 }
        },
        { address: `/${index}.png`, quality: pictureLimits.quality / 100 },
      )
      const { width, height, bytes } = canvas
      const megabytes = (count: number) => `${(count / 1e6).toFixed(2)} MB`
      console.log(
        `${name}: ${width} × ${height}, Chromium ${megabytes(bytes)} (${(bytes / (width * height)).toFixed(2)} bytes a pixel), sharp ${megabytes(bySharp.length)}; the limit ${megabytes(pictureLimits.bytes)}`,
      )
    }
  } finally {
    await browser.close()
  }
}

void main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
