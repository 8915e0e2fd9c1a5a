/** Bytes as base64url without padding (RFC 4648 §5): safe in a link, a cookie or a token. */
export function base64url(bytes: Uint8Array): string {
  let binary = ""
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}

/** 128 random bits as text: a member's id, or the part of a key that keeps two of one moment apart. */
export function randomId(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(16)))
}
