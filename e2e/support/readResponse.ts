// Reading a whole answer of node:http, as the delivery tests look at it: no decompression, the
// body's bytes as they came.
import type { IncomingHttpHeaders, IncomingMessage } from "node:http"

export interface Response {
  status: number | undefined
  headers: IncomingHttpHeaders
  body: Buffer
}

/** The status, headers and body of an answer, once it has all come. */
export function readResponse(response: IncomingMessage): Promise<Response> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    response.on("data", (chunk: Buffer) => chunks.push(chunk))
    response.on("end", () =>
      resolve({
        status: response.statusCode,
        headers: response.headers,
        body: Buffer.concat(chunks),
      }),
    )
  })
}
