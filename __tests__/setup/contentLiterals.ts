import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import ts from "typescript"
import { fillAllPlaceholders, type PlaceholderValues } from "../../src/content/placeholders"

/** A text of data/, where it is kept. */
export interface ContentValue {
  text: string
  /** "data/site.json: brandName" */
  where: string
}

/** The names a whole site hangs on: checked whatever their length. */
const identityFields = new Set(["brandName", "partnerName", "contactEmail"])

/**
 * The texts of data/ a test could copy: the names of the boutique, and every text of 8 characters
 * or more (shorter ones, such as "Home" or "Shop", are as likely a test's own words). Addresses and
 * picture paths are left out: a test's own requests use the same forms.
 */
export function contentValues(dataDir: string): ContentValue[] {
  const site = JSON.parse(
    readFileSync(path.join(dataDir, "site.json"), "utf8"),
  ) as PlaceholderValues
  const found = new Map<string, ContentValue>()
  const walk = (value: unknown, file: string, at: string, key: string) => {
    if (typeof value === "string") {
      const text = value.trim()
      const wanted = identityFields.has(key) || (text.length >= 8 && /[a-z]/i.test(text))
      if (wanted && !/^(?:\/|images\/|https?:)/.test(text) && !found.has(text)) {
        found.set(text, { text, where: `data/${file}: ${at}` })
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, file, `${at}[${index}]`, key))
    } else if (value && typeof value === "object") {
      for (const [name, inner] of Object.entries(value)) {
        walk(inner, file, at ? `${at}.${name}` : name, name)
      }
    }
  }
  for (const file of readdirSync(dataDir).filter((name) => name.endsWith(".json"))) {
    const content: unknown = JSON.parse(readFileSync(path.join(dataDir, file), "utf8"))
    walk(fillAllPlaceholders(content, site), file, "", "")
  }
  // Longest first, so a sentence is named rather than the name inside it.
  return [...found.values()].sort((a, b) => b.text.length - a.text.length)
}

/** Calls whose arguments say what a user must see: Jest's and Playwright's matchers and locators. */
const expectation = /^(?:expect|to[A-Z]\w*|getBy(?:Text|Role|Label|Title|AltText|Placeholder))$/

function calledName(call: ts.CallExpression): string | undefined {
  const callee = call.expression
  if (ts.isIdentifier(callee)) return callee.text
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text
  return undefined
}

function inExpectation(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isCallExpression(at) && expectation.test(calledName(at) ?? "")) return true
    if (ts.isStatement(at) || ts.isFunctionLike(at)) return false
  }
  return false
}

/**
 * Every text of data/ written into an expectation of `source` (a test file), one line each:
 * "file:line: expects "…", the text of data/site.json: brandName: read it from data/ instead".
 */
export function contentLiteralsIn(
  source: string,
  file: string,
  values: readonly ContentValue[],
): string[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind)
  const problems: string[] = []
  const check = (node: ts.Node, text: string) => {
    const value = values.find((each) => text.includes(each.text))
    if (!value || !inExpectation(node)) return
    const line = tree.getLineAndCharacterOfPosition(node.getStart()).line + 1
    problems.push(
      `${file}:${line}: expects ${JSON.stringify(value.text)}, the text of ${value.where}: read it from data/ instead`,
    )
  }
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      check(node, node.text)
    } else if (ts.isTemplateExpression(node)) {
      check(
        node,
        [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join("\0"),
      )
    }
    ts.forEachChild(node, visit)
  }
  visit(tree)
  return problems
}
