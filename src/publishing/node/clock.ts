/**
 * The publisher's clock: what time it is, and a call at a given time (the next go-live date).
 * The system's, here; the tests hand the publisher one they move themselves.
 */
export interface Clock {
  now(): number
  /** Calls `then` once `at` has come; the function returned cancels it. */
  at(at: number, then: () => void): () => void
}

/** Waits are cut into hours, so a far date or a clock set anew is looked at again in time. */
const longestWaitMs = 60 * 60_000

export const systemClock: Clock = {
  now: () => Date.now(),
  at(at, then) {
    let timer: ReturnType<typeof setTimeout> | undefined
    const wait = () => {
      const left = at - Date.now()
      if (left <= 0) return then()
      timer = setTimeout(wait, Math.min(left, longestWaitMs))
    }
    wait()
    return () => clearTimeout(timer)
  },
}
