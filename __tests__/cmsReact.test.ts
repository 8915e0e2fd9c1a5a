/**
 * @jest-environment node
 */
import { readFileSync } from "node:fs"
import path from "node:path"

// The CMS page's React (src/gatsby/cmsWebpack.ts) must be the very version Decap's prebuilt bundle
// carries its react-dom/client for: that code throws "Incompatible React versions" on any other
// (React's error 527), and the editor is a blank page. package.json pins react-19 and
// react-dom-19 for it (docs/cms.md, "Decap's version and its pins"); this fails when Decap or
// those pins move without the other.

const packageJson = (name: string) =>
  JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")) as {
    version: string
    peerDependencies?: Record<string, string>
  }

const decapBundle = () =>
  readFileSync(
    path.join(
      path.dirname(require.resolve("decap-cms-app/package.json")),
      "dist",
      "decap-cms-app.js",
    ),
    "utf8",
  )

test("Decap's bundle checks for exactly the React 19 the CMS page gets", () => {
  const required = [
    ...decapBundle().matchAll(/if\("(\d+\.\d+\.\d+)"!==\w+\)throw Error\(\w+\(527/g),
  ]
  expect(required.length).toBeGreaterThan(0)
  const versions = new Set(required.map((match) => match[1]))
  expect(versions).toEqual(new Set([packageJson("react-19").version]))
  expect(packageJson("react-dom-19").version).toBe(packageJson("react-19").version)
})

test("the site itself stays on React 18", () => {
  expect(packageJson("react").version).toMatch(/^18\./)
  expect(packageJson("react-dom").version).toMatch(/^18\./)
  // Decap asks for React 19 as a peer: the override in package.json is what lets npm install it
  // beside the site's React 18 (the prebuilt bundle never loads node_modules' React).
  expect(packageJson("decap-cms-app").peerDependencies?.react).toMatch(/\^19/)
})
