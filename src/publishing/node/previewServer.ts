import { realpathSync } from "node:fs"
import type { Server } from "node:http"
import { Hono } from "hono"
import { failureAnswer } from "../../siteServer/failures"
import { listenSite, siteApp, type SiteAnswers } from "../../siteServer/siteServer"
import { signupRefusal } from "../../membership/web/signup/handleSignup"
import { withEndpointHeaders } from "../../server/app"
import { noSuchEndpoint } from "../../server/errors"
import { signupEndpoint } from "../../shared/endpoints"
import { endpointHeaders } from "../../shared/policy"
import { previewNameOfHost } from "../web/previewAddress"
import type { Previews } from "./previews"

/**
 * The drafts' previews, each at its own host name (`<name>.preview.<domain>`, nginx's
 * deploy/nginx/evergrace-previews.conf passes them here; `<name>.preview.localhost:9001` under
 * `npm start`), served from its build as the site's own server serves the live one, with its own
 * headers. Never indexed (each is built as a preview, src/previews/previewSite.ts, and
 * X-Robots-Tag on every answer, a robots.txt that disallows all besides), and no endpoint: no
 * member store, and a sign-up is refused in plain words.
 */

const notIndexed = "noindex, nofollow"

export async function startPreviewServer(
  previews: Previews,
  port: number,
  hostname: string,
): Promise<Server> {
  const sites = new Map<
    string,
    { build: string; fetch: (request: Request) => Response | Promise<Response> }
  >()
  const app = new Hono()
  app.use(async (c, next) => {
    await next()
    c.res.headers.set("X-Robots-Tag", notIndexed)
  })
  app.get("/robots.txt", (c) => c.text("User-agent: *\nDisallow: /\n"))
  app.all("*", (c) => {
    // The servers of previews since removed (a draft published or closed) are let go, with the
    // files they hold in memory, whichever preview is asked for.
    for (const kept of sites.keys()) if (!previews.publicDir(kept)) sites.delete(kept)
    const name = previewNameOfHost(c.req.header("host") ?? "")
    const publicDir = name ? previews.publicDir(name) : undefined
    if (!name || !publicDir) {
      return c.text(
        "There is no preview at this address: its draft may have been published or closed.\n",
        404,
        endpointHeaders(),
      )
    }
    // A new build of the preview is a new folder: the server of the old one is let go.
    const build = realpathSync(publicDir)
    let site = sites.get(name)
    if (site?.build !== build) {
      const { site: served } = siteApp({ publicDir: build, env: {}, api: noEndpoints() })
      site = { build, fetch: (request) => served.fetch(request) }
      sites.set(name, site)
    }
    return site.fetch(c.req.raw)
  })
  // The site's own HTTP server: a malformed request or a failure answered with the preview's
  // headers, slow clients cut off, as on the live site.
  const headers = { ...endpointHeaders(), "X-Robots-Tag": notIndexed }
  const answers: SiteAnswers = {
    fetch: (request) => app.fetch(request),
    failed: failureAnswer(headers),
    errorHeaders: () => headers,
  }
  return listenSite(() => answers, port, hostname)
}

/**
 * A preview keeps no list: a sign-up is refused in plain words, as on the other hosts' previews
 * (src/server/app.ts, `noListOnPreview`), and there is no other endpoint.
 */
function noEndpoints() {
  const api = new Hono()
  api.use(withEndpointHeaders)
  api.all(signupEndpoint, signupRefusal(403, "preview"))
  api.notFound(noSuchEndpoint)
  return (request: Request) => api.fetch(request)
}
