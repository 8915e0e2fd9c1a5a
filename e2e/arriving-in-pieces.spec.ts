import { expect, test } from "@playwright/test"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { siteAddresses } from "../src/content/routes"
import { chromiumLaunchOptions } from "./support/browser"

// On a slow line, or a busy phone, the browser paints a page before all its HTML has arrived. What
// it painted must stay where it is when the rest comes: a card grid that centred the cards it had
// so far moved them aside for the next ones (CLS 0.24 on /journal, seen by Lighthouse in CI).

// With the scrollbars a desktop browser shows: Playwright hides them in headless Chromium, and a
// scrollbar that appears once the page outgrows the window narrows it, moving all that is centred.
test.use({
  launchOptions: { ...chromiumLaunchOptions(), ignoreDefaultArgs: ["--hide-scrollbars"] },
})

/** Where the page is cut: after the first list item of its main content, or halfway through it. */
function cutPoint(html: string): number {
  const main = html.indexOf("<main")
  const firstItem = html.indexOf("</li>", main)
  return firstItem > 0 ? firstItem + "</li>".length : Math.floor((main + html.length) / 2)
}

/** The page asks for this address once it has painted: the proxy then sends the rest. */
const firstPaintSignal = "/__first-paint"

let server: Server
let base: string
/** Sends the rest of the page held back, if one is. */
let release: ((by: "first paint" | "timeout") => void) | undefined
/** What released the last page's rest. */
let releasedBy: string | undefined

test.beforeAll(async ({ baseURL }) => {
  const site = baseURL!
  // Passes every request on to the site. A page's HTML goes in two pieces: the second only once
  // the browser has painted the first (or after 10 s), however busy the machine is.
  server = createServer(async (request, response) => {
    if (request.url === firstPaintSignal) {
      release?.("first paint")
      return response.writeHead(204).end()
    }
    const answer = await fetch(site + request.url, { headers: { accept: "text/html,*/*" } })
    const body = Buffer.from(await answer.arrayBuffer())
    const type = answer.headers.get("content-type") ?? ""
    response.writeHead(answer.status, { "content-type": type, "cache-control": "no-store" })
    // Only the page itself: its scripts' requests (a 404 page's data, answered with HTML) pass.
    const page = request.headers["sec-fetch-dest"] === "document"
    if (!page || !type.startsWith("text/html")) return response.end(body)
    const cut = Buffer.byteLength(body.toString().slice(0, cutPoint(body.toString())))
    response.write(body.subarray(0, cut))
    const timer = setTimeout(() => release?.("timeout"), 10_000)
    release = (by) => {
      clearTimeout(timer)
      release = undefined
      releasedBy = by
      response.end(body.subarray(cut))
    }
  })
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

test.afterAll(() => new Promise<void>((closed) => server.close(() => closed())))

for (const width of [1280, 820, 390]) {
  for (const route of siteAddresses()) {
    test(`${route} at ${width} px: what paints first stays put as the rest arrives`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      releasedBy = undefined
      await page.addInitScript((signal) => {
        new PerformanceObserver((list) => {
          if (list.getEntriesByName("first-contentful-paint").length > 0) void fetch(signal)
        }).observe({ type: "paint", buffered: true })
        const shifts: string[] = []
        Object.assign(window, { shifts })
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number
            sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
          })[]) {
            // What moved, and from where to where (x,y width×height), to see why.
            const box = ({ x, y, width, height }: DOMRectReadOnly) =>
              `${Math.round(x)},${Math.round(y)} ${Math.round(width)}×${Math.round(height)}`
            const nodes = entry.sources.map(
              (source) =>
                `${
                  source.node instanceof Element
                    ? source.node.outerHTML.slice(0, 80)
                    : String(source.node?.nodeName)
                } ${box(source.previousRect)} → ${box(source.currentRect)}`,
            )
            shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${nodes}`)
          }
        }).observe({ type: "layout-shift", buffered: true })
      }, firstPaintSignal)
      await page.goto(base + route)
      await page.evaluate(() => document.fonts.ready)
      await page.waitForTimeout(300)
      // The test means something only if the first piece was painted on its own.
      expect(releasedBy, "the first piece painted before the rest was sent").toBe("first paint")
      expect(await page.evaluate(() => Reflect.get(window, "shifts"))).toEqual([])
    })
  }
}
