/** @jest-environment node */
import type { Context } from "hono"
import { clientAddress, fromThisComputer } from "../src/siteServer/clientAddress"

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

// Who the staff's page lets in without a token under `npm run cms`.

function request(socket: string | undefined, headers: Record<string, string>): Context {
  return {
    env: socket ? { incoming: { socket: { remoteAddress: socket } } } : {},
    req: { header: (name: string) => headers[name.toLowerCase()] },
  } as unknown as Context
}

test("this computer: a loopback socket, a loopback name, and no other site's page asking", () => {
  const own = { host: "localhost:8000", "sec-fetch-site": "same-origin" }
  expect(fromThisComputer(request("127.0.0.1", own))).toBe(true)
  expect(fromThisComputer(request("::1", { host: "[::1]:8000" }))).toBe(true)
  expect(
    fromThisComputer(request("127.0.0.1", { host: "127.0.0.1:8000", "sec-fetch-site": "none" })),
  ).toBe(true)
  // Another computer, or a header that claims to be this one.
  expect(fromThisComputer(request("192.0.2.7", own))).toBe(false)
  expect(fromThisComputer(request(undefined, { ...own, "x-real-ip": "127.0.0.1" }))).toBe(false)
  // A page elsewhere that she has open: its script's request, or its name pointed at 127.0.0.1.
  expect(fromThisComputer(request("127.0.0.1", { ...own, "sec-fetch-site": "cross-site" }))).toBe(
    false,
  )
  expect(fromThisComputer(request("127.0.0.1", { host: "evil.example:8000" }))).toBe(false)
  expect(
    fromThisComputer(
      request("127.0.0.1", { host: "localhost:8000", origin: "https://evil.example" }),
    ),
  ).toBe(false)
  expect(
    fromThisComputer(
      request("127.0.0.1", { host: "localhost:8000", origin: "http://localhost:8000" }),
    ),
  ).toBe(true)
  // A tunnel or proxy on this computer passing on someone else's request.
  expect(
    fromThisComputer(
      request("127.0.0.1", { host: "localhost:8000", "x-forwarded-for": "203.0.113.9" }),
    ),
  ).toBe(false)
})
