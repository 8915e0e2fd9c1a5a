import type { Runtime, Settings } from "../server/runtime"
import type { MailingList } from "../signup/mailingList"
import { listFromSettings } from "../signup/providers/fromEnv"
import { rateLimiterFromEnv, type RateLimiter } from "../signup/rateLimit"
import { memberStore, memberStoreFolder } from "./memberStore"
import { clientAddress, type ClientAddress } from "./proxied"

/**
 * The app's runtime in a Node process (./siteServer.ts, and the Gatsby Function in
 * src/api/[...].ts): the settings from the environment, the list it names (the embedded store on
 * this disk when no provider is named), one rate limit for the process, and the visitor's address
 * from the socket, or from a proxy's header (./proxied.ts).
 */
export function nodeRuntime(env: Settings, client?: ClientAddress): Runtime {
  return {
    settings: () => env,
    client: (c) => clientAddress(c, client),
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

const nodeList = (env: Settings): MailingList =>
  listFromSettings(env, () => memberStore(memberStoreFolder(env)))
