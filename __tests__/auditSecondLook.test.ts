/**
 * @jest-environment node
 */
import { routesToRunAgain, type Assertions } from "../scripts/audit/secondLook"

// As lighthouserc.cjs sets them where the machine blocks, read from it: the test follows the file.
process.env.AUDIT_MACHINE_BLOCKS = "1"
// eslint-disable-next-line @typescript-eslint/no-require-imports
const assertions: Assertions = require("../lighthouserc.cjs").ci.assert.assertions

const miss = (path: string, auditId: string, auditProperty?: string, level = "error") => ({
  url: `http://localhost:9000${path}`,
  auditId,
  ...(auditProperty ? { auditProperty } : {}),
  level,
})

describe("which routes run again where the machine blocks", () => {
  test("a route short on a budget judged by its best run: blocking time, performance", () => {
    expect(
      routesToRunAgain(
        [
          miss("/shop", "total-blocking-time"),
          miss("/journal", "categories", "performance-without-tbt"),
          miss("/shop", "categories", "performance-without-tbt"),
        ],
        assertions,
        true,
      ),
    ).toEqual(["/shop", "/journal"])
  })
  test("never one short on a budget judged by every run: a run that found a problem stands", () => {
    expect(
      routesToRunAgain(
        [
          miss("/about", "cumulative-layout-shift"),
          miss("/contact", "categories", "accessibility"),
          miss("/", "resource-summary", "script.size"),
        ],
        assertions,
        true,
      ),
    ).toEqual([])
  })
  test("none where the machine does not block: a miss there is the page's own", () => {
    expect(routesToRunAgain([miss("/shop", "total-blocking-time")], assertions, false)).toEqual([])
  })
  test("a warning is not a miss", () => {
    expect(
      routesToRunAgain([miss("/shop", "total-blocking-time", undefined, "warn")], assertions, true),
    ).toEqual([])
  })
})
