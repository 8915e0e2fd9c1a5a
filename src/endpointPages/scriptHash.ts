/** The CSP source that allows one inline script: 'sha256-…' of its exact text (Web Crypto). */
export async function inlineScriptHash(script: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script))
  let binary = ""
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte)
  return `sha256-${btoa(binary)}`
}
