/** @jest-environment node */
import { readFileSync } from "node:fs"
import path from "node:path"
import { cmsUserKey } from "../src/membership/staffPage/session"

// The staff's page reuses the CMS's sign-in from the browser's storage (a bend: Decap's key is its
// own, not a documented contract; docs/architecture.md). Read from the bundle of Decap's that
// /admin/ runs, as installed, so that an upgrade that renames it fails here, not on the staff's
// screen.

test("the staff's page reads the sign-in where Decap's backend keeps it", () => {
  const app = path.dirname(require.resolve("decap-cms-app/package.json"))
  const bundle = readFileSync(path.join(app, "dist/decap-cms-app.js"), "utf8")
  // Decap's auth store: a class whose storageKey is the key, kept as JSON with its user's token.
  const store =
    /class \w+\{storageKey="([^"]+)";retrieve\(\)\{[^}]*localStorage\.getItem\(this\.storageKey\)/.exec(
      bundle,
    )
  expect(store?.[1]).toBe(cmsUserKey)
  expect(bundle).toContain("window.localStorage.setItem(this.storageKey,JSON.stringify(")
})
