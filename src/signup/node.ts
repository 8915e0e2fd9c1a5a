import type { IncomingMessage, ServerResponse } from "node:http"
import type { SignupContext } from "./handleSignup"
import { unavailableList, type MailingList, type SignupEnv } from "./mailingList"
import { memberStore, memberStoreFolder } from "./memberStore"
import { mailingListFromEnv } from "./providers/fromEnv"
import { rateLimiterFromEnv } from "./rateLimit"
import { signupTexts } from "./texts"

/**
 * What the Node hosts share (Gatsby's Functions in develop and serve, and the sign-up service
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

/** Node's request as a web Request; `body` when a framework has read it already. */
export function webRequest(request: IncomingMessage, body?: Buffer): Request {
  const url = new URL(request.url ?? "/", `http://${request.headers.host ?? "localhost"}`)
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
  response.headers.forEach((value, name) => to.setHeader(name, value))
  to.end(Buffer.from(await response.arrayBuffer()))
}
