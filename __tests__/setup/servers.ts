import { spawn, type ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import type { Server } from "node:http"
import { tmpdir } from "node:os"
import path from "node:path"
import { closeMemberStores } from "../../src/membership/node/store/lmdbStore"
import { stopMemberships } from "../../src/membership/node/nodeMembership"
import type { Runtime, Settings } from "../../src/server/app"

/** http://127.0.0.1:<port> of a server listening on loopback. */
export function baseUrl(server: Server): string {
  const address = server.address()
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`
}

/** A member store of the test's own, and how to close and remove it. */
export function temporaryStore(name: string) {
  const folder = mkdtempSync(path.join(tmpdir(), `evergrace-${name}-`))
  return {
    folder,
    remove: async () => {
      // The senders the runtime started for it stop first: nothing writes into a removed folder.
      await stopMemberships()
      await closeMemberStores()
      rmSync(folder, { recursive: true, force: true })
    },
  }
}

/**
 * The site's own server as `npm start` runs it (scripts/serve.ts), a process of its own on
 * 127.0.0.1:`port`, with `env` over the test's environment; what it prints goes to `onOutput`.
 */
export function spawnSiteServer(
  port: number,
  env: NodeJS.ProcessEnv,
  onOutput: (text: string) => void,
): ChildProcess {
  const server = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  server.stdout?.on("data", (chunk: Buffer) => onOutput(chunk.toString()))
  server.stderr?.on("data", (chunk: Buffer) => onOutput(chunk.toString()))
  return server
}

/**
 * The app's runtime for a test of what needs no list (the route table's own answers, the
 * publisher's webhook): the settings given, and a membership that fails the test if asked for.
 */
export function runtimeWithoutList(settings: Settings = {}, client?: string): Runtime {
  return {
    settings: () => settings,
    client: () => client,
    membership: () => {
      throw new Error("not reached: this test's requests need no list")
    },
  }
}
