// The publisher's question to nginx before a release goes live, whether it sends the pages' new
// policy (PUBLISH_NGINX_URL: src/publishing/node/nginxPolicy.ts), still answered once certbot has
// added TLS to the site's server block: certbot moves that block's port 80 to one of its own that
// only redirects, so the question goes to a loopback block of its own (deploy/nginx/evergrace.conf).
// Run by scripts/test-delivery.ts (playwright.delivery.config.ts); starts an nginx of its own.
import { readFile } from "node:fs/promises"
import path from "node:path"
import { expect, test } from "@playwright/test"
import { startNginx, type NginxServer } from "../support/nginx"
import { freePort } from "../support/servers"

let nginx: NginxServer

test.beforeAll(async () => {
  nginx = await startNginx({ apiPort: await freePort(), certbot: true })
})
test.afterAll(async () => nginx?.stop())

test("with certbot's redirect on the site's port 80, the publisher's address still gets the pages' policy, every script's hash in it", async () => {
  // The policy nginx includes: the build's own here, the publisher's on a server that publishes.
  const included = await readFile(
    path.resolve(__dirname, "../../deploy/nginx/evergrace/csp.generated.conf"),
    "utf8",
  )
  const hashes = included.match(/'sha256-[A-Za-z0-9+/=]+'/g) ?? []
  expect(hashes.length).toBeGreaterThan(0)

  // What the publisher asks, as it asks it (a HEAD of the address the service is given).
  const asked = await fetch(nginx.checkUrl, { method: "HEAD", redirect: "manual" })
  expect(asked.status).toBe(200)
  const sent = asked.headers.get("content-security-policy") ?? ""
  for (const each of hashes) expect(sent).toContain(each)

  // The site's own port 80 on 127.0.0.1, which the service asked before, answers certbot's way:
  // no policy, so a publisher asking there would refuse every release.
  const before = await fetch(`${nginx.baseUrl}/`, { method: "HEAD", redirect: "manual" })
  expect(before.status).toBe(404)
  expect(before.headers.get("content-security-policy")).toBeNull()
})
