// A bounded load test on loopback: nginx with the shipped config (twice: see keepaliveRequests),
// then the site's own server (what `npm start` serves); each run lasts LOADTEST_SECONDS (default 10, at
// most 15, so no server is loaded for more than 30 s) and cycles through the six pages.
// Writes docs/delivery.md with the figures and the headers nginx sends for every route.
// Usage: npm run loadtest   (after npm run build)
import autocannon from "autocannon"
import { spawn } from "node:child_process"
import { readFile, writeFile } from "node:fs/promises"
import http from "node:http"
import os from "node:os"
import path from "node:path"
import prettier from "prettier"
import { findNginx, startNginx } from "../e2e/support/nginx"
import { serveBuild } from "../e2e/support/servers"
import { writeDeliveryFiles } from "../src/build/deliveryFiles"
import { listedBundles } from "../src/gatsby/scriptsAfterPaint"
import { pageRoutes } from "../src/content/routes"
import { loadSignups, signupLoadProblems } from "./delivery/signupLoad"

const root = path.resolve(__dirname, "..")
const seconds = Math.min(Number(process.env.LOADTEST_SECONDS ?? 10), 15)
const connections = Number(process.env.LOADTEST_CONNECTIONS ?? 10)
const routes = pageRoutes().map((route) => route.path)
const outFile = path.join(root, "docs/delivery.md")

type Figures = Awaited<ReturnType<typeof measure>>

/** One bounded run: every connection cycles through the six pages, asking for gzip like a browser. */
async function measure(name: string, baseUrl: string) {
  const errorCodes: Record<string, number> = {}
  const run = autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    headers: { "accept-encoding": "gzip" },
    requests: routes.map((route) => ({ method: "GET", path: route })),
  })
  run.on("reqError", (error) => {
    const code = error.code ?? error.message
    errorCodes[code] = (errorCodes[code] ?? 0) + 1
  })
  const result = await run
  const figures = {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    requests: result.requests.total,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    megabytesPerSecond: (result.throughput.average / 1e6).toFixed(1),
    errorCodes,
  }
  console.log(figures)
  return figures
}

function get(
  baseUrl: string,
  pathname: string,
  headers: http.OutgoingHttpHeaders = {},
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(pathname, baseUrl), { headers }, (response) => {
        response.resume()
        response.on("end", () => resolve(response))
      })
      .on("error", reject)
  })
}

/** Headers as an HTTP block of the report; a header not sent is left out. */
function securityBlock(headers: Record<string, string | undefined> = {}) {
  const lines = Object.entries(headers)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}: ${value}`)
  return ["```http", ...lines, "```"].join("\n")
}

/** What nginx answers for each kind of address, as measured. */
async function recordHeaders(baseUrl: string) {
  const home = await readFile(path.join(root, "public/index.html"), "utf8")
  const about = await readFile(path.join(root, "public/about/index.html"), "utf8")
  // The page lists its bundles for the loader that adds them after paint (scriptsAfterPaint.ts).
  const script = (listedBundles(home) ?? []).find((src) => src.startsWith("/app-"))
  if (!script) throw new Error("public/index.html loads no /app- script")
  const image = about.match(/\/static\/[^"' ,]+\.avif/)?.[0]
  if (!image) throw new Error("public/about/index.html shows no .avif image")
  // Pages (with their redirects and errors) carry the pages' policy; every other file its own.
  const samples: [label: string, pathname: string, kind: "pages" | "files"][] = [
    ...routes.map((route): [string, string, "pages"] => [route, route, "pages"]),
    ["/shop/", "/shop/", "pages"],
    ["unknown path", "/summer-sale-2019", "pages"],
    ["page data", "/page-data/shop/page-data.json", "files"],
    ["hashed script", script, "files"],
    ["/static/ image", image, "files"],
  ]
  const rows: string[][] = []
  const security: Partial<Record<"pages" | "files", Record<string, string | undefined>>> = {}
  for (const [label, pathname, kind] of samples) {
    const response = await get(baseUrl, pathname, { "accept-encoding": "br, gzip" })
    const headers = response.headers
    rows.push([
      label === pathname
        ? `\`${pathname}\``
        : `${label} (\`${pathname.replace(/^(.{34}).+$/, "$1…")}\`)`,
      `${response.statusCode}${headers.location ? ` → \`${headers.location}\`` : ""}`,
      `\`${headers["content-type"]}\``,
      `\`${headers["cache-control"]}\``,
      headers["content-encoding"] ?? "none",
    ])
    const these = Object.fromEntries(
      [
        "content-security-policy",
        "strict-transport-security",
        "x-content-type-options",
        "x-frame-options",
        "referrer-policy",
        "permissions-policy",
        "cross-origin-opener-policy",
      ].map((name) => [name, headers[name]?.toString()]),
    )
    security[kind] ??= these
    if (JSON.stringify(these) !== JSON.stringify(security[kind])) {
      throw new Error(`${pathname}: security headers differ from the other ${kind}'`)
    }
  }
  return { rows, security }
}

const table = (header: string[], rows: (string | number)[][]): string =>
  [header, header.map(() => "---"), ...rows].map((row) => `| ${row.join(" | ")} |`).join("\n")

// autocannon never retries: when nginx closes a keep-alive connection after its 1000th request
// (keepalive_requests: nginx's built-in default, not part of the shipped config) a request
// already on its way is reset and counted as an error, where a browser would silently retry.
// The main run lifts that limit so that the errors it reports are the server's own; a second
// run keeps the default to show the effect.
const keepaliveRequests = 1_000_000

async function main() {
  await writeDeliveryFiles()
  let nginxFigures: Figures | undefined
  let defaultKeepaliveFigures: Figures | undefined
  let headers: Awaited<ReturnType<typeof recordHeaders>> | undefined
  let brotli = false
  for (const limit of [keepaliveRequests, 1000]) {
    const nginx = await startNginx({ keepaliveRequests: limit })
    brotli = nginx.brotli
    try {
      if (limit === keepaliveRequests) {
        headers = await recordHeaders(nginx.baseUrl)
        nginxFigures = await measure("nginx (shipped config)", nginx.baseUrl)
      } else {
        defaultKeepaliveFigures = await measure("nginx, keepalive_requests 1000", nginx.baseUrl)
      }
    } finally {
      await nginx.stop()
    }
  }
  // The site's own server as `npm start` runs it, a process of its own.
  const siteServer = await serveBuild({}, { host: "127.0.0.1" })
  let siteServerFigures: Figures
  try {
    siteServerFigures = await measure("the site's own server (`npm start`)", siteServer.baseURL)
  } finally {
    siteServer.stop()
  }
  // Set by the runs above, each of which either measured or threw.
  if (!nginxFigures || !defaultKeepaliveFigures || !headers) throw new Error("a run was skipped")

  const figures = [nginxFigures, siteServerFigures, defaultKeepaliveFigures]
  const signupCount = 1000
  const signupFigures = await loadSignups({ count: signupCount })
  console.log(signupFigures)
  const signupProblems = signupLoadProblems(signupFigures, signupCount)
  const nginxVersion = await new Promise<string>((resolve) => {
    const child = spawn(findNginx(), ["-v"], { stdio: ["ignore", "ignore", "pipe"] })
    let text = ""
    child.stderr.on("data", (chunk: Buffer) => (text += chunk.toString()))
    child.on("close", () => resolve(text.trim().replace(/^nginx version: /, "")))
    child.on("error", () => resolve("nginx"))
  })
  const document = `# Delivery: measured

Written by \`npm run loadtest\` (scripts/loadtest.ts) on ${new Date().toISOString().slice(0, 10)}. The
configuration it measures is described in [Deploying](deploying.md).

## Load test

${connections} connections for ${seconds} s per run on loopback, every connection cycling through the six
pages (${routes.map((route) => `\`${route}\``).join(", ")}) with \`Accept-Encoding: gzip\`, using
[autocannon](https://github.com/mcollina/autocannon). Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), load
average ${os.loadavg()[0]?.toFixed(1)} when the run ended, shared with other builds, so the figures are indicative.
Server: ${nginxVersion}${brotli ? " with the brotli module" : ""}; Node ${process.version}.

${table(
  [
    "server",
    "requests/s",
    "requests",
    "p50 ms",
    "p90 ms",
    "p99 ms",
    "max ms",
    "errors",
    "timeouts",
    "non-2xx",
    "MB/s",
  ],
  figures.map((figure) => [
    figure.name,
    figure.requestsPerSecond,
    figure.requests,
    figure.p50,
    figure.p90,
    figure.p99,
    figure.max,
    figure.errors,
    figure.timeouts,
    figure.non2xx,
    figure.megabytesPerSecond,
  ]),
)}

The first two rows are the comparison. nginx ran with \`keepalive_requests\` lifted: at its default
of 1000 requests per keep-alive connection (set in the \`http\` block, which the shipped server
block leaves alone) nginx closes a connection after its 1000th answer, and autocannon, which never
retries, counts the request it had already sent on it as an error
(${
    Object.entries(defaultKeepaliveFigures.errorCodes)
      .map(([code, count]) => `${count} × ${code}`)
      .join(", ") || "none this time"
  }, third row). Browsers retry such a request by themselves.

## Sign-ups under load

${signupCount} sign-ups with distinct addresses, 50 connections at once, through nginx (the shipped
config) to the API service (the site's own server, \`src/siteServer/siteServer.ts\`, embedded LMDB store, per-client limit off
as every request comes from loopback); then the store was read back, and the confirmation
e-mails counted as they reached an SMTP server in the test's process (\`e2e/support/mailbox.ts\`, npm
\`smtp-server\`), sent by the service's sender (nodemailer, a pool of 5 connections). The same check
runs in \`npm test\` (\`npm run loadtest:signup\`). "seconds" is autocannon's: it ends a run on its
one-second ticker, so a batch that takes a little over a second reads 2.

${table(
  [
    "sign-ups sent",
    "seconds",
    "sign-ups/s",
    "p50 ms",
    "p99 ms",
    "max ms",
    "errors",
    "timeouts",
    "non-2xx",
    "stored exactly once",
    "e-mailed exactly once",
    "e-mails/s",
    "first sign-up to last e-mail, s",
  ],
  [
    [
      signupFigures.sent,
      signupFigures.seconds,
      signupFigures.requestsPerSecond,
      signupFigures.p50,
      signupFigures.p99,
      signupFigures.max,
      signupFigures.errors,
      signupFigures.timeouts,
      signupFigures.non2xx,
      `${signupFigures.storedOnce} of ${signupFigures.sent}`,
      `${signupFigures.emailedOnce} of ${signupFigures.sent}`,
      signupFigures.emailsPerSecond,
      signupFigures.secondsToLastEmail,
    ],
  ],
)}

${signupProblems.length ? `**Failed:** ${signupProblems.join("; ")}.` : "Every sign-up was answered 200, stored exactly once, and sent its confirmation e-mail exactly once."}

## Headers, as nginx sends them

Caching and compression by kind of address (requested with \`Accept-Encoding: br, gzip\`):

${table(["address", "status", "Content-Type", "Cache-Control", "Content-Encoding"], headers.rows)}

Every page above, the 404 and the redirect included, carries the same security headers:

${securityBlock(headers.security.pages)}

Every other file (page data, scripts, pictures) carries these: a policy under which nothing may
load or run, and no opener policy, which only a document uses:

${securityBlock(headers.security.files)}

The \`sha256-\` sources are the inline scripts of this build, computed after it by
\`src/build/deliveryFiles.ts\` at the end of the build; they change when Gatsby's inline scripts change.
  `
  const options = (await prettier.resolveConfig(outFile)) ?? {}
  await writeFile(outFile, await prettier.format(document, { ...options, filepath: outFile }))
  console.log(`wrote ${path.relative(root, outFile)}`)
  const failures = [nginxFigures, siteServerFigures].filter(
    (figure) => figure.errors + figure.timeouts + figure.non2xx > 0,
  )
  if (failures.length > 0) {
    console.error(`errors under load: ${failures.map((figure) => figure.name).join(", ")}`)
    process.exit(1)
  }
}

void main()
