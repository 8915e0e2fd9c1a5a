/** Parts set as a sentence lists them: "A", "A and B", "A, B and C" (`and` in the page's words). */
export function listInWords<Part>(parts: readonly Part[], and = "and"): (Part | string)[] {
  return parts.flatMap((part, index) => [
    index === 0 ? "" : index === parts.length - 1 ? ` ${and} ` : ", ",
    part,
  ])
}
