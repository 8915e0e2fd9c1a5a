/** A text to match exactly inside a regular expression: an address, a label, a path pattern. */
export const escapeRegExp = (text: string) => text.replace(/[-/\\^$*+?.()|[\]{}]/g, "\\$&")
