import { base64url } from "../../../utils/base64url"
import { dayMs } from "../../../utils/dates"
import { confirmationDays } from "../../membersApi"

/**
 * The tokens in her e-mail's links: what the link may do (confirm, leave), for which member (her
 * id, never her address), until when, signed with HMAC-SHA-256 under the host's secret
 * (MEMBERS_SECRET). Web Crypto only, so workerd runs it as Node does. A confirmation expires
 * (confirmationDays); a leave link works for as long as she keeps the e-mail.
 */

export type TokenPurpose = "confirm" | "leave"

export type TokenCheck =
  /** `issuedAt`: when a token that expires was signed. */
  | { ok: true; memberId: string; issuedAt?: Date }
  | { ok: false; reason: "invalid" | "expired"; memberId?: string }

const encoder = new TextEncoder()

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"))
    return Uint8Array.from(binary, (char) => char.charCodeAt(0))
  } catch {
    return undefined // a length no encoding gives: a link cut short or made up
  }
}

const keys = new Map<string, Promise<CryptoKey>>()
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret)
  if (!key) {
    key = crypto.subtle.importKey(
      "raw",
      encoder.encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    )
    keys.set(secret, key)
  }
  return key
}

/**
 * Her id from her address (its key, lower-cased) under the links' secret, 128 bits as a random
 * one: the same each time she signs up, so a leave link from a sign-up forgotten or erased since
 * still finds her once she has joined again. Never her address, which the secret keeps unguessable.
 */
export async function memberIdFor(secret: string, addressKey: string): Promise<string> {
  const mac = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(secret),
    encoder.encode(`member:${addressKey}`),
  )
  return base64url(new Uint8Array(mac).slice(0, 16))
}

const confirmationMs = confirmationDays * dayMs

/**
 * When her confirmation link, signed at `signedAt`, stops working. checkToken works back from it
 * to when it was signed: both here, so that they cannot disagree.
 */
export const confirmationExpiry = (signedAt: Date) => new Date(signedAt.getTime() + confirmationMs)

/** `purpose.memberId.expiry.signature`; the expiry in Unix seconds, 0 for never. */
export async function signToken(
  secret: string,
  purpose: TokenPurpose,
  memberId: string,
  expiresAt?: Date,
): Promise<string> {
  const expiry = expiresAt ? Math.floor(expiresAt.getTime() / 1000) : 0
  const payload = `${purpose}.${memberId}.${expiry}`
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(payload))
  return `${payload}.${base64url(new Uint8Array(signature))}`
}

/** Checks the signature (in constant time: Web Crypto's verify), the purpose and the expiry. */
export async function checkToken(
  secret: string,
  purpose: TokenPurpose,
  token: string | null | undefined,
  now: Date = new Date(),
): Promise<TokenCheck> {
  const parts = (token ?? "").split(".")
  if (parts.length !== 4) return { ok: false, reason: "invalid" }
  const [tokenPurpose, memberId, expiry, signature] = parts as [string, string, string, string]
  const signatureBytes = fromBase64url(signature)
  if (tokenPurpose !== purpose || !/^\d+$/.test(expiry) || !signatureBytes || !memberId) {
    return { ok: false, reason: "invalid" }
  }
  const genuine = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(secret),
    signatureBytes,
    encoder.encode(`${tokenPurpose}.${memberId}.${expiry}`),
  )
  if (!genuine) return { ok: false, reason: "invalid" }
  const expiresAt = Number(expiry) * 1000
  if (expiresAt !== 0 && now.getTime() > expiresAt)
    return { ok: false, reason: "expired", memberId }
  if (expiresAt === 0) return { ok: true, memberId }
  return { ok: true, memberId, issuedAt: new Date(expiresAt - confirmationMs) }
}
