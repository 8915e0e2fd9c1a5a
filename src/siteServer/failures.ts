/**
 * The answer to what no handler answered, for the Node adapters: a request the adapter could not
 * even make into a Request (`Host: a b`: @hono/node-server's RequestError) is a 400, anything else
 * that was thrown a 500; both with the headers given, and never a dead process.
 */
export function failureAnswer(headers: Record<string, string>) {
  return (error: unknown) => {
    const malformed = error instanceof Error && error.name === "RequestError"
    return new Response(malformed ? "Bad request\n" : "Internal error\n", {
      status: malformed ? 400 : 500,
      headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
    })
  }
}
