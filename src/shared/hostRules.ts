// How Cloudflare Pages and Netlify read a `_headers` file: which rules match a path, and what the
// response then carries. The build checks its own `_headers` with it (./deliveryFiles.ts), the Jest
// test asks it for the headers of each kind of address, and the browser test serves the real build
// through it. No Node imports, like src/shared/policy.ts.
//
// Cloudflare Pages, as documented (developers.cloudflare.com/pages/configuration/headers) and as
// its asset server does it (workers-sdk, pages-shared/asset-server/rulesEngine.ts and
// handler.ts): `*` matches anything, slashes included (one per rule); `:name` matches one path
// segment; matching is case-sensitive and whole-path. Every matching rule applies, in file order:
// its `! Name` lines remove a header, its headers are set, and a header that an earlier rule set is
// joined with ", ". Names are lowercased. At most 100 rules; a line over 2,000 characters is
// ignored.
//
// Netlify, as its headers parser builds the pattern (netlify/build, packages/headers-parser,
// for_regexp.ts and line_parser.ts) and as `netlify dev` merges (netlify/cli, headersForPath):
// a path is split at slashes; a segment that is only `*` matches anything and makes the slash
// before it optional (`/admin/*` also matches `/admin` and `/adminx`), a `*` inside a segment
// matches anything, a segment starting with `:` matches one segment (whatever follows the name in
// that segment is lost); a trailing slash is optional and matching ignores case. Every matching
// rule applies, in file order, a later rule's header replacing an earlier one's. Netlify's
// documentation does not say what production does with one header from two rules (reports
// differ: replaced or joined), so the site never relies on either: `sources` shows every rule that
// set a header, and the tests require one. Netlify has no `!` detach.
import { escapeRegExp } from "../utils/escapeRegExp"

export type Host = "cloudflare" | "netlify"

export const hosts: readonly Host[] = ["cloudflare", "netlify"]

export interface HeaderRule {
  /** The rule's path pattern, as written. */
  path: string
  /** Header name → value, names as the host keeps them (Cloudflare lowercases). */
  headers: Record<string, string>
  /** Cloudflare's `! Name` lines: headers this rule removes. */
  detach: string[]
}

export interface ParsedHeaders {
  rules: HeaderRule[]
  /** What the host would refuse or ignore, one message a problem. */
  problems: string[]
}

/** Cloudflare Pages' limits for `_headers`. */
const cloudflareLimits = { rules: 100, lineLength: 2000 }

/** Reads a `_headers` file as `host` does. */
export function parseHeadersFile(text: string, host: Host): ParsedHeaders {
  const rules: HeaderRule[] = []
  const problems: string[] = []
  let rule: HeaderRule | undefined
  const lines = text.split("\n")
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim()
    const where = `line ${index + 1}`
    if (line === "" || line.startsWith("#")) continue
    if (host === "cloudflare" && line.length > cloudflareLimits.lineLength) {
      problems.push(`${where}: over ${cloudflareLimits.lineLength} characters, ignored`)
      continue
    }
    if (line.startsWith("/")) {
      if (host === "cloudflare" && rules.length >= cloudflareLimits.rules) {
        problems.push(`${where}: over ${cloudflareLimits.rules} rules, the rest is ignored`)
        break
      }
      rule = { path: line, headers: {}, detach: [] }
      rules.push(rule)
      continue
    }
    if (!rule) {
      problems.push(`${where}: a header before any path`)
      continue
    }
    if (line.startsWith("!")) {
      if (host === "netlify") problems.push(`${where}: Netlify has no "!" to remove a header`)
      else rule.detach.push(line.slice(1).trim().toLowerCase())
      continue
    }
    const colon = line.indexOf(":")
    if (colon < 1 || line.slice(colon + 1).trim() === "") {
      problems.push(`${where}: not a "Name: value" line`)
      continue
    }
    const rawName = line.slice(0, colon).trim()
    const name = host === "cloudflare" ? rawName.toLowerCase() : rawName
    // Netlify writes a list with single ", " between its items.
    const value =
      host === "netlify"
        ? line
            .slice(colon + 1)
            .trim()
            .split(/\s*,\s*/)
            .join(", ")
        : line.slice(colon + 1).trim()
    // Both hosts join a header given twice in one rule.
    rule.headers[name] = name in rule.headers ? `${rule.headers[name]}, ${value}` : value
  }
  return {
    rules: rules.filter((each) => Object.keys(each.headers).length > 0 || each.detach.length > 0),
    problems,
  }
}

function cloudflarePattern(path: string): RegExp {
  if (!path.startsWith("/")) throw new Error(`${path}: only paths are emulated, not full URLs`)
  const pattern = path
    .split("*")
    .map(escapeRegExp)
    .join(".*")
    .replace(/:[A-Za-z]\w*/g, "[^/]+")
  return new RegExp(`^${pattern}$`)
}

function netlifyPattern(path: string): RegExp {
  const segment = (part: string) => {
    if (part.startsWith(":")) return "[^/]+"
    if (part === "*") return "?.*"
    // As escape-string-regexp, which Netlify uses: `\-` is not allowed in a unicode pattern.
    return part
      .split("*")
      .map((text) => text.replace(/[|\\{}()[\]^$+*?.]/g, "\\$&").replace(/-/g, "\\x2d"))
      .join(".*")
  }
  const pattern = path
    .split("/")
    .map((part) => part.trimEnd())
    .filter(Boolean)
    .map(segment)
    .join("/")
  return new RegExp(`^/${pattern}/?$`, "iu")
}

const patterns: Record<Host, (path: string) => RegExp> = {
  cloudflare: cloudflarePattern,
  netlify: netlifyPattern,
}

/** Whether the rule for `rulePath` applies to a request for `path` (a URL's pathname). */
function ruleMatches(rulePath: string, path: string, host: Host): boolean {
  return patterns[host](rulePath).test(path)
}

export interface EffectiveHeaders {
  /** What the response carries from `_headers`, by lowercased name. */
  headers: Record<string, string>
  /** For each header, every rule that set it, in file order: more than one is a clash. */
  sources: Record<string, string[]>
}

/** The headers `host` sends for `path` after applying `rules`. */
export function effectiveHeaders(
  rules: readonly HeaderRule[],
  path: string,
  host: Host,
): EffectiveHeaders {
  const headers: Record<string, string> = {}
  const sources: Record<string, string[]> = {}
  for (const rule of rules) {
    if (!ruleMatches(rule.path, path, host)) continue
    for (const name of rule.detach) delete headers[name]
    for (const [rawName, value] of Object.entries(rule.headers)) {
      const name = rawName.toLowerCase()
      const earlier = headers[name]
      headers[name] =
        host === "cloudflare" && earlier !== undefined ? `${earlier}, ${value}` : value
      sources[name] = [...(sources[name] ?? []), rule.path]
    }
  }
  return { headers, sources }
}

/** The headers set by more than one rule for `path`, with those rules. */
export function clashes(effective: EffectiveHeaders): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(effective.sources).filter(([, rules]) => rules.length > 1),
  )
}
