/** A problem as the check reports it, and the report printed when there are any. */

export interface ContentProblem {
  /** As the person will find it: data/shop.json */
  file: string
  /** Where in the file, outermost first: ["category 3 (Bottoms)", "'count'"]. Empty for the whole file. */
  where: string[]
  message: string
  /** 1-based, when known. */
  line?: number
  column?: number
}

export function describeProblem(problem: ContentProblem): string {
  const place = problem.where.length > 0 ? problem.where.join(": ") : "the file"
  const position = problem.line
    ? ` (line ${problem.line}${problem.column ? `, column ${problem.column}` : ""})`
    : ""
  return `${problem.file}: ${place} ${problem.message}${position}`
}

/** Each problem once, in order: a value can break two rules the same way. */
export function uniqueProblems(problems: readonly ContentProblem[]): ContentProblem[] {
  const seen = new Set<string>()
  return problems.filter((problem) => {
    const description = describeProblem(problem)
    if (seen.has(description)) return false
    seen.add(description)
    return true
  })
}

/** The report printed when the check fails: every problem, one a line, then what to do. */
export function formatProblems(
  problems: readonly ContentProblem[],
  consequence = "so the site was not built (the live site is unchanged)",
): string {
  const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`
  return [
    `The content in data/ has ${count}, ${consequence}:`,
    "",
    ...problems.map((problem) => `  • ${describeProblem(problem)}`),
    "",
    "Fix these in the CMS (or in the files) and try again.",
  ].join("\n")
}
