/**
 * @jest-environment node
 */
import { existsSync } from "node:fs"
import path from "node:path"
import { browserSpecs, reruns, specsToRerun } from "../e2e/support/reruns"

test("every browser spec says whether it runs again on other content and on nginx", () => {
  expect(Object.keys(reruns).sort()).toEqual(browserSpecs())
  for (const where of ["content", "nginx"] as const)
    for (const file of specsToRerun(where))
      expect(existsSync(path.join(__dirname, "..", file))).toBe(true)
})
