// What a picture costs the build, by its size: the image jobs a full-width picture gets (the
// BannerImage fragment of src/components/ui/ResponsiveImage.tsx: six widths, each as JPEG, WebP and
// AVIF, with the site's AVIF settings), run one after another with sharp, for each file named.
// It measured the limits of the content check (src/content/pictureLimits.ts):
//   npx tsx scripts/measure-pictures.ts <picture> [<picture> …]
import { readFileSync, statSync } from "node:fs"
import sharp from "sharp"
import { AVIF_QUALITY } from "../src/gatsby/avifEncoding"

const widths = [480, 768, 1080, 1440, 1920, 2400]

async function jobs(file: string) {
  const source = readFileSync(file)
  const { width = 0, height = 0 } = await sharp(source).metadata()
  const started = process.hrtime.bigint()
  let bytes = 0
  for (const target of widths.filter((each) => each <= width)) {
    const resized = () => sharp(source).rotate().resize({ width: target })
    for (const encoded of [
      resized().jpeg({ quality: 80, mozjpeg: true }),
      resized().webp({ quality: 80 }),
      resized().avif({ quality: AVIF_QUALITY, effort: 2, chromaSubsampling: "4:2:0" }),
    ]) {
      bytes += (await encoded.toBuffer()).length
    }
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  return { width, height, fileBytes: statSync(file).size, ms, bytes }
}

async function main() {
  const files = process.argv.slice(2)
  if (files.length === 0) {
    console.error("Usage: npx tsx scripts/measure-pictures.ts <picture> [<picture> …]")
    process.exit(2)
  }
  sharp.concurrency(1)
  for (const file of files) {
    const { width, height, fileBytes, ms, bytes } = await jobs(file)
    console.log(
      `${file}: ${width} × ${height} px (${((width * height) / 1e6).toFixed(1)} MP), ${fileBytes.toLocaleString("en")} bytes; image jobs ${(ms / 1000).toFixed(2)} s, ${bytes.toLocaleString("en")} bytes of renditions`,
    )
  }
}

void main()
