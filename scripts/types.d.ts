// Types for the two packages that ship none (there is no @types package installed for them),
// covering only what the load tests and eslint.config.mjs use.

declare module "autocannon" {
  /** One request in the cycle each connection goes through. */
  interface Request {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    /** Called before each request is sent; what it returns is sent instead. */
    setupRequest?: (request: Request) => Request
  }

  interface Options {
    url: string
    connections?: number
    /** Seconds. */
    duration?: number
    /** Stop after this many requests instead of after `duration`. */
    amount?: number
    headers?: Record<string, string>
    requests?: Request[]
  }

  /** Figures for one measured quantity over the run. */
  interface Stats {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p99: number
  }

  interface Result {
    requests: Stats
    /** Milliseconds. */
    latency: Stats
    /** Bytes per second. */
    throughput: Stats
    errors: number
    timeouts: number
    non2xx: number
    /** Seconds the run took, to the hundredth. */
    duration: number
  }

  /** A running test: it reports as it goes and resolves to the result when done. */
  interface Instance extends PromiseLike<Result> {
    on(event: "reqError", listener: (error: NodeJS.ErrnoException) => void): this
  }

  function autocannon(options: Options): Instance
  export = autocannon
}

declare module "eslint-plugin-jsx-a11y" {
  import type { ESLint, Linter } from "eslint"

  const plugin: ESLint.Plugin & {
    configs: Record<"recommended" | "strict", { rules: Linter.RulesRecord }>
  }
  export = plugin
}
