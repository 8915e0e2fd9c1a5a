// What the providers log when a request fails: words that cannot carry an address or a key.
import { isRecord } from "../../utils/json"

/** A provider's error code or an error's name, kept only if it cannot carry an address. */
export function safeToken(value: unknown): string | undefined {
  return typeof value === "string" && /^[A-Za-z_]{1,64}$/.test(value) ? value : undefined
}

/** Never the error's message: it can quote a header, and so the key. */
export function requestFailure(error: unknown, timeoutMs: number): string {
  // Duck-typed: fetch's errors can come from another realm (Jest's sandbox), failing instanceof.
  const name = isRecord(error) ? error.name : undefined
  if (name === "TimeoutError" || name === "AbortError") return `timed out after ${timeoutMs} ms`
  const safeName = safeToken(name)
  return safeName === undefined ? "request failed" : `request failed: ${safeName}`
}
