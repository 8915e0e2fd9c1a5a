import { chmodSync, rmSync } from "node:fs"
import { createConnection, createServer, type Server } from "node:net"
import path from "node:path"
import { processWide } from "../../utils/processWide"

/**
 * How `npm run members:remove` reaches the server that has the store open: a Unix socket in the
 * store's own folder (its owner's alone: ./privateFiles.ts), taking one erasure at a time. Erasing
 * from a second process would race the server's sender for the copies of her e-mails, and the
 * compacted store would replace the file the server still has open.
 */

const socketName = "control.sock"

// The sockets this process listens on: a publish's next release starts its wing while the one
// before still listens, in this same process, which shares its LMDB handle (./store/lmdbStore.ts).
const listeningHere = processWide("storeControlSockets.v1", () => new Set<string>())

/**
 * Whether another process has the store open (a second server started on it by mistake): its
 * socket answers, and not from this process.
 */
export async function openElsewhere(folder: string): Promise<boolean> {
  const socket = path.join(folder, socketName)
  return !listeningHere.has(socket) && (await answers(socket))
}

export async function listenForErasures(
  folder: string,
  erase: (address: string) => Promise<boolean>,
): Promise<Server> {
  const socket = path.join(folder, socketName)
  if (await answers(socket)) throw new Error(`another server has the store open (${socket})`)
  // Left by a server that did not stop cleanly: nobody listens on it.
  rmSync(socket, { force: true })
  const server = createServer((connection) => {
    let request = ""
    connection.setEncoding("utf8")
    connection.on("data", (chunk: string) => {
      request += chunk
      if (!request.includes("\n") && request.length < 1000) return
      connection.removeAllListeners("data")
      const address = parseRequest(request)
      if (address === undefined)
        return connection.end(`${JSON.stringify({ error: "bad request" })}\n`)
      erase(address).then(
        (erased) => connection.end(`${JSON.stringify({ erased })}\n`),
        (error: unknown) =>
          connection.end(
            `${JSON.stringify({ error: error instanceof Error ? error.name : "error" })}\n`,
          ),
      )
    })
    connection.on("error", () => connection.destroy())
  })
  return new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(socket, () => {
      chmodSync(socket, 0o600)
      server.unref()
      listeningHere.add(socket)
      server.once("close", () => listeningHere.delete(socket))
      resolve(server)
    })
  })
}

/** Whether a server listens on the socket. */
function answers(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = createConnection(socket)
    connection.on("connect", () => {
      connection.destroy()
      resolve(true)
    })
    connection.on("error", () => resolve(false))
  })
}

function parseRequest(request: string): string | undefined {
  try {
    const { erase } = JSON.parse(request.split("\n", 1)[0] ?? "") as { erase?: unknown }
    return typeof erase === "string" && erase.length <= 1000 ? erase : undefined
  } catch {
    return undefined
  }
}

/**
 * Whether the running server found her on the list and erased her, or undefined when no server
 * has the store open.
 */
export function eraseThroughServer(folder: string, address: string): Promise<boolean | undefined> {
  return new Promise((resolve, reject) => {
    const connection = createConnection(path.join(folder, socketName))
    let answer = ""
    connection.setEncoding("utf8")
    connection.on("data", (chunk: string) => (answer += chunk))
    // Hung up without a whole answer: it stopped meanwhile, perhaps after erasing her.
    const noAnswer = () =>
      new Error(
        "the running server closed the connection without an answer (did it stop?): run the command again",
      )
    connection.on("end", () => {
      let parsed: unknown
      try {
        parsed = JSON.parse(answer)
      } catch {
        return reject(noAnswer())
      }
      const { erased, error } = (parsed ?? {}) as { erased?: unknown; error?: unknown }
      if (typeof error === "string")
        reject(new Error(`the running server could not erase her: ${error}`))
      else if (typeof erased === "boolean") resolve(erased)
      else reject(noAnswer())
    })
    connection.on("error", (error: NodeJS.ErrnoException) => {
      // No socket, or one left by a server that is gone: nobody has the store open.
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(undefined)
      else if (error.code === "ECONNRESET" || error.code === "EPIPE") reject(noAnswer())
      else reject(error)
    })
    connection.write(`${JSON.stringify({ erase: address })}\n`)
  })
}
