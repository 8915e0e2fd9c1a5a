// `npm run lint` runs this: every file or folder of the repository that the README or docs/ name
// must exist, so a rename that forgets the docs fails here, not in a newcomer's hands. A name
// counts as a path when it is written as code (`src/membership/node/composeEmail.ts`) or as a link's target and
// starts with one of the repository's own top-level names; generated and ignored files (the
// build's public/, nginx's csp.generated.conf) and patterns (`src/{a,b}/**`) are not checked.
import { execFileSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import path from "node:path"

const root = path.resolve(__dirname, "..")
const documents = [
  "README.md",
  ...readdirSync(path.join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
]

// The repository's own top-level files and folders, as `git ls-files` lists them.
const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n")
const topLevel = new Set(tracked.filter(Boolean).map((file) => file.split("/")[0] ?? ""))

/**
 * The paths a Markdown text names, each from the repository's root: code spans as written, links
 * resolved from the document's folder. A code span followed by "(new)" names a file a recipe
 * makes: it is not checked, there or anywhere else in that document.
 */
function namedPaths(text: string, folder: string): string[] {
  const made = new Set([...text.matchAll(/`([^`\n]+)` \(new\)/g)].map((match) => match[1]))
  const codeSpans = [...text.matchAll(/`([^`\n]+)`/g)]
    .map((match) => match[1] ?? "")
    .filter((named) => !made.has(named))
  const links = [...text.matchAll(/\]\(([^)\s#]+)[^)]*\)/g)]
    .map((match) => match[1] ?? "")
    .filter((target) => !/^[a-z]+:/.test(target))
    .map((target) => path.posix.join(folder, target))
  return [...codeSpans, ...links]
    .map((named) =>
      named
        .trim()
        .replace(/^\.\//, "")
        .replace(/:\d+(?:-\d+)?$/, ""),
    )
    .filter((named) => !/[*{}<>$\s]/.test(named) && topLevel.has(named.split("/")[0] ?? ""))
}

function ignoredByGit(file: string): boolean {
  try {
    execFileSync("git", ["check-ignore", "-q", file], { cwd: root })
    return true
  } catch {
    return false
  }
}

const problems: string[] = []
for (const document of documents) {
  const text = readFileSync(path.join(root, document), "utf8")
  for (const named of new Set(namedPaths(text, path.posix.dirname(document)))) {
    if (existsSync(path.join(root, named)) || ignoredByGit(named)) continue
    problems.push(`${document}: names ${named}, which does not exist`)
  }
}

if (problems.length > 0) {
  console.error(`${problems.join("\n")}\n\nRename it in the document, or bring the file back.`)
  process.exit(1)
}
console.log(
  `Paths OK: every file the README and docs/ name exists (${documents.length} documents).`,
)
