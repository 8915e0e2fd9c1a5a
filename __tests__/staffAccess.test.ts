/** @jest-environment node */
import {
  failedSignIns,
  forgetStaffAccess,
  staffAccess,
} from "../src/membership/web/staff/staffAccess"

// Who may see the members' list, decided with GitHub (src/membership/web/staff/staffAccess.ts), against a GitHub
// of the test's own: what is kept, what counts as a failed sign-in, and what GitHub's own limits do.

const env = {
  GATSBY_CMS_REPO: "evergrace/website",
  GITHUB_URL: "https://github.example",
  GITHUB_OAUTH_CLIENT_ID: "Iv1.test",
  GITHUB_OAUTH_CLIENT_SECRET: "test-secret",
}
const api = "https://github.example/api/v3"
const tokenCheck = `/applications/${env.GITHUB_OAUTH_CLIENT_ID}/token`

type Reply = { status: number; body?: unknown; headers?: Record<string, string> }

/** GitHub: `editor` may push, anything else is refused; `replies` overrides by path. */
function fakeGithub(replies: Record<string, Reply> = {}) {
  const calls: string[] = []
  const send = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input)
    calls.push(url)
    const path = url.slice(api.length)
    // The token: hers in Authorization, or in the body of the app's check of it.
    const token =
      path === tokenCheck
        ? (JSON.parse(String(init?.body)) as { access_token: string }).access_token
        : new Headers(init?.headers).get("authorization")?.replace("Bearer ", "")
    const reply: Reply =
      replies[path] ??
      (token !== "editor" && token !== "reader"
        ? { status: path === tokenCheck ? 404 : 401, body: { message: "Bad credentials" } }
        : path === "/user"
          ? { status: 200, body: { login: token } }
          : path === tokenCheck
            ? {
                status: 200,
                body: { app: { client_id: env.GITHUB_OAUTH_CLIENT_ID }, scopes: ["repo"] },
              }
            : { status: 200, body: { permissions: { push: token === "editor" } } })
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status,
      headers: reply.headers,
    })
  }) as typeof fetch
  return { send, calls }
}

beforeEach(() => forgetStaffAccess())
jest.spyOn(console, "error").mockImplementation(() => {})

test("an editor is let in, and GitHub is asked once in the few minutes her answer is kept", async () => {
  const github = fakeGithub()
  for (let i = 0; i < 3; i++) {
    expect(await staffAccess("editor", "a", env, { fetch: github.send })).toEqual({
      ok: true,
      identity: { login: "editor", local: false },
    })
  }
  // Three questions (who she is, whether she may push, whether the token is this app's), once.
  expect(github.calls).toHaveLength(3)
  // Another repository is another question.
  await staffAccess(
    "editor",
    "a",
    { ...env, GATSBY_CMS_REPO: "evergrace/other" },
    { fetch: github.send },
  )
  expect(github.calls).toHaveLength(6)
})

test("a burst of guesses sent at once meets the limit: GitHub is asked no more than it allows", async () => {
  const github = fakeGithub()
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      staffAccess(`guess${i}`, "b", env, { fetch: github.send }),
    ),
  )
  expect(answers.filter((answer) => !answer.ok && answer.status === 401)).toHaveLength(
    failedSignIns.limit,
  )
  expect(answers.filter((answer) => !answer.ok && answer.status === 429)).toHaveLength(
    30 - failedSignIns.limit,
  )
  expect(github.calls.filter((url) => url.endsWith("/user"))).toHaveLength(failedSignIns.limit)
})

test("her own revoked token, sent again at each visit, counts once; letting her in clears the count", async () => {
  const github = fakeGithub()
  for (let i = 0; i < failedSignIns.limit + 5; i++) {
    expect((await staffAccess("revoked", "c", env, { fetch: github.send })).ok).toBe(false)
  }
  for (let i = 0; i < failedSignIns.limit - 2; i++)
    await staffAccess(`other${i}`, "c", env, { fetch: github.send })
  // One short of the limit: she signs in afresh and is let in, and her count starts again.
  expect((await staffAccess("editor", "c", env, { fetch: github.send })).ok).toBe(true)
  for (let i = 0; i < failedSignIns.limit - 1; i++) {
    const answer = await staffAccess(`again${i}`, "c", env, { fetch: github.send })
    expect(answer.ok ? 200 : answer.status).toBe(401)
  }
})

test("GitHub's own limits are no verdict on her: 502, not kept, not counted", async () => {
  const limited = fakeGithub({
    "/repos/evergrace/website": { status: 403, headers: { "x-ratelimit-remaining": "0" } },
  })
  for (let i = 0; i < failedSignIns.limit + 2; i++) {
    const answer = await staffAccess("editor", "d", env, { fetch: limited.send })
    expect(answer.ok ? 200 : answer.status).toBe(502)
  }
  // Once GitHub answers again, she is let in at once.
  expect((await staffAccess("editor", "d", env, { fetch: fakeGithub().send })).ok).toBe(true)
  const busy = fakeGithub({ "/user": { status: 429, headers: { "retry-after": "60" } } })
  const answer = await staffAccess("reader", "d", env, { fetch: busy.send })
  expect(answer.ok ? 200 : answer.status).toBe(502)
})

test("a user without push: 403; a repository hidden from her: 403 too", async () => {
  const reader = await staffAccess("reader", "e", env, { fetch: fakeGithub().send })
  expect(reader).toMatchObject({ ok: false, status: 403, problem: "noPush" })
  const hidden = fakeGithub({ "/repos/evergrace/website": { status: 404 } })
  expect(await staffAccess("editor", "e", env, { fetch: hidden.send })).toMatchObject({
    status: 403,
  })
})

test("when one of GitHub's three answers times out, she is told GitHub is down and the answers that came are let go", async () => {
  const github = fakeGithub()
  const bodies: ReadableStream[] = []
  const send = (async (input: string | URL | Request, init?: RequestInit) => {
    if (String(input).endsWith("/user")) throw new DOMException("timed out", "TimeoutError")
    const response = await github.send(input, init)
    if (response.body) bodies.push(response.body)
    return response
  }) as typeof fetch
  expect(await staffAccess("editor", "a", env, { fetch: send })).toEqual({
    ok: false,
    status: 502,
    problem: "githubDown",
  })
  expect(bodies).toHaveLength(2)
  // Cancelled: nothing holds their connections open (a body left unread never closes).
  const leftOpen = new Promise((resolve) => setTimeout(() => resolve("left open"), 1000))
  for (const body of bodies) {
    expect(await Promise.race([body.getReader().closed.then(() => "closed"), leftOpen])).toBe(
      "closed",
    )
  }
})
