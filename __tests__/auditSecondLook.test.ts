/**
 * @jest-environment node
 */
import { assertionsFor } from "../lighthouserc.cjs"
import { routesToRunAgain } from "../scripts/audit/secondLook"

// As lighthouserc.cjs sets them where the machine blocks: the test follows the file.
const assertions = assertionsFor({ desktop: false, machineBlocks: true })

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
  test("a miss of no budget the file sets is never run again", () => {
    expect(routesToRunAgain([miss("/shop", "largest-contentful-paint")], assertions, true)).toEqual(
      [],
    )
  })
  test("a warning is not a miss", () => {
    expect(
      routesToRunAgain([miss("/shop", "total-blocking-time", undefined, "warn")], assertions, true),
    ).toEqual([])
  })
})
