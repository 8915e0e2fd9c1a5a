/**
 * @jest-environment node
 */
import {
  controlPage,
  machineBlockedOnce,
  machineBlocks,
  serveControlPage,
} from "../scripts/audit/controlPage"

describe("whether the machine blocks, from the control page's blocking time in each run", () => {
  test("its median run blocked: the machine blocks, though one run measured 0 ms", () => {
    // The audit of 6840bde, judged by the best run then, and the one after it.
    expect(machineBlocks([56, 0, 4, 16, 7])).toBe(true)
    expect(machineBlocks([28, 120, 65, 62, 0])).toBe(true)
  })
  test("most runs did not block: it does not, though one run blocked", () => {
    expect(machineBlocks([0, 0, 31, 0, 0])).toBe(false)
    expect(machineBlocks([0, 12, 0, 40, 0])).toBe(false)
  })
  test("an even count takes the mean of the middle two", () => {
    expect(machineBlocks([0, 0, 0, 9])).toBe(false)
    expect(machineBlocks([0, 0, 2, 9])).toBe(true)
  })
  test("without a figure for every run, or without runs, Lighthouse's own score is judged", () => {
    expect(machineBlocks([56, NaN, 4, 16, 7])).toBe(false)
    expect(machineBlocks([])).toBe(false)
  })
})

describe("whether the machine had a slow minute: any of the control page's runs blocked", () => {
  test("one run that blocked is enough", () => {
    expect(machineBlockedOnce([142, 0, 0])).toBe(true)
  })
  test("none blocked, or a run without a figure, or no runs: no slow minute", () => {
    expect(machineBlockedOnce([0, 0, 0])).toBe(false)
    expect(machineBlockedOnce([0, NaN, 0])).toBe(false)
    expect(machineBlockedOnce([])).toBe(false)
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
