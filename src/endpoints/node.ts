import type { IncomingMessage, ServerResponse } from "node:http"

/**
 * Node's request and response as the web's Request and Response, for the endpoints' Node hosts
 * (Gatsby's Functions in develop, serve and on Netlify, and the API service behind nginx). No
 * endpoint's own code here, so each Function bundles only its own.
 */

/** Express (Gatsby's Functions) strips the mount path from `url` and keeps the whole in this. */
type NodeRequest = IncomingMessage & { originalUrl?: string }

/**
 * Node's request as a web Request; `body` when a framework has read it already. The scheme is
 * what a proxy in front says it was (`X-Forwarded-Proto`: nginx, Netlify), else http: the
 * endpoints use it for addresses they hand back to the browser and for cookies, so a forged value
 * only misleads the browser that sent it.
 */
export function webRequest(request: NodeRequest, body?: Buffer): Request {
  const forwarded = firstValue(request.headers["x-forwarded-proto"])?.split(",")[0]?.trim()
  const scheme = forwarded === "https" ? "https" : "http"
  const url = new URL(
    request.originalUrl ?? request.url ?? "/",
    `${scheme}://${request.headers.host ?? "localhost"}`,
  )
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    // A body read already is sized anew.
    if (value === undefined || (body && name === "content-length")) continue
    for (const each of Array.isArray(value) ? value : [value]) headers.append(name, each)
  }
  const hasBody = request.method !== "GET" && request.method !== "HEAD"
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? (body ?? streamOf(request)) : undefined,
    // Node's fetch needs this to take a stream as a body.
    ...(hasBody && !body ? { duplex: "half" } : {}),
  } as RequestInit)
}

export function firstValue(header: string | string[] | undefined): string | undefined {
  return Array.isArray(header) ? header[0] : header
}

function streamOf(request: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      if (request.readableEnded) return controller.close()
      request.on("data", (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)))
      request.on("end", () => controller.close())
      request.on("error", (error) => controller.error(error))
    },
    // Past the size limit: the rest is read and dropped, so the answer can still be sent.
    cancel() {
      request.removeAllListeners("data")
      request.resume()
    },
  })
}

/** Writes a web Response to Node's response. */
export async function sendResponse(response: Response, to: ServerResponse): Promise<void> {
  to.statusCode = response.status
  response.headers.forEach((value, name) => {
    // Each cookie is a header line of its own; setHeader would keep only the last.
    if (name !== "set-cookie") to.setHeader(name, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) to.setHeader("Set-Cookie", cookies)
  to.end(Buffer.from(await response.arrayBuffer()))
}
