import http from "node:http"
import { signupEndpoint } from "./fields"
import { handleSignup } from "./handleSignup"
import { nodeSignupContext, sendResponse, webRequest } from "./node"

/**
 * The sign-up endpoint as a small Node service, for hosts where a web server (nginx) serves the
 * built pages and passes POST /api/subscribe here (deploy/nginx/evergrace/site.conf,
 * deploy/evergrace-signup.service). It listens on loopback only.
 *
 *   SIGNUP_PORT (default 9300), SIGNUP_HOST (default 127.0.0.1)
 *   SIGNUP_TRUST_PROXY=1   take the client's address from nginx's X-Real-IP (for the rate limit)
 *   and the list's variables (README, "Sign-ups")
 */

export function startSignupServer(env = process.env, port = Number(env.SIGNUP_PORT ?? 9300)) {
  const context = nodeSignupContext(env)
  const trustProxy = env.SIGNUP_TRUST_PROXY === "1"
  const server = http.createServer(async (req, res) => {
    try {
      const path = new URL(req.url ?? "/", "http://localhost").pathname
      if (path !== signupEndpoint) {
        res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n")
        return
      }
      const forwarded = trustProxy ? req.headers["x-real-ip"] : undefined
      const client = (typeof forwarded === "string" && forwarded) || req.socket.remoteAddress
      await sendResponse(await handleSignup(webRequest(req), { ...context, client }), res)
    } catch (error) {
      console.error(`sign-up: ${error instanceof Error ? error.name : "error"} answering a request`)
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" })
      res.end("Internal error\n")
    }
  })
  return new Promise<http.Server>((resolve) => {
    server.listen(port, env.SIGNUP_HOST ?? "127.0.0.1", () => resolve(server))
  })
}
