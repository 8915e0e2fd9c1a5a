// The Markdown that scripts write into docs/ (the timings of npm test, the quality report), laid
// out as Prettier lays it out, so that `npm run lint` passes on what they wrote.
import { writeFileSync } from "node:fs"

/** A pipe table: a header row and a row for each entry. */
export function markdownTable(header: string[], rows: unknown[][]): string {
  const line = (cells: unknown[]) => `| ${cells.map(String).join(" | ")} |`
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n")
}

/** Writes `text` to the Markdown file `file`, formatted with the repository's Prettier settings. */
export async function writeMarkdown(file: string, text: string) {
  const prettier = await import("prettier")
  const options = await prettier.resolveConfig(file)
  writeFileSync(file, await prettier.format(text, { ...options, filepath: file }))
}
