import { existsSync } from "node:fs"
import { mkdir, rm } from "node:fs/promises"
import { createServer, request, type Server } from "node:http"
import path from "node:path"
import { sendDeadlineMs } from "../../membership/node/mailer"
import type { PublishesAnswer, RollbackAnswer } from "../publishesApi"
import type { PublishingDesk } from "../web/desk"

/**
 * The running server's own door for `npm run release:rollback` on the same machine: HTTP over a
 * Unix socket in the state folder (`control.sock`), which only the server's user (and root) can
 * open. No network port, no token. `npm run measure:publishing` asks it for the server's memory.
 */

const controlSocket = (stateDir: string) => path.join(stateDir, "control.sock")

export async function startControl(stateDir: string, desk: PublishingDesk): Promise<Server> {
  const socket = controlSocket(stateDir)
  await mkdir(stateDir, { recursive: true })
  if (existsSync(socket)) {
    if (await answers(socket)) throw new Error(`another server publishes from ${stateDir}`)
    await rm(socket, { force: true })
  }
  const server = createServer((incoming, outgoing) => {
    const reply = (body: unknown) => {
      outgoing.writeHead(200, { "Content-Type": "application/json" })
      outgoing.end(JSON.stringify(body))
    }
    const url = new URL(incoming.url ?? "/", "http://control")
    // A desk that fails still answers, so the command line is never left waiting.
    const failed = (error: unknown) => {
      outgoing.writeHead(500, { "Content-Type": "application/json" })
      outgoing.end(JSON.stringify({ error: error instanceof Error ? error.message : "failed" }))
    }
    if (incoming.method === "POST" && url.pathname === "/rollback") {
      desk.rollback(url.searchParams.get("by") || "the command line").then(reply, failed)
    } else if (incoming.method === "GET" && url.pathname === "/publishes") {
      desk.publishes().then(reply, failed)
    } else if (incoming.method === "GET" && url.pathname === "/memory") {
      reply(memoryNow())
    } else {
      outgoing.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(socket, () => resolve())
  })
  return server
}

/** What the server holds, in MB; the heap after a full collection when Node runs with --expose-gc. */
export interface MemoryAnswer {
  rss: number
  heapUsed: number
  collected: boolean
}

function memoryNow(): MemoryAnswer {
  // eslint-disable-next-line no-restricted-globals -- a read: Node's gc(), there only with --expose-gc.
  const collect = (globalThis as { gc?: () => void }).gc
  collect?.()
  const { rss, heapUsed } = process.memoryUsage()
  const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10
  return { rss: mb(rss), heapUsed: mb(heapUsed), collected: Boolean(collect) }
}

/** The running server's memory (measure:publishing); undefined when no server answers. */
export function askMemory(stateDir: string): Promise<MemoryAnswer | undefined> {
  return ask(stateDir, "GET", "/memory")
}

/** Asks the running server for an undo; undefined when no server answers on the socket. */
export function askRollback(stateDir: string, by: string): Promise<RollbackAnswer | undefined> {
  return ask(stateDir, "POST", `/rollback?by=${encodeURIComponent(by)}`)
}

/** The running server's last publishes; undefined when no server answers on the socket. */
export function askPublishes(stateDir: string): Promise<PublishesAnswer | undefined> {
  return ask(stateDir, "GET", "/publishes")
}

/** The server's answer; undefined when none answers; an error when it answers that it failed. */
function ask<T>(stateDir: string, method: string, address: string): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const asked = request(
      { socketPath: controlSocket(stateDir), method, path: address },
      (response) => {
        let text = ""
        response.on("data", (chunk: Buffer) => (text += chunk.toString()))
        response.on("end", () => {
          let body: unknown
          try {
            body = JSON.parse(text)
          } catch {
            return resolve(undefined)
          }
          if (response.statusCode === 200) return resolve(body as T)
          const said = (body as { error?: string }).error ?? `status ${response.statusCode}`
          reject(new Error(`the running server could not do it: ${said}`))
        })
      },
    )
    // No server: no socket, or one left by a server that has stopped. Anything else is a server
    // that runs and did not answer, whose folder must not be switched behind its back.
    asked.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ENOENT" || error.code === "ECONNREFUSED" ? resolve(undefined) : reject(error),
    )
    // A server that takes the connection and never answers: the command line says so in time.
    asked.setTimeout(askTimeoutMs, () =>
      asked.destroy(
        new Error(`the running server did not answer in ${Math.round(askTimeoutMs / 1000)} s`),
      ),
    )
    asked.end()
  })
}

/**
 * Longer than an undo can take: under a second, but a switch waits for the e-mail in flight, which
 * may take the mailer's whole deadline.
 */
const askTimeoutMs = sendDeadlineMs + 60_000

function answers(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const asked = request({ socketPath: socket, method: "GET", path: "/publishes" }, (response) => {
      response.resume()
      resolve(true)
    })
    asked.on("error", () => resolve(false))
    asked.end()
  })
}
