import type { Formatter } from "decap-cms-core"

/** The format name the collections use (src/cms/config.ts) and cms.tsx registers. */
export const jsonFileFormat = "json-file"

/**
 * JSON written exactly as data/ holds it: two-space indents and a final newline (Decap's own
 * "json" format leaves the newline out, which would show every save as a change to the last line).
 */
export const jsonFileFormatter: Formatter = {
  fromFile: (content) => JSON.parse(content) as unknown,
  toFile: (data) => `${JSON.stringify(data, null, 2)}\n`,
}
