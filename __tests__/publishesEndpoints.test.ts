/** @jest-environment node */
import { stubUser } from "../e2e/support/stubs/githubStub"
import {
  publishesEndpoint,
  publishAgainEndpoint,
  rollbackEndpoint,
  type PublishesAnswer,
  type AgainAnswer,
  type RollbackAnswer,
} from "../src/publishing/publishesApi"
import type { PublishingDesk } from "../src/publishing/web/desk"
import { createApp } from "../src/server/app"
import type { Settings } from "../src/server/app"
import { nodeRuntime } from "../src/siteServer/nodeRuntime"
import { githubForStaff } from "./setup/githubForStaff"
import { temporaryStore } from "./setup/servers"

// The staff's page's publishing lines (src/publishing/web/handlePublishes.ts), through the route
// table, behind the staff's door with the GitHub stub: the last publishes, and the undo in the
// name of who asked. The publisher is a desk that records what it is asked.

const site = "https://www.evergrace.example"
const github = githubForStaff(site)
let settings: Settings
// A provider keeps the list, but the wing still opens a store (of those who joined before the
// move): the test's own, not the one beside package.json (a developer's).
const store = temporaryStore("publishes-members")
afterAll(() => store.remove())

beforeEach(() => {
  settings = {
    MEMBERS_STORE: store.folder,
    SIGNUP_PROVIDER: "buttondown",
    BUTTONDOWN_API_KEY: "test",
    ...github().settings,
  }
})

const answer: PublishesAnswer = {
  live: {
    release: "20261128T100000Z-bbbbbbb",
    commit: "b".repeat(40),
    title: "Journal: a new title",
    since: "2026-11-28T10:00:00.000Z",
    address: site,
  },
  previous: { commit: "a".repeat(40), title: "Shop: restock" },
  records: [
    {
      id: "1",
      kind: "publish",
      commit: "b".repeat(40),
      title: "Journal: a new title",
      state: "live",
      startedAt: "2026-11-28T09:59:40.000Z",
      finishedAt: "2026-11-28T10:00:00.000Z",
    },
  ],
}

function appWith(desk?: PublishingDesk) {
  const asked: string[] = []
  const publishing: PublishingDesk | undefined = desk ?? {
    receive: async () => ({ outcome: "ignored", message: "" }),
    publishes: async () => answer,
    rollback: async (by, from) => {
      asked.push(`${by} undoes ${from}`)
      return {
        result: "rolledBack",
        message: "The site is back to aaaaaaa: Shop: restock.",
        live: answer.previous,
      }
    },
    publishAgain: async (by) => {
      asked.push(`${by} publishes again`)
      return { result: "started", message: "It is being built again." }
    },
  }
  return { app: createApp({ ...nodeRuntime(settings), publishing }), asked }
}

const signedIn = () => ({ Authorization: `Bearer ${github().tokenFor("editor")}` })

test("the last publishes, for whoever may publish the site; 401 without a sign-in", async () => {
  const { app } = appWith()
  const refused = await app.request(`${site}${publishesEndpoint}`)
  expect(refused.status).toBe(401)
  const response = await app.request(`${site}${publishesEndpoint}`, { headers: signedIn() })
  expect(response.status).toBe(200)
  expect(response.headers.get("cache-control")).toBe("no-store")
  expect((await response.json()) as PublishesAnswer).toEqual(answer)
})

// The staff's two actions: each a POST from the site's own page, by someone who may publish.
test.each([rollbackEndpoint, publishAgainEndpoint])(
  "%s: refused from another site, to a reader, and as a GET; nothing done",
  async (endpoint) => {
    const { app, asked } = appWith()
    const fromElsewhere = await app.request(`${site}${endpoint}`, {
      method: "POST",
      headers: { ...signedIn(), Origin: "https://elsewhere.example" },
    })
    expect(fromElsewhere.status).toBe(403)
    const reader = await app.request(`${site}${endpoint}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${github().tokenFor("reader")}`, Origin: site },
    })
    expect(reader.status).toBe(403)
    expect((await app.request(`${site}${endpoint}`, { headers: signedIn() })).status).toBe(405)
    expect(asked).toEqual([])
  },
)

test("the undo, in the name of the staff member who asked, of the version her page showed", async () => {
  const { app, asked } = appWith()
  const undone = await app.request(`${site}${rollbackEndpoint}`, {
    method: "POST",
    headers: { ...signedIn(), Origin: site, "Content-Type": "application/json" },
    // The live version the page showed: no other is undone (src/publishing/node/publisher.ts).
    body: JSON.stringify({ live: answer.live?.release }),
  })
  expect(undone.status).toBe(200)
  expect(((await undone.json()) as RollbackAnswer).result).toBe("rolledBack")
  expect(asked).toEqual([`${stubUser.login} undoes ${answer.live?.release}`])
})

test("publishing again, in the name of the staff member who asked", async () => {
  const { app, asked } = appWith()
  const again = await app.request(`${site}${publishAgainEndpoint}`, {
    method: "POST",
    headers: { ...signedIn(), Origin: site },
  })
  expect(again.status).toBe(200)
  expect(((await again.json()) as AgainAnswer).result).toBe("started")
  expect(asked).toEqual([`${stubUser.login} publishes again`])
})

test("a host that does not publish itself has no publishing lines: 404", async () => {
  const app = createApp(nodeRuntime(settings))
  const response = await app.request(`${site}${publishesEndpoint}`, { headers: signedIn() })
  expect(response.status).toBe(404)
})
