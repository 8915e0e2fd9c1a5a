/**
 * A per-client limit on sign-ups, held in the memory of one process: enough for a Node server
 * (the site's own server: `npm start`, and the API service behind nginx). Serverless hosts start many short-lived
 * copies of the endpoint, where a limit in memory means little; theirs is the host's own
 * (docs/signups.md).
 */
export interface RateLimiter {
  /** Counts one request from `client`; `retryAfterSeconds` is set when it is over the limit. */
  take(client: string): { allowed: true } | { allowed: false; retryAfterSeconds: number }
}

export interface RateLimitOptions {
  /** Requests a client may make in one window. */
  limit: number
  windowMs: number
  now?: () => number
}

// Forget finished windows once this many clients are held, so a flood of addresses cannot grow
// the map without bound.
const pruneAbove = 10_000

export function rateLimiter({ limit, windowMs, now = Date.now }: RateLimitOptions): RateLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>()
  return {
    take(client) {
      const time = now()
      if (windows.size > pruneAbove) {
        for (const [key, window] of windows) if (window.endsAt <= time) windows.delete(key)
      }
      let window = windows.get(client)
      if (!window || window.endsAt <= time) {
        window = { count: 0, endsAt: time + windowMs }
        windows.set(client, window)
      }
      window.count += 1
      if (window.count <= limit) return { allowed: true }
      return { allowed: false, retryAfterSeconds: Math.ceil((window.endsAt - time) / 1000) }
    },
  }
}

/**
 * The limit from the environment: SIGNUP_RATE_LIMIT sign-ups a client may send in
 * SIGNUP_RATE_WINDOW_SECONDS (default 10 in 600: a shop's shared Wi-Fi leaves room for several
 * customers). SIGNUP_RATE_LIMIT=0 turns it off (the load test does: all its requests come from
 * one address).
 */
export function rateLimiterFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): RateLimiter | undefined {
  let limit = Number(env.SIGNUP_RATE_LIMIT ?? 10)
  let windowSeconds = Number(env.SIGNUP_RATE_WINDOW_SECONDS ?? 600)
  if (!Number.isFinite(limit) || !Number.isFinite(windowSeconds) || windowSeconds <= 0) {
    console.error("sign-up: SIGNUP_RATE_LIMIT or SIGNUP_RATE_WINDOW_SECONDS is not a number")
    ;[limit, windowSeconds] = [10, 600]
  }
  if (limit <= 0) return undefined
  return rateLimiter({ limit, windowMs: windowSeconds * 1000 })
}
