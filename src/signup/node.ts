import type { SignupContext } from "./handleSignup"
import { unavailableList, type MailingList, type SignupEnv } from "./mailingList"
import { memberStore, memberStoreFolder } from "./memberStore"
import { mailingListFromEnv } from "./providers/fromEnv"
import { rateLimiterFromEnv } from "./rateLimit"
import { signupTexts } from "./texts"

/**
 * What the Node hosts share (Gatsby's Functions in develop and serve, and the API service
 * behind nginx): the list chosen by the environment, with the embedded store when no provider
 * is named, and one rate limit for the process.
 */
type NodeContext = Omit<SignupContext, "client">

// One context for the process. Kept on globalThis because Gatsby loads a Function's module
// afresh for every request (it clears it from require's cache): a limit kept in the module
// would start from zero each time.
const processContext = Symbol.for("evergrace.signup.context")
type WithContext = typeof globalThis & { [processContext]?: NodeContext }

export function nodeSignupContext(env: SignupEnv): NodeContext {
  const holder = globalThis as WithContext
  holder[processContext] ??= {
    list: nodeList(env),
    texts: signupTexts,
    rateLimit: rateLimiterFromEnv(env),
  }
  return holder[processContext]
}

function nodeList(env: SignupEnv): MailingList {
  try {
    return mailingListFromEnv(env) ?? memberStore(memberStoreFolder(env))
  } catch (error) {
    // A misnamed provider or a missing key: the site stays up and says sign-ups are unavailable.
    return unavailableList(error instanceof Error ? error.message : String(error))
  }
}
