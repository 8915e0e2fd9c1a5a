/**
 * Decap's own English where it spoke a developer's words to the staff, over the phrases it ships:
 * a box's refusal read "Headline didn't match the pattern: …" (what follows is the site's own,
 * ./config.ts). Keys as in decap-cms-locales' `en`.
 */
export const decapWords = {
  editor: {
    editorControlPane: { widget: { regexPattern: "%{fieldLabel}: %{pattern}." } },
  },
}

type Phrases = { [key: string]: string | Phrases }

/** `base` with `over`'s phrases in place of its own, key by key. */
export function withWords(base: Phrases, over: Phrases): Phrases {
  const merged: Phrases = { ...base }
  for (const [key, value] of Object.entries(over)) {
    const under = merged[key]
    merged[key] =
      typeof value === "object" && typeof under === "object" ? withWords(under, value) : value
  }
  return merged
}
