/** @jest-environment node */
import { createHmac } from "node:crypto"
import { createApp } from "../src/server/app"
import { publishEndpoint } from "../src/publishing/publishesApi"
import { postStatus } from "../src/publishing/web/commitStatus"
import type { PublishingDesk, Reception } from "../src/publishing/web/desk"
import type { PublishEvent } from "../src/publishing/web/events"
import { runtimeWithoutList } from "./setup/servers"

// POST /api/publish, GitHub's webhook, through the route table: the signature is checked before
// anything reaches the publisher (a desk that records what it is handed). The signatures here
// are made as GitHub documents them, with node:crypto, not with the code under test.

const site = "https://www.evergrace.example"
const secret = "the-webhook-secret"
const sha = "0123456789abcdef0123456789abcdef01234567"

const sign = (body: string, key = secret) =>
  `sha256=${createHmac("sha256", key).update(body).digest("hex")}`

function server(
  answer: Reception = { outcome: "accepted", message: "Publishing." },
  setting = secret,
) {
  const handed: PublishEvent[] = []
  const desk: PublishingDesk = {
    receive: async (event) => {
      handed.push(event)
      return answer
    },
    publishes: async () => ({ records: [] }),
    rollback: async () => ({ result: "nothingToRollBack", message: "" }),
    publishAgain: async () => ({ result: "nothingToPublish", message: "" }),
  }
  const app = createApp({
    ...runtimeWithoutList({ PUBLISH_SECRET: setting }, "192.0.2.1"),
    publishing: desk,
  })
  const post = (body: BodyInit, headers: Record<string, string>) =>
    app.request(`${site}${publishEndpoint}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body,
      // A stream's body is sent as it comes (Node's fetch asks to be told).
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
    })
  return { handed, post }
}

const push = JSON.stringify({
  ref: "refs/heads/main",
  before: "f".repeat(40),
  after: sha,
  repository: { full_name: "evergrace/website" },
})

test("a signed push is handed to the publisher and answered at once with 202; a secret set with its line's end signs as well, as the server's start-up reads it", async () => {
  for (const setting of [secret, `  ${secret}\r\n`]) {
    const { handed, post } = server(undefined, setting)
    const response = await post(push, {
      "X-GitHub-Event": "push",
      "X-GitHub-Delivery": "d-1",
      "X-Hub-Signature-256": sign(push),
    })
    expect(response.status).toBe(202)
    expect(handed).toEqual([
      {
        kind: "push",
        delivery: "d-1",
        repository: "evergrace/website",
        branch: "main",
        commit: sha,
      },
    ])
    expect(response.headers.get("cache-control")).toBe("no-store")
  }
})

test("a forged, missing or re-signed body gets 401 and starts nothing, and the log says so once", async () => {
  const warned = jest.spyOn(console, "warn").mockImplementation(() => {})
  const { handed, post } = server()
  const forged = await post(push, {
    "X-GitHub-Event": "push",
    "X-Hub-Signature-256": sign(push, "guess"),
  })
  const missing = await post(push, { "X-GitHub-Event": "push" })
  // A signature of one body, replayed with another body: the push of an older commit.
  const older = push.replace(sha, "a".repeat(40))
  const swapped = await post(older, { "X-GitHub-Event": "push", "X-Hub-Signature-256": sign(push) })
  const sha1Only = await post(push, {
    "X-GitHub-Event": "push",
    "X-Hub-Signature": `sha1=${createHmac("sha1", secret).update(push).digest("hex")}`,
  })
  for (const response of [forged, missing, swapped, sha1Only]) {
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ message: expect.stringContaining("PUBLISH_SECRET") })
  }
  expect(handed).toEqual([])
  // The operator following docs/deploying.md's "Try it" reads why in the service's log, once.
  const lines = warned.mock.calls.map(([line]) => String(line))
  warned.mockRestore()
  expect(lines).toEqual([expect.stringMatching(/^publish: webhook refused.*PUBLISH_SECRET/)])
})

test("an unsigned post is refused before its body is read", async () => {
  const { post } = server()
  let pulled = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += 1
      if (pulled > 100) controller.close()
      else controller.enqueue(new Uint8Array(64 * 1024))
    },
  })
  const response = await post(body, {
    "X-GitHub-Event": "push",
    "X-Hub-Signature-256": "sha256=not-a-signature",
  })
  expect(response.status).toBe(401)
  // The stream starts with one chunk pulled ahead; a read of the body would pull them all.
  expect(pulled).toBeLessThan(5)
})

test("a replayed delivery is answered by the publisher's word, not built twice", async () => {
  const { handed, post } = server({
    outcome: "duplicate",
    message: "This delivery was received already.",
  })
  const headers = {
    "X-GitHub-Event": "push",
    "X-GitHub-Delivery": "d-1",
    "X-Hub-Signature-256": sign(push),
  }
  const again = await post(push, headers)
  expect(again.status).toBe(200)
  expect((await again.json()).message).toBe("This delivery was received already.")
  expect(handed).toHaveLength(1)
})

test("ping answers 200; a tag, another event and a payload without its commit start nothing", async () => {
  const { handed, post } = server()
  const ping = JSON.stringify({ zen: "Keep it logically awesome.", hook_id: 1 })
  const pinged = await post(ping, { "X-GitHub-Event": "ping", "X-Hub-Signature-256": sign(ping) })
  expect(pinged.status).toBe(200)
  const tag = push.replace("refs/heads/main", "refs/tags/v1")
  expect(
    (await post(tag, { "X-GitHub-Event": "push", "X-Hub-Signature-256": sign(tag) })).status,
  ).toBe(200)
  const issue = JSON.stringify({ action: "opened" })
  expect(
    (await post(issue, { "X-GitHub-Event": "issues", "X-Hub-Signature-256": sign(issue) })).status,
  ).toBe(200)
  const broken = JSON.stringify({ ref: "refs/heads/main", repository: { full_name: "a/b" } })
  expect(
    (await post(broken, { "X-GitHub-Event": "push", "X-Hub-Signature-256": sign(broken) })).status,
  ).toBe(400)
  expect(handed).toEqual([])
})

test("a form-encoded webhook is read from its payload field, its signature over the whole body", async () => {
  const { handed, post } = server()
  const body = new URLSearchParams({ payload: push }).toString()
  const response = await post(body, {
    "Content-Type": "application/x-www-form-urlencoded",
    "X-GitHub-Event": "push",
    "X-Hub-Signature-256": sign(body),
  })
  expect(response.status).toBe(202)
  expect(handed).toHaveLength(1)
})

test("a draft's pull request is read for its preview: opened builds, closed removes", async () => {
  const { handed, post } = server()
  const pull = (action: string) =>
    JSON.stringify({
      action,
      number: 7,
      pull_request: { head: { ref: "cms/journal/spring", sha }, base: { ref: "main" } },
      repository: { full_name: "evergrace/website" },
    })
  for (const action of ["opened", "synchronize", "closed", "labeled"]) {
    const body = pull(action)
    await post(body, { "X-GitHub-Event": "pull_request", "X-Hub-Signature-256": sign(body) })
  }
  expect(handed.map((event) => event.kind === "pullRequest" && event.action)).toEqual([
    "update",
    "update",
    "close",
  ])
})

test("a server that does not publish answers 404, whatever is sent", async () => {
  const app = createApp(runtimeWithoutList())
  const response = await app.request(`${site}${publishEndpoint}`, {
    method: "POST",
    headers: { "X-GitHub-Event": "push", "X-Hub-Signature-256": sign(push) },
    body: push,
  })
  expect(response.status).toBe(404)
})

test("a commit status GitHub refuses is logged with GitHub's words and which token to fix, never the token", async () => {
  const said = jest.spyOn(console, "error").mockImplementation(() => {})
  try {
    const refusing = (async () =>
      new Response(JSON.stringify({ message: "Resource not accessible by integration" }), {
        status: 403,
      })) as typeof fetch
    const posted = await postStatus(
      { apiUrl: "https://api.github.example", token: "ghp_secret-token", fetch: refusing },
      "evergrace/website",
      sha,
      { state: "success", context: "evergrace/deploy", description: "Live" },
    )
    expect(posted).toBe(false)
    const line = said.mock.calls.flat().join(" ")
    expect(line).toMatch(/Resource not accessible by integration/)
    expect(line).toMatch(/PUBLISH_GITHUB_TOKEN.*commit statuses on evergrace\/website/)
    expect(line).not.toContain("ghp_secret-token")
  } finally {
    said.mockRestore()
  }
})
