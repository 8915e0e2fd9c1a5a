// What both providers do around each request: a JSON body with a timeout, and a failure answered
// "unavailable" and logged in words that cannot carry an address or a key. Web-standard APIs
// only, for Node and Cloudflare Pages Functions alike.
import { isRecord } from "../../../utils/json"
import { defaultProviderTimeoutMs } from "../mailingList"

export interface RequestOptions {
  timeoutMs?: number
  fetch?: typeof fetch
}

/** The provider's answer, or "unavailable" when none came. */
type Answer = { status: number; text: string } | { failed: "unavailable" }

/** What the request was for, in the log: her sign-up, or her leave forwarded to the provider. */
export type Errand = "sign-up" | "leave"

export function providerRequests(provider: string, options: RequestOptions) {
  const timeoutMs = options.timeoutMs ?? defaultProviderTimeoutMs
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new Error(`The ${provider} timeout must be a whole number of milliseconds above 0.`)
  }
  // Called as a plain function: Workers' fetch throws "Illegal invocation" on another `this`.
  const send =
    options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))

  function unavailable(why: string, errand: Errand = "sign-up"): "unavailable" {
    console.error(`${provider}: ${errand} unavailable (${why})`)
    return "unavailable"
  }

  async function request(
    method: "GET" | "POST" | "PUT" | "PATCH",
    url: string,
    headers: Record<string, string>,
    body: unknown,
    errand: Errand = "sign-up",
  ): Promise<Answer> {
    try {
      const response = await send(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
      return { status: response.status, text: await response.text() }
    } catch (error) {
      return { failed: unavailable(requestFailure(error, timeoutMs), errand) }
    }
  }

  return { request, unavailable }
}

/** A provider's error code or an error's name, kept only if it cannot carry an address. */
export function safeToken(value: unknown): string | undefined {
  return typeof value === "string" && /^[A-Za-z_]{1,64}$/.test(value) ? value : undefined
}

/** Never the error's message: it can quote a header, and so the key. */
function requestFailure(error: unknown, timeoutMs: number): string {
  // Duck-typed: fetch's errors can come from another realm (Jest's sandbox), failing instanceof.
  const name = isRecord(error) ? error.name : undefined
  if (name === "TimeoutError" || name === "AbortError") return `timed out after ${timeoutMs} ms`
  const safeName = safeToken(name)
  return safeName === undefined ? "request failed" : `request failed: ${safeName}`
}
