/**
 * The host's settings, as every part of the site reads them: process.env in Node, the project's
 * variables on Cloudflare (a Pages Function's `env`). Read at each use, never built in.
 */
export type HostEnv = Readonly<Record<string, string | undefined>>
