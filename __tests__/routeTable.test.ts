/** @jest-environment node */
import { Hono } from "hono"
import { createApp } from "../src/server/app"
import { methodNotAllowed } from "hono/method-not-allowed"
import { methodRefused, noSuchEndpoint } from "../src/server/errors"
import { membersEndpoint, signupEndpoint } from "../src/shared/endpoints"
import { runtimeWithoutList } from "./setup/servers"

// What the route table answers when no handler does.

const site = "https://www.evergrace.example"

test("an address under /api/ that is no endpoint: 404, with the endpoints' headers", async () => {
  const app = createApp(runtimeWithoutList())
  const response = await app.request(`${site}/api/nothing-here`)
  expect(response.status).toBe(404)
  expect(response.headers.get("cache-control")).toBe("no-store")
  expect(response.headers.get("content-security-policy")).toContain("default-src 'none'")
})

test("a one-method endpoint asked with another method: 405 with Allow, and the endpoints' headers", async () => {
  // The route table's own answers (Hono's methodNotAllowed, as src/server/app.ts sets it up).
  // The site's own: the endpoints' headers too.
  const refused = await createApp(runtimeWithoutList()).request(`${site}${membersEndpoint}`, {
    method: "DELETE",
  })
  expect(refused.status).toBe(405)
  expect(refused.headers.get("allow")).toBe("GET, HEAD")
  expect(refused.headers.get("cache-control")).toBe("no-store")
  expect(refused.headers.get("content-security-policy")).toContain("default-src 'none'")

  const app = new Hono()
  app.use(methodNotAllowed({ app, onMethodNotAllowed: methodRefused }))
  app.get("/api/health", (c) => c.json({ status: "ok" }))
  app.post("/api/note", (c) => c.text("noted"))
  app.post("/api/confirm/:token", (c) => c.text("confirmed"))
  app.notFound(noSuchEndpoint)
  const posted = await app.request(`${site}/api/health`, { method: "POST" })
  expect(posted.status).toBe(405)
  expect(posted.headers.get("allow")).toBe("GET, HEAD")
  const got = await app.request(`${site}/api/note`)
  expect(got.status).toBe(405)
  expect(got.headers.get("allow")).toBe("POST")
  const withParameter = await app.request(`${site}/api/confirm/abc123`)
  expect(withParameter.status).toBe(405)
  expect(withParameter.headers.get("allow")).toBe("POST")
  expect((await app.request(`${site}/api/confirm/abc/more`)).status).toBe(404)
  expect((await app.request(`${site}/api/health`)).status).toBe(200)
})

test("a handler that throws: 500 with the endpoints' headers, and the log names no visitor", async () => {
  const printed: string[] = []
  const spy = jest.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    printed.push(args.map(String).join(" "))
  })
  const app = createApp({
    settings: () => ({}),
    client: () => "203.0.113.9",
    membership: () => {
      throw new TypeError("a bug")
    },
  })
  const response = await app.request(`${site}${signupEndpoint}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site },
    body: "email=ann%40example.com",
  })
  spy.mockRestore()
  expect(response.status).toBe(500)
  expect(response.headers.get("x-content-type-options")).toBe("nosniff")
  expect(printed).toEqual([`api: TypeError answering POST ${signupEndpoint}`])
})
