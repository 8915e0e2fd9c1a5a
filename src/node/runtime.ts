import { getConnInfo } from "@hono/node-server/conninfo"
import type { Runtime, Settings } from "../server/runtime"
import { unavailableList, type MailingList } from "../signup/mailingList"
import { mailingListFromEnv } from "../signup/providers/fromEnv"
import { rateLimiterFromEnv, type RateLimiter } from "../signup/rateLimit"
import { memberStore, memberStoreFolder } from "./memberStore"

/**
 * The app's runtime in a Node process (./siteServer.ts, and the Gatsby Function in
 * src/api/[...].ts): the settings from the environment, the list it names (the embedded store on
 * this disk when no provider is named), one rate limit for the process, and the visitor's address
 * from the socket, or from the header a proxy in front sets (`clientHeader`) when it is trusted.
 */
export function nodeRuntime(env: Settings, clientHeader?: string): Runtime {
  return {
    settings: () => env,
    client: (c) =>
      (clientHeader && c.req.header(clientHeader)) ||
      // Netlify's adapter hands over a request without a socket.
      (c.env?.incoming?.socket ? getConnInfo(c).remote.address : undefined),
    signupList: () => processSignup(env),
  }
}

// One list and one limit for the process. Kept on globalThis because Gatsby loads a Function's
// module afresh for every request (it clears it from require's cache): a limit kept in the module
// would start from zero each time.
const processSignupKey = Symbol.for("evergrace.signup.context")
type WithSignup = typeof globalThis & {
  [processSignupKey]?: { list: MailingList; rateLimit?: RateLimiter }
}

function processSignup(env: Settings) {
  const holder = globalThis as WithSignup
  holder[processSignupKey] ??= { list: nodeList(env), rateLimit: rateLimiterFromEnv(env) }
  return holder[processSignupKey]
}

function nodeList(env: Settings): MailingList {
  try {
    return mailingListFromEnv(env) ?? memberStore(memberStoreFolder(env))
  } catch (error) {
    // A misnamed provider or a missing key: the site stays up and says sign-ups are unavailable.
    return unavailableList(error instanceof Error ? error.message : String(error))
  }
}
