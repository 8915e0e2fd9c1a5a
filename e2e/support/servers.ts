import { spawn } from "node:child_process"
import { createServer } from "node:net"
import { expect } from "@playwright/test"

/** A port nothing listens on, so a test's own server never meets one someone else runs. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(address),
      )
    })
  })
}

/**
 * The production build served by a site server of the test's own (scripts/serve.ts, as `npm start`
 * runs it), with the endpoints' settings in `env`: for a spec that needs the endpoints set up
 * otherwise than the suite's server.
 */
export async function serveBuild(env: NodeJS.ProcessEnv, port?: number) {
  port ??= await freePort()
  const baseURL = `http://localhost:${port}`
  const server = spawn("npx", ["tsx", "scripts/serve.ts"], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "localhost" },
    stdio: "ignore",
    detached: true,
  })
  await expect(async () => {
    expect((await fetch(baseURL)).ok).toBe(true)
  }).toPass({ timeout: 30_000 })
  return {
    baseURL,
    port,
    /** Stops the server and the processes npx started for it. */
    stop: () => {
      if (server.pid) process.kill(-server.pid, "SIGTERM")
    },
  }
}
