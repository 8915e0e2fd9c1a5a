/** @jest-environment node */
import { openSite } from "../src/publishing/node/release"
import type { PublishingDesk } from "../src/publishing/web/desk"
import { signupEndpoint } from "../src/shared/endpoints"
import { miniSite, type MiniSite } from "./setup/miniSite"
import { temporaryStore } from "./setup/servers"

// A release's site as the publisher opens it in the running server (src/publishing/node/
// release.ts), and swaps it for the next one's at a publish (./liveSite.ts: the next opened, the
// one before stopped, the next started).

const site = "https://www.evergrace.example"
const store = temporaryStore("release")
let built: MiniSite
beforeAll(async () => {
  built = await miniSite()
})
afterAll(async () => {
  built.remove()
  await store.remove()
})

const publishing: PublishingDesk = {
  receive: async () => ({ outcome: "ignored", message: "" }),
  publishes: async () => ({ records: [] }),
  rollback: async () => ({ result: "nothingToRollBack", message: "" }),
  publishAgain: async () => ({ result: "nothingToPublish", message: "" }),
}

test("a publish keeps each visitor's sign-up count: the next release's site goes on from it", async () => {
  const env = { MEMBERS_STORE: store.folder, SIGNUP_RATE_LIMIT: "2", SITE_URL: site }
  const open = () => openSite({ publicDir: built.publicDir, env, trustProxy: true, publishing })
  const signUp = (opened: ReturnType<typeof open>, email: string, visitor = "192.0.2.7") =>
    opened.fetch(
      new Request(`${site}${signupEndpoint}`, {
        method: "POST",
        headers: {
          Origin: site,
          Accept: "application/json",
          "Content-Type": "application/x-www-form-urlencoded",
          // From nginx in front (trustProxy): the visitor's address.
          "X-Real-IP": visitor,
        },
        body: `email=${encodeURIComponent(email)}`,
      }),
      undefined,
    )

  const first = open()
  first.start()
  expect((await signUp(first, "ann@example.com")).status).toBe(200)
  expect((await signUp(first, "bea@example.com")).status).toBe(200)

  const next = open()
  await first.stop()
  next.start()
  expect((await signUp(next, "cleo@example.com")).status).toBe(429)
  expect((await signUp(next, "dot@example.com", "192.0.2.8")).status).toBe(200)
  await next.stop()
})
