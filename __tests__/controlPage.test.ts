/**
 * @jest-environment node
 */
import { controlPage, machineBlocks, serveControlPage } from "../scripts/audit/controlPage"

describe("whether the machine blocks, from the control page's blocking time in each run", () => {
  test("any run that blocked is enough, though the others measured 0 ms", () => {
    // The audit of 6840bde, and the CI rehearsal of c2d3ecc.
    expect(machineBlocks([56, 0, 4, 16, 7])).toBe(true)
    expect(machineBlocks([142, 0, 0])).toBe(true)
    expect(machineBlocks([0, 0, 31, 0, 0])).toBe(true)
  })
  test("no run blocked: Lighthouse's own score is judged", () => {
    expect(machineBlocks([0, 0, 0])).toBe(false)
  })
  test("a run without a figure is not a blocking run, and no runs are no machine that blocks", () => {
    expect(machineBlocks([0, NaN, 0])).toBe(false)
    expect(machineBlocks([NaN, 12, 0])).toBe(true)
    expect(machineBlocks([])).toBe(false)
  })
})

test("the control page is served apart, with nothing in it that could block", async () => {
  const control = await serveControlPage()
  try {
    const response = await fetch(control.url)
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8")
    const html = await response.text()
    expect(html).toBe(controlPage)
    // No scripts, styles, fonts or pictures: nothing to fetch, parse or lay out but the text.
    expect(html).not.toMatch(/<(script|style|link|img|picture|svg|iframe)\b|style=/i)
    expect(html).toContain("<h1>")
  } finally {
    await control.close()
  }
})
