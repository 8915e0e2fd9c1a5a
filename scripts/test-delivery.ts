// The delivery test: the built site served by Debian's nginx with the shipped config, on a
// loopback port, with the API service behind it. First the HTTP checks, with Playwright Test
// (playwright.delivery.config.ts: e2e/delivery/http.spec.ts, and e2e/delivery/api-down.spec.ts,
// a sign-up while the API service is down, on nginx instances of its own), then the browser
// tests whose outcome depends on how the site is served (e2e/support/reruns.ts) against nginx:
// its policy enforced (e2e/csp.spec.ts fails on any violation), its 404s, and the sign-up, the
// CMS's sign-in and the staff's page passed to the API service. The others ran on the site's own
// server already and would test the same again. The publisher's tests, with a server and nginx of
// their own, are a step of their own (`npm run test:publishing`).
// Usage: npm run test:delivery   (after npm run build)
import type { Server } from "node:http"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { closeMemberStores } from "../src/membership/node/store/lmdbStore"
import { startSiteServer } from "../src/siteServer/siteServer"
import { findNginx, startNginx } from "../e2e/support/nginx"
import { specsToRerun } from "../e2e/support/reruns"
import { onFreePort, run } from "../e2e/support/servers"
import { startGithubStub } from "../e2e/support/stubs/githubStub"

const close = (server: Server) => new Promise((resolve) => server.close(resolve))

/**
 * nginx on a port of the site's, the API service behind it and the GitHub stub its sign-in talks
 * to. The stub must know the site's address (its OAuth App's callback) before nginx is up, and
 * the API service the stub's: one port for all three, and all three again on another when nginx
 * finds that port taken.
 */
async function startServices(membersStore: string) {
  return onFreePort(async (port) => {
    // The browser tests expect http://localhost:<port>; nginx listens on 127.0.0.1.
    const siteUrl = `http://localhost:${port}`

    // GitHub, for the CMS sign-in: a stub with its OAuth App's callback on this site
    // (e2e/cms-signin.spec.ts signs in through nginx and reads the commits back from it).
    const github = await startGithubStub({
      callbackUrl: `${siteUrl}/api/callback`,
      dataDir: path.resolve("data"),
    })

    // The site's own server as the API service nginx passes /api/ to, as the systemd unit runs
    // it, with a store of its own; the browser tests sign up through nginx and read that store
    // back. On port 0: the kernel's choice, bound at once.
    const api = await startSiteServer(
      {
        publicDir: path.resolve("public"),
        env: {
          ...process.env,
          MEMBERS_STORE: membersStore,
          // Every browser test signs up from 127.0.0.1: the per-client limit is tested in Jest.
          SIGNUP_RATE_LIMIT: "1000",
          SIGNUP_SITE_LIMIT: "0",
          // The staff's page of the list asks GitHub about its repository (src/membership/web/staff/staffAccess.ts).
          ...github.settings,
        },
        trustProxy: true,
      },
      0,
      "127.0.0.1",
    )
    const apiAddress = api.address()
    const apiPort = typeof apiAddress === "object" && apiAddress ? apiAddress.port : 0

    try {
      // The header files are the build's own (onPostBuild writes them with public/): tested as built.
      const nginx = await startNginx({ apiPort, port })
      return { siteUrl, github, api, nginx }
    } catch (error) {
      await close(api)
      await github.close()
      throw error
    }
  })
}

async function main() {
  try {
    findNginx()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }

  const membersStore = await mkdtemp(path.join(tmpdir(), "evergrace-members-"))
  const { siteUrl, github, api, nginx } = await startServices(membersStore)
  const stopServices = async () => {
    await close(api)
    await closeMemberStores()
    await rm(membersStore, { recursive: true, force: true })
    await github.close()
  }
  const stop = () => Promise.all([nginx.stop(), stopServices()]).then(() => process.exit(130))
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
  console.log(
    `nginx ${nginx.brotli ? "with brotli" : "without brotli (module not installed)"} on ${nginx.baseUrl}`,
  )

  let failed = false
  try {
    const http = await run(
      "npx",
      ["playwright", "test", "--config", "playwright.delivery.config.ts"],
      {
        env: {
          DELIVERY_BASE_URL: nginx.baseUrl,
          DELIVERY_BROTLI: nginx.brotli ? "1" : "0",
          DELIVERY_GITHUB_URL: github.url,
        },
      },
    )
    const browser = await run("npx", ["playwright", "test", ...specsToRerun("nginx")], {
      env: {
        E2E_BASE_URL: siteUrl,
        E2E_GITHUB_STUB_URL: github.url,
        MEMBERS_STORE: membersStore,
      },
    })
    failed = http !== 0 || browser !== 0
  } finally {
    await nginx.stop()
    await stopServices()
  }
  console.log(
    failed ? "delivery test FAILED" : "delivery test passed: nginx serves the site as shipped",
  )
  process.exit(failed ? 1 : 0)
}

void main()
