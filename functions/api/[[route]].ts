import { getConnInfo } from "hono/cloudflare-workers"
import { handle } from "hono/cloudflare-pages"
import { createApp } from "../../src/server/app"
import type { Settings } from "../../src/server/app"
import { unavailableList } from "../../src/membership/web/mailingList"
import { listFromSettings, providerNamed } from "../../src/membership/web/providers/fromEnv"

/**
 * Every /api/* request on Cloudflare Pages: one Pages Function (this file's name catches the
 * whole prefix) hands it to the app's route table (src/server/app.ts). The project's variables
 * (secrets among them) come as the context's `env`.
 *
 * A Worker has no disk for the embedded store, so sign-ups need a provider (docs/signups.md);
 * without one each is answered "unavailable" and the log says why. A limit per visitor belongs in
 * Cloudflare's rate limiting rules: a Worker's memory is not shared between its copies.
 */
const app = createApp({
  settings: (c) => c.env as Settings,
  client: (c) => getConnInfo(c).remote.address,
  membership: (settings) => ({
    list: listFromSettings(settings, () =>
      unavailableList("no SIGNUP_PROVIDER is set, and Cloudflare Pages has no disk for the store"),
    ),
    provider: providerNamed(settings),
  }),
})

export const onRequest = handle(app)
