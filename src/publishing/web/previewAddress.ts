/**
 * A draft's preview has an address of its own: its branch (`cms/journal/spring`) made a host
 * name label (`cms-journal-spring`), put in the address pattern of the host: on nginx
 * `https://{preview}.preview.evergrace.example` (PUBLISH_PREVIEW_URL), under `npm start`
 * `http://{preview}.preview.localhost:9001`. The preview server finds the preview by that label.
 */

/** Where the label goes in the pattern. */
export const previewPlaceholder = "{preview}"

/** A DNS label has at most 63 characters. */
const labelLength = 63

/** The branch as one host name label: lower case, letters, digits and hyphens; unique per branch. */
export function previewName(branch: string): string {
  const label = branch
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
  if (label.length <= labelLength && label === branch.replace(/\//g, "-")) return label
  // Cut, or changed beyond slashes: two branches could meet, so the branch's own hash follows.
  return `${label.slice(0, labelLength - 9).replace(/-+$/, "")}-${fnv1a(branch)}`
}

export function previewUrl(pattern: string, name: string): string {
  return pattern.replace(previewPlaceholder, name)
}

/** The label of a host name made by previewName, from a request's Host: `name.preview.…`. */
export function previewNameOfHost(host: string): string | undefined {
  const label = /^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)\.preview\./i.exec(host)?.[1]
  return label?.toLowerCase()
}

/** FNV-1a, 32 bits, as 8 hex digits: short and the same on every runtime. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, "0")
}
