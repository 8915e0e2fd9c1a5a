// The nginx the tests start (e2e/support/nginx.ts) ends whole when stopped, its workers with its
// master, even when its graceful stop runs out of time: a worker left running would hold the
// output of the step that started it open, and npm test's runner (scripts/steps/runSteps.ts)
// would wait on that step for good. Run by scripts/test-delivery.ts (playwright.delivery.config.ts).
import { readFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import path from "node:path"
import { expect, test } from "@playwright/test"
import { signupEndpoint } from "../../src/shared/endpoints"
import { startNginx } from "../support/nginx"
import { childrenOf, running } from "../support/processes"

let api: Server | undefined
test.afterAll(() => api?.close())

test("nginx stopped while a request waits on the API ends with every worker", async () => {
  // An API that takes the request and never answers: nginx's graceful stop waits on it.
  let taken = 0
  api = createServer(() => taken++)
  await new Promise<void>((resolve) => api?.listen(0, "127.0.0.1", resolve))
  const address = api.address()
  const nginx = await startNginx({
    apiPort: typeof address === "object" ? (address?.port ?? 0) : 0,
  })
  const master = Number(readFileSync(path.join(nginx.prefix, "nginx.pid"), "utf8"))
  const workers = childrenOf(master)
  expect(workers.length).toBeGreaterThan(0)

  const waiting = fetch(`${nginx.baseUrl}${signupEndpoint}`, {
    method: "POST",
    body: "email=waits%40example.com",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  }).catch(() => undefined)
  await expect.poll(() => taken, { timeout: 5_000 }).toBe(1)

  await nginx.stop()
  for (const pid of [master, ...workers])
    await expect
      .poll(() => running(pid), { message: `nginx process ${pid}`, timeout: 2_000 })
      .toBe(false)
  await waiting
})
