import { hourMs } from "../../utils/dates"
import type { HostEnv } from "../../shared/hostEnv"

/**
 * Limits held in the memory of one process: how many requests a key (a visitor, or the whole site)
 * may make in a window. Enough for a Node server (the site's own server: `npm start`, and the API
 * service behind nginx). Serverless hosts start many short-lived copies of the endpoints, where a
 * limit in memory means little; theirs is the host's own (docs/signups.md).
 */
export interface RateLimiter {
  /** Counts one request from `key`; refused when over the limit, `first` for the first refusal. */
  take(
    key: string,
  ): { allowed: true } | { allowed: false; retryAfterSeconds: number; first: boolean }
  /** Takes one count back: a request that turned out to say nothing about the key. */
  giveBack(key: string): void
  /** Forgets the key's count (a visitor proven good). */
  forget(key: string): void
}

/** A sign-up's limits: each visitor's, and the whole site's. */
export interface SignupLimits {
  perClient?: RateLimiter
  site?: RateLimiter
}

export interface RateLimitOptions {
  /** Requests a key may make in one window. */
  limit: number
  windowMs: number
  /** Keys held at most: past it the least recently used is forgotten, in constant time. */
  keysHeld?: number
  now?: () => number
}

export function rateLimiter({
  limit,
  windowMs,
  keysHeld = 10_000,
  now = Date.now,
}: RateLimitOptions): RateLimiter {
  // A Map keeps the order keys were set in: each use sets its key again, last, so the first key
  // is always the least recently used.
  const windows = new Map<string, { count: number; endsAt: number }>()
  return {
    take(key) {
      const time = now()
      let window = windows.get(key)
      windows.delete(key)
      if (!window || window.endsAt <= time) window = { count: 0, endsAt: time + windowMs }
      windows.set(key, window)
      if (windows.size > keysHeld) windows.delete(windows.keys().next().value as string)
      window.count += 1
      if (window.count <= limit) return { allowed: true }
      const retryAfterSeconds = Math.ceil((window.endsAt - time) / 1000)
      return { allowed: false, retryAfterSeconds, first: window.count === limit + 1 }
    },
    giveBack(key) {
      const window = windows.get(key)
      if (window && window.count > 0) window.count -= 1
    },
    forget(key) {
      windows.delete(key)
    },
  }
}

/**
 * The key a visitor is limited by: her IPv4 address, or the /64 of her IPv6 address (a home, a
 * phone or a server is given a whole /64, so each of its addresses is hers alike).
 */
export function clientKey(address: string | undefined): string {
  const text = (address ?? "").trim().toLowerCase().replace(/%.*$/, "")
  if (!text) return "unknown"
  const mapped = /^(?:0{0,4}:){0,5}(?:0{0,4}:)?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text)
  if (mapped) return mapped[1] as string
  if (!text.includes(":")) return text
  const groups = ipv6Groups(text)
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : text
}

/** The eight groups of an IPv6 address, `::` expanded and leading zeros dropped. */
function ipv6Groups(address: string): string[] | undefined {
  const halves = address.split("::")
  if (halves.length > 2) return undefined
  const part = (text: string | undefined) => {
    if (!text) return []
    const groups = text.split(":")
    const last = groups[groups.length - 1] ?? ""
    // An IPv4 address at the end (64:ff9b::192.0.2.1) is the last two groups.
    if (last.includes(".")) {
      const bytes = last.split(".").map(Number)
      groups.splice(
        -1,
        1,
        ((bytes[0]! << 8) | bytes[1]!).toString(16),
        ((bytes[2]! << 8) | bytes[3]!).toString(16),
      )
    }
    return groups
  }
  const head = part(halves[0])
  const tail = part(halves[1])
  const missing = 8 - head.length - tail.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined
  const groups = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill("0"), ...tail]
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return undefined
  return groups.map((group) => parseInt(group, 16).toString(16))
}

/** A whole number ≥ 0 from the environment, or the default (with a log line when it is not one). */
function setting(env: HostEnv, name: string, fallback: number): number {
  const value = env[name]?.trim()
  if (!value) return fallback
  const number = Number(value)
  if (Number.isInteger(number) && number >= 0) return number
  console.error(`sign-up: ${name} is not a whole number: ${fallback} is used`)
  return fallback
}

/**
 * Each visitor's limit: SIGNUP_RATE_LIMIT sign-ups in SIGNUP_RATE_WINDOW_SECONDS (default 10 in
 * 600: a shop's shared Wi-Fi leaves room for several customers). 0 turns it off (the load test
 * does: all its requests come from one address).
 */
export function clientLimiterFromEnv(env: HostEnv): RateLimiter | undefined {
  const limit = setting(env, "SIGNUP_RATE_LIMIT", 10)
  const windowSeconds = setting(env, "SIGNUP_RATE_WINDOW_SECONDS", 600) || 600
  return limit > 0 ? rateLimiter({ limit, windowMs: windowSeconds * 1000 }) : undefined
}

/** The whole site's limit: sign-ups an hour, whoever sends them (docs/signups.md). */
const siteLimitPerHour = 200

/**
 * The whole site's limit, SIGNUP_SITE_LIMIT sign-ups an hour (default `siteLimitPerHour`; 0
 * turns it off): each sends a stranger a confirmation e-mail, and a flood of them from many
 * addresses would ruin the sender's name with the mail services.
 */
export function siteLimiterFromEnv(env: HostEnv): RateLimiter | undefined {
  const limit = setting(env, "SIGNUP_SITE_LIMIT", siteLimitPerHour)
  return limit > 0 ? rateLimiter({ limit, windowMs: hourMs, keysHeld: 1 }) : undefined
}
