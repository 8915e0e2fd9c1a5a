/**
 * @jest-environment node
 */
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { contentLiteralsIn, contentValues } from "./setup/contentLiterals"

// The content belongs to the staff: a test that expects a text of data/ written into it turns red
// the day they change that text. Every expectation in the unit and browser tests is read here, and
// any text of data/ written into one is named, with where to read it from instead.

const repoRoot = path.resolve(__dirname, "..")

/**
 * Tests of the launch content (a copy of data/ as the site launched, __tests__/fixtures/), which
 * hold the spec's values on purpose: they check that copy, never data/.
 */
const launchContentTests = new Set([
  "__tests__/launchContent.test.ts",
  "__tests__/fixtureSync.test.ts",
])

function testFiles(folder: string): string[] {
  return readdirSync(path.join(repoRoot, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.includes(`${path.sep}fixtures${path.sep}`))
    .filter((file) => !launchContentTests.has(file.split(path.sep).join("/")))
}

describe("no test expects a text of data/ written into it", () => {
  const values = contentValues(path.join(repoRoot, "data"))

  it.each([...testFiles("__tests__"), ...testFiles("e2e")])("%s", (file) => {
    const source = readFileSync(path.join(repoRoot, file), "utf8")
    expect(contentLiteralsIn(source, file, values)).toEqual([])
  })
})

describe("the check finds them", () => {
  const values = contentValues(path.join(repoRoot, "data"))
  const site = JSON.parse(readFileSync(path.join(repoRoot, "data/site.json"), "utf8")) as {
    brandName: string
    contactEmail: string
  }

  it("in an expectation, a locator's name and a template, with the file and line", () => {
    const source = [
      `expect(mail.from?.text).toBe('"${site.brandName}" <${site.contactEmail}>')`,
      `await expect(page.getByRole("heading", { name: ${JSON.stringify(site.brandName)} })).toBeVisible()`,
      `expect(subject).toEqual(\`Welcome to ${site.brandName}, \${name}\`)`,
    ].join("\n")
    expect(contentLiteralsIn(source, "example.test.ts", values)).toEqual([
      expect.stringMatching(/^example\.test\.ts:1: expects .*, the text of data\/site\.json: /),
      expect.stringMatching(/^example\.test\.ts:2: /),
      expect.stringMatching(/^example\.test\.ts:3: /),
    ])
  })

  it("not in a test's own input, nor a value read from data/", () => {
    const source = [
      `const settings = { MAIL_FROM: ${JSON.stringify(site.contactEmail)} }`,
      `expect(mail.from?.text).toBe(\`"\${site.brandName}" <\${site.contactEmail}>\`)`,
    ].join("\n")
    expect(contentLiteralsIn(source, "example.test.ts", values)).toEqual([])
  })
})
