// The delivery test: the built site served by Debian's nginx with the shipped config, on a
// loopback port, with the API service behind it. First the HTTP checks
// (scripts/delivery/http.test.ts, and scripts/delivery/apiDown.test.ts: a sign-up while the
// API service is down, on nginx instances of its own), then every browser test in e2e/ against
// nginx, with the CSP enforced (e2e/csp.spec.ts fails on any violation).
// Usage: npm run test:delivery   (after npm run build)
import { spawn } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { closeMemberStores } from "../src/node/memberStore"
import { startSiteServer } from "../src/node/siteServer"
import { findNginx, freePort, startNginx } from "../e2e/support/nginx"
import {
  startGithubStub,
  stubClientId,
  stubClientSecret,
  stubRepo,
} from "../e2e/support/stubs/githubStub"

/** Runs a command to its end; resolves to its exit code. `env` is added to this process's. */
function run(command: string, args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } })
    child.on("error", (error) => {
      console.error(error.message)
      resolve(1)
    })
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

async function main() {
  try {
    findNginx()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }

  // The browser tests expect http://localhost:<port>; nginx listens on 127.0.0.1.
  const port = await freePort()
  const siteUrl = `http://localhost:${port}`

  // GitHub, for the CMS sign-in: a stub with its OAuth App's callback on this site
  // (e2e/cms-signin.spec.ts signs in through nginx and reads the commits back from it).
  const github = await startGithubStub({
    callbackUrl: `${siteUrl}/api/callback`,
    dataDir: path.resolve("data"),
  })

  // The site's own server as the API service nginx passes /api/ to, as the systemd unit runs it,
  // with a store of its own; the browser tests sign up through nginx and read that store back.
  const membersStore = await mkdtemp(path.join(tmpdir(), "evergrace-members-"))
  const api = await startSiteServer(
    {
      publicDir: path.resolve("public"),
      env: {
        ...process.env,
        MEMBERS_STORE: membersStore,
        // Every browser test signs up from 127.0.0.1: the per-client limit is tested in Jest.
        SIGNUP_RATE_LIMIT: "1000",
        GITHUB_OAUTH_CLIENT_ID: stubClientId,
        GITHUB_OAUTH_CLIENT_SECRET: stubClientSecret,
        GITHUB_URL: github.url,
        // The staff's page of the list asks GitHub about this repository (src/staffApi/access.ts).
        GATSBY_CMS_REPO: stubRepo,
      },
      trustProxy: true,
    },
    await freePort(),
    "127.0.0.1",
  )
  const apiAddress = api.address()
  const apiPort = typeof apiAddress === "object" && apiAddress ? apiAddress.port : 0

  // The header files are the build's own (onPostBuild writes them with public/): tested as built.
  const server = await startNginx({ apiPort, port })
  const stopServices = async () => {
    await new Promise((resolve) => api.close(resolve))
    await closeMemberStores()
    await rm(membersStore, { recursive: true, force: true })
    await github.close()
  }
  const stop = () => Promise.all([server.stop(), stopServices()]).then(() => process.exit(130))
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
  console.log(
    `nginx ${server.brotli ? "with brotli" : "without brotli (module not installed)"} on ${server.baseUrl}`,
  )

  let failed = false
  try {
    const http = await run(
      process.execPath,
      [
        "--import",
        "tsx",
        "--test",
        "--test-reporter=spec",
        "scripts/delivery/http.test.ts",
        "scripts/delivery/apiDown.test.ts",
      ],
      {
        DELIVERY_BASE_URL: server.baseUrl,
        DELIVERY_BROTLI: server.brotli ? "1" : "0",
        DELIVERY_GITHUB_URL: github.url,
      },
    )
    const browser = await run("npx", ["playwright", "test"], {
      E2E_BASE_URL: siteUrl,
      E2E_GITHUB_STUB_URL: github.url,
      MEMBERS_STORE: membersStore,
    })
    failed = http !== 0 || browser !== 0
  } finally {
    await server.stop()
    await stopServices()
  }
  console.log(
    failed ? "delivery test FAILED" : "delivery test passed: nginx serves the site as shipped",
  )
  process.exit(failed ? 1 : 0)
}

void main()
