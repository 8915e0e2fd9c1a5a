import http from "node:http"
import { finishSignIn, startSignIn } from "../cmsAuth/handleCmsAuth"
import { authPath, callbackPath } from "../cmsAuth/paths"
import { signupEndpoint } from "../signup/fields"
import { handleSignup } from "../signup/handleSignup"
import { nodeSignupContext } from "../signup/node"
import { sendResponse, webRequest } from "./node"

/**
 * The site's endpoints as one small Node service, for hosts where a web server (nginx) serves the
 * built pages and passes the endpoints' addresses here (deploy/nginx/evergrace/site.conf,
 * deploy/evergrace-api.service): the sign-up (POST /api/subscribe) and the CMS's GitHub sign-in
 * (GET /api/auth, /api/callback). It listens on loopback only.
 *
 *   API_PORT (default 9300), API_HOST (default 127.0.0.1)
 *   API_TRUST_PROXY=1   take the client's address from nginx's X-Real-IP (for the sign-up limit)
 *   the list's variables (README, "Sign-ups") and the sign-in's (docs/editing-content.md)
 */

type Route = (request: Request, client: string | undefined) => Promise<Response>

export function startApiServer(env = process.env, port = Number(env.API_PORT ?? 9300)) {
  const signup = nodeSignupContext(env)
  const routes: Record<string, Route> = {
    [signupEndpoint]: (request, client) => handleSignup(request, { ...signup, client }),
    // The sign-in reads its settings from the environment at each request, as on other hosts.
    [authPath]: (request) => startSignIn(request, env),
    [callbackPath]: (request) => finishSignIn(request, env),
  }
  const trustProxy = env.API_TRUST_PROXY === "1"
  const server = http.createServer(async (req, res) => {
    try {
      const route = routes[new URL(req.url ?? "/", "http://localhost").pathname]
      if (!route) {
        res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n")
        return
      }
      const forwarded = trustProxy ? req.headers["x-real-ip"] : undefined
      const client = (typeof forwarded === "string" && forwarded) || req.socket.remoteAddress
      await sendResponse(await route(webRequest(req), client), res)
    } catch (error) {
      console.error(`api: ${error instanceof Error ? error.name : "error"} answering a request`)
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" })
      res.end("Internal error\n")
    }
  })
  return new Promise<http.Server>((resolve) => {
    server.listen(port, env.API_HOST ?? "127.0.0.1", () => resolve(server))
  })
}
