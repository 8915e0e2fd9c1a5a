// nginx's logs, with the shipped config: her e-mail's links carry a token that confirms her or
// takes her off the list, so whoever reads the access log or the error log must not find it there. Run by
// scripts/test-delivery.ts (playwright.delivery.config.ts); starts an nginx of its own, with its
// access log on, in front of a closed API port (a request nginx answers 502 is logged the same).
import { readFile } from "node:fs/promises"
import path from "node:path"
import { expect, test } from "@playwright/test"
import { authPath, confirmEndpoint, leaveEndpoint, tokenField } from "../../src/shared/endpoints"
import { startNginx, type NginxServer } from "../support/nginx"
import { freePort } from "../support/servers"

let nginx: NginxServer

test.beforeAll(async () => {
  nginx = await startNginx({ apiPort: await freePort(), accessLog: true })
})
test.afterAll(async () => nginx?.stop())

test("her links' tokens are in no line of the access log, neither as an address nor as a Referer, nor of the error log", async () => {
  const token = "leave.Zm9yLXRoZS1sb2ctdGVzdA.0.c2lnbmF0dXJlLW9mLXRoZS10ZXN0"
  const links = [
    `${leaveEndpoint}?${tokenField}=${token}`,
    `${confirmEndpoint}?${tokenField}=${token}&utm_source=mail`,
  ]
  for (const link of links) {
    await fetch(`${nginx.baseUrl}${link}`)
    await fetch(`${nginx.baseUrl}${link}`, { method: "POST" })
    // What the link's page loads names the page, token and all, as its Referer.
    await fetch(`${nginx.baseUrl}/`, { headers: { Referer: `${nginx.baseUrl}${link}` } })
  }
  // A page's own query is kept: only the endpoints' addresses and the Referers lose theirs.
  await fetch(`${nginx.baseUrl}/shop?from=newsletter`)

  // nginx writes a line as each request ends, not always in the order they were sent: every
  // line is waited for, the page's last among them.
  const log = path.join(nginx.prefix, "access.log")
  const shop = '"GET /shop?from=newsletter HTTP/1.1"'
  const logged = async () => (await readFile(log, "utf8").catch(() => "")).trim().split("\n")
  await expect
    .poll(async () => {
      const written = await logged()
      return written.length >= links.length * 3 + 1 && written.some((line) => line.includes(shop))
    })
    .toBe(true)
  const lines = await logged()
  expect(lines.filter((line) => line.includes(token))).toEqual([])
  expect(lines.filter((line) => line.includes(`"GET ${leaveEndpoint} HTTP/1.1"`))).toHaveLength(1)
  expect(lines.filter((line) => line.includes(`"POST ${confirmEndpoint} HTTP/1.1"`))).toHaveLength(
    1,
  )
  expect(lines.filter((line) => line.includes(`"${nginx.baseUrl}${leaveEndpoint}"`))).toHaveLength(
    1,
  )
  // Nor in the error log, which names each request nginx could not pass on (the API port is
  // closed here) whole: another endpoint's are still there.
  await fetch(`${nginx.baseUrl}${authPath}?for=the-error-log`)
  const errors = path.join(nginx.prefix, "error.log")
  await expect.poll(async () => readFile(errors, "utf8")).toContain("for=the-error-log")
  expect(await readFile(errors, "utf8")).not.toContain(token)
})
