/** @jest-environment node */
import type { Context } from "hono"
import { clientAddress } from "../src/node/proxied"

// Whose address counts for the sign-up's rate limit in a Node process.

function context(socket: string | undefined, header: string | undefined): Context {
  return {
    env: socket ? { incoming: { socket: { remoteAddress: socket } } } : {},
    req: { header: () => header },
  } as unknown as Context
}

test("behind nginx (trusted always): nginx's X-Real-IP, not nginx's own socket", () => {
  const nginx = { header: "x-real-ip", trusted: "always" } as const
  expect(clientAddress(context("127.0.0.1", "203.0.113.9"), nginx)).toBe("203.0.113.9")
  expect(clientAddress(context("127.0.0.1", undefined), nginx)).toBe("127.0.0.1")
})

test("Netlify's header only where there is no socket: elsewhere nobody escapes the limit with it", () => {
  const netlify = { header: "x-nf-client-connection-ip", trusted: "without-socket" } as const
  expect(clientAddress(context(undefined, "203.0.113.9"), netlify)).toBe("203.0.113.9")
  expect(clientAddress(context("198.51.100.7", "203.0.113.9"), netlify)).toBe("198.51.100.7")
})

test("no proxy named: the socket", () => {
  expect(clientAddress(context("198.51.100.7", "203.0.113.9"))).toBe("198.51.100.7")
})
