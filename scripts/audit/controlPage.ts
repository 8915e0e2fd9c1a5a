// The control page of the quality gate, the one part of it that is this project's own: a page with
// nothing in it (a heading and two paragraphs; no CSS, fonts, pictures or scripts), served apart
// from the site and run with the routes in every round of Lighthouse's mobile runs. It has no work
// that could block, so where it blocks in any of its runs, Lighthouse's Total Blocking Time (the
// main thread's wall time multiplied by 4) is measuring the machine as much as the page, and
// mobile performance is judged without it (lighthouse.config.mjs, lighthouserc.cjs). Why:
// docs/decisions.md, "When the machine blocks".
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"

export const controlPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Control</title><meta name="description" content="A page with nothing in it."></head><body><main><h1>Evergrace</h1><p>Style never ages.</p><p>A page with nothing in it, to measure the machine.</p></main></body></html>`

/** The control page on a loopback port of its own; rejects when it cannot listen. */
export function serveControlPage(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) =>
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(controlPage),
  )
  return new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}/`,
        close: () => new Promise((closed) => server.close(() => closed())),
      })
    })
  })
}

/**
 * Whether the machine blocks: any of the control page's runs had blocking time. A page with no
 * work that blocks even once shows a machine whose slow minutes Total Blocking Time would charge
 * to the pages. Not the median: in the CI run of 5c0a099 the control's median was 0 ms, so
 * Lighthouse's own score was judged, and /journal's best of six runs scored 0.93 (0.75–0.93) where
 * the rehearsal of the same code scored 0.98 (control 15, 134, 0 ms). Nor the best
 * run: in the audit of 6840bde one run of five measured 0 ms (56, 0, 4, 16, 7) while every
 * route's best run blocked 229–658 ms. A run without a figure (NaN) is not a blocking run, and
 * with no runs the budget stays Lighthouse's own score.
 */
export function machineBlocks(blockingTimes: number[]): boolean {
  return blockingTimes.some((time) => time > 0)
}
