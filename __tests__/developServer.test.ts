/**
 * @jest-environment node
 */
import { readFileSync } from "node:fs"
import type { AddressInfo } from "node:net"
import path from "node:path"
import express from "express"
import { onCreateDevServer } from "../gatsby-node"
import { writeFontSubsets } from "../src/build/fontSubsets"
import { fixedFontFiles } from "../src/theme/fontFaces"

// `gatsby develop` (`npm run cms`) has no postBuild to copy the faces to their fixed addresses,
// where the staff's page of the list asks for them: gatsby-node's dev server serves them there,
// from the subsets the build writes before webpack runs.

// Written as the build writes them (at once, when they are the content's already).
beforeAll(() => writeFontSubsets(path.resolve(__dirname, "..")), 60_000)

test("under gatsby develop, the staff's page gets its two faces at their fixed addresses", async () => {
  const app = express()
  const onDevServer = onCreateDevServer as unknown as (args: { app: express.Express }) => void
  onDevServer({ app })
  const server = app.listen(0, "127.0.0.1")
  await new Promise((resolve) => server.once("listening", resolve))
  try {
    const { port } = server.address() as AddressInfo
    for (const face of Object.values(fixedFontFiles)) {
      const response = await fetch(`http://127.0.0.1:${port}${face.url}`)
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toBe("font/woff2")
      expect(Buffer.from(await response.arrayBuffer())).toEqual(
        readFileSync(path.resolve(face.subset)),
      )
    }
  } finally {
    server.close()
  }
})
