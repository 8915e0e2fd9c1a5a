/** @jest-environment node */
import { readFileSync } from "node:fs"
import path from "node:path"
import { cmsUserKey } from "../src/membership/staffPage/session"

// The staff's page reuses the CMS's sign-in from the browser's storage (a bend: Decap's key is its
// own, not a documented contract; docs/architecture.md). Read from Decap's code as installed, so
// that an upgrade that renames it fails here, not on the staff's screen.

test("the staff's page reads the sign-in where Decap's backend keeps it", () => {
  const core = path.dirname(require.resolve("decap-cms-core/package.json"))
  const backend = readFileSync(path.join(core, "dist/esm/backend.js"), "utf8")
  const store = /class LocalStorageAuthStore[\s\S]*?"storageKey",\s*'([^']+)'/.exec(backend)
  expect(store?.[1]).toBe(cmsUserKey)
  // What Decap keeps there, and the page reads: the user's data, with her token, as JSON.
  expect(backend).toMatch(
    /window\.localStorage\.setItem\(this\.storageKey, JSON\.stringify\(userData\)\)/,
  )
})
