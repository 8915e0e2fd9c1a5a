/** The names marketing staff set once in data/site.json and use anywhere as {product}, {partner}, {email}. */
export interface PlaceholderValues {
  brandName: string
  partnerName: string
  contactEmail: string
}

const tokens: Record<string, keyof PlaceholderValues> = {
  product: "brandName",
  partner: "partnerName",
  email: "contactEmail",
}

const placeholderPattern = /\{(\w+)\}/g

/** Replaces every known {token}; an unknown one is left as it is so the content check can name it. */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(placeholderPattern, (whole, token: string) => {
    const key = tokens[token]
    return key ? values[key] : whole
  })
}

export const knownPlaceholders = Object.keys(tokens)

/** Every string in a content file (at any depth) with its placeholders filled. */
export function fillAllPlaceholders<T>(content: T, values: PlaceholderValues): T {
  if (typeof content === "string") return fillPlaceholders(content, values) as T
  if (Array.isArray(content)) return content.map((item) => fillAllPlaceholders(item, values)) as T
  if (content && typeof content === "object") {
    return Object.fromEntries(
      Object.entries(content).map(([key, value]) => [key, fillAllPlaceholders(value, values)]),
    ) as T
  }
  return content
}
