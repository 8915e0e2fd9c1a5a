/** "/shop/" and "/shop" are the same page; compare without the trailing slash. */
function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, "")
  return trimmed === "" ? "/" : trimmed
}

export function isCurrentPath(linkPath: string, currentPath: string): boolean {
  return normalizePath(linkPath) === normalizePath(currentPath)
}
