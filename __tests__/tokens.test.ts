/** @jest-environment node */
import { randomId } from "../src/utils/base64url"
import { checkToken, confirmationExpiry, signToken } from "../src/membership/web/links/signedLinks"

// Her links' tokens (src/membership/web/links/signedLinks.ts): what a forger, a scanner or a mangled copy can do with one.

const secret = "s".repeat(40)
const id = randomId()

test("a token signed for her confirms her, until it expires, and says when it was signed", async () => {
  const signedAt = new Date(Math.floor(Date.now() / 1000) * 1000)
  const expires = confirmationExpiry(signedAt)
  // A week: confirmationDays in membersApi.ts, which the CMS names in its hint.
  expect(expires.getTime() - signedAt.getTime()).toBe(7 * 24 * 60 * 60_000)
  const token = await signToken(secret, "confirm", id, expires)
  // When it was signed, to the second: a link from before her latest sign-up is not for it.
  expect(await checkToken(secret, "confirm", token)).toEqual({
    ok: true,
    memberId: id,
    issuedAt: signedAt,
  })
  expect(await checkToken(secret, "confirm", token, new Date(expires.getTime() + 1000))).toEqual({
    ok: false,
    reason: "expired",
    memberId: id,
  })
})

test("a leave token never expires, and does only what it says", async () => {
  const token = await signToken(secret, "leave", id)
  const inTenYears = new Date(Date.now() + 10 * 365 * 24 * 60 * 60_000)
  expect(await checkToken(secret, "leave", token, inTenYears)).toEqual({ ok: true, memberId: id })
  expect(await checkToken(secret, "confirm", token)).toEqual({ ok: false, reason: "invalid" })
})

test("tampered, re-signed elsewhere, borrowed, cut short or made up: invalid, never a throw", async () => {
  const token = await signToken(secret, "confirm", id, new Date(Date.now() + 60_000))
  const [purpose, , expiry, signature] = token.split(".")
  const forged = [
    // The signature's first character: all six of its bits are the signature's (the last one's
    // lowest bits are padding, which decoding drops, so changing it may change nothing).
    `${purpose}.${id}.${expiry}.${signature?.startsWith("A") ? "B" : "A"}${signature?.slice(1)}`,
    `${purpose}.${randomId()}.${expiry}.${signature}`,
    `${purpose}.${id}.${Number(expiry) + 3600}.${signature}`,
    await signToken("another secret of forty characters......", "confirm", id),
    token.slice(0, -5),
    "confirm.x.0.A",
    "confirm.x.0.!!",
    "",
    undefined,
  ]
  for (const candidate of forged) {
    expect(await checkToken(secret, "confirm", candidate)).toEqual({ ok: false, reason: "invalid" })
  }
})
