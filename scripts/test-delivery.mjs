// The delivery test: the built site served by Debian's nginx with the shipped config, on a
// loopback port. First the HTTP checks (scripts/delivery/http.test.mjs), then every browser test
// in e2e/ against nginx, with the CSP enforced (e2e/csp.spec.ts fails on any violation).
// Usage: npm run test:delivery   (after npm run build)
import { spawn } from "node:child_process"
import { findNginx, startNginx } from "./delivery/nginx.mjs"

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

// The header files are the build's own (onPostBuild writes them with public/): tested as built.
const server = await startNginx()
const stop = () => server.stop().then(() => process.exit(130))
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
  })
  failed = http !== 0 || browser !== 0
} finally {
  await server.stop()
}
console.log(
  failed ? "delivery test FAILED" : "delivery test passed: nginx serves the site as shipped",
)
process.exit(failed ? 1 : 0)
