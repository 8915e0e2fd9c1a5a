// The delivery test: the built site served by Debian's nginx with the shipped config, on a
// loopback port. First the HTTP checks (scripts/delivery/http.test.mjs), then every browser test
// in e2e/ against nginx, with the CSP enforced (e2e/csp.spec.ts fails on any violation).
// Usage: npm run test:delivery   (after npm run build)
import { spawn } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { closeMemberStores } from "../src/signup/memberStore"
import { startSignupServer } from "../src/signup/server"
import { findNginx, freePort, startNginx } from "./delivery/nginx.mjs"

/**
 * Runs a command to its end; resolves to its exit code.
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} env added to this process's environment
 * @returns {Promise<number>}
 */
function run(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } })
    child.on("error", (error) => {
      console.error(error.message)
      resolve(1)
    })
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

try {
  findNginx()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

// The sign-up service nginx passes POST /api/subscribe to, as the systemd unit runs it, with a
// store of its own; the browser tests sign up through nginx and read that store back.
const membersStore = await mkdtemp(path.join(tmpdir(), "evergrace-members-"))
const signup = await startSignupServer(
  {
    ...process.env,
    MEMBERS_STORE: membersStore,
    SIGNUP_TRUST_PROXY: "1",
    // Every browser test signs up from 127.0.0.1: the per-client limit is tested in Jest.
    SIGNUP_RATE_LIMIT: "1000",
  },
  await freePort(),
)
const signupAddress = signup.address()
const signupPort = typeof signupAddress === "object" && signupAddress ? signupAddress.port : 0

// The header files are the build's own (onPostBuild writes them with public/): tested as built.
const server = await startNginx({ signupPort })
const stopSignup = async () => {
  await new Promise((resolve) => signup.close(resolve))
  await closeMemberStores()
  await rm(membersStore, { recursive: true, force: true })
}
const stop = () => Promise.all([server.stop(), stopSignup()]).then(() => process.exit(130))
process.once("SIGINT", stop)
process.once("SIGTERM", stop)
console.log(
  `nginx ${server.brotli ? "with brotli" : "without brotli (module not installed)"} on ${server.baseUrl}`,
)

let failed = false
try {
  const http = await run(
    process.execPath,
    ["--import", "tsx", "--test", "--test-reporter=spec", "scripts/delivery/http.test.mjs"],
    {
      DELIVERY_BASE_URL: server.baseUrl,
      DELIVERY_BROTLI: server.brotli ? "1" : "0",
    },
  )
  // The browser tests expect http://localhost:<port>; nginx listens on 127.0.0.1.
  const browser = await run("npx", ["playwright", "test"], {
    E2E_BASE_URL: `http://localhost:${server.port}`,
    E2E_EXPECT_CSP: "1",
    MEMBERS_STORE: membersStore,
  })
  failed = http !== 0 || browser !== 0
} finally {
  await server.stop()
  await stopSignup()
}
console.log(
  failed ? "delivery test FAILED" : "delivery test passed: nginx serves the site as shipped",
)
process.exit(failed ? 1 : 0)
