// The nginx the tests start (e2e/support/nginx.ts) ends whole when stopped, its workers with its
// master, even when its graceful stop runs out of time: a worker left running would hold the
// output of the step that started it open, and npm test's runner (scripts/steps/runSteps.ts)
// would wait on that step for good. Run by scripts/test-delivery.ts (playwright.delivery.config.ts).
import { readFileSync, readdirSync } from "node:fs"
import { createServer, type Server } from "node:http"
import path from "node:path"
import { expect, test } from "@playwright/test"
import { signupEndpoint } from "../../src/shared/endpoints"
import { startNginx } from "../support/nginx"

/** The processes whose parent is `parent`, from /proc. */
function childrenOf(parent: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        // pid (name) state ppid …: the name may hold spaces and brackets, so split after its last ")".
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parent
      } catch {
        return false
      }
    })
    .map(Number)
}

/** Whether the process runs (a zombie, ended and waiting to be reaped, does not). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z"
  } catch {
    return false
  }
}

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
  for (const pid of [master, ...workers]) expect(running(pid), `nginx process ${pid}`).toBe(false)
  await waiting
})
