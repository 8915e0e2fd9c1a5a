// Reading a whole answer of node:http, as the delivery tests look at it: no decompression, the
// body's bytes as they came.

/**
 * @typedef {object} Response
 * @property {number | undefined} status
 * @property {import("node:http").IncomingHttpHeaders} headers
 * @property {Buffer} body
 */

/**
 * The status, headers and body of an answer, once it has all come.
 * @param {import("node:http").IncomingMessage} response
 * @returns {Promise<Response>}
 */
export function readResponse(response) {
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = []
    response.on("data", (chunk) => chunks.push(chunk))
    response.on("end", () =>
      resolve({
        status: response.statusCode,
        headers: response.headers,
        body: Buffer.concat(chunks),
      }),
    )
  })
}
