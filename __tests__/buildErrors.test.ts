/** @jest-environment node */
import { errorIn, pictureIn } from "../src/publishing/node/build"

// What the staff's panel says of a build that failed after the content check: Gatsby's own error,
// as it prints it under the publisher (CI=true: "error …" in lower case) or in a terminal.
const stepsThatWentWell = [
  "success compile gatsby files - 14.863s",
  "success load gatsby config - 0.650s",
  "success load plugins - 1.217s",
  "success onPreInit - 0.010s",
  "success delete worker cache from previous builds - 0.002s",
  "success Building production JavaScript and CSS bundles - 41.208s",
]

test("Gatsby's error under the publisher: the lines from its last error, not the steps before it", () => {
  const output = [
    ...stepsThatWentWell,
    'error Building static HTML failed for path "/"',
    "",
    "  TypeError: Cannot read properties of undefined (reading 'title')",
    "    at Hero (src/components/home/Hero.tsx:61:20)",
  ].join("\n")
  expect(errorIn(output)).toBe(
    `error Building static HTML failed for path "/" TypeError: Cannot read properties of undefined (reading 'title')`,
  )
})

test("a page that fails to render: the heading and the error, not Gatsby's excerpt of the code", () => {
  // As `CI=true gatsby build` printed it (its colours stripped, as build.ts does).
  const output = [
    ...stepsThatWentWell,
    'error Building static HTML failed for path "/"',
    "",
    "  142 |       Primitive.div,",
    "  143 |       {",
    "> 144 |         ...layerProps,",
    "      | ^",
    "  145 |         ref: composedRefs,",
    "",
    "  WebpackError: TypeError: Cannot read properties of undefined (reading 'title')  ",
    "  - index.mjs:144 ",
    "    [main]/[@radix-ui]/react-dismissable-layer/dist/index.mjs:144:1",
    "  ",
    "exit 1",
  ].join("\n")
  expect(errorIn(output)).toBe(
    `error Building static HTML failed for path "/" WebpackError: TypeError: Cannot read properties of undefined (reading 'title')`,
  )
})

test("in a terminal's box: its last ERROR heading", () => {
  const output = [
    ...stepsThatWentWell,
    " ERROR #98123  WEBPACK.BUILD-JAVASCRIPT",
    "╭────────────╮",
    "│ Generating JavaScript bundles failed │",
    "╰────────────╯",
  ].join("\n")
  expect(errorIn(output)).toBe(
    "ERROR #98123  WEBPACK.BUILD-JAVASCRIPT Generating JavaScript bundles failed",
  )
})

test("no error heading: the output's last lines, where a failure ends", () => {
  const output = [...stepsThatWentWell, "Killed", "npm ERR! code 137"].join("\n")
  expect(errorIn(output)).not.toContain("compile gatsby files")
  expect(errorIn(output)).toContain("Killed")
})

test("a picture the build could not read: named as the content names it, not by the worker's error after it", () => {
  const workDir = "/var/lib/evergrace/publish/work"
  // As a walk on the real publisher saw it: sharp's refusal, then the worker's pipe breaking.
  const output = [
    ...stepsThatWentWell,
    `error Failed to process image ${workDir}/data/images/dresses-new.jpg.`,
    "  VipsJpeg: Corrupt JPEG data: premature end of data segment",
    "error UNHANDLED EXCEPTION write EPIPE",
    "  Error: write EPIPE",
  ].join("\n")
  expect(pictureIn(output, workDir)).toBe("data/images/dresses-new.jpg")
  expect(errorIn(output)).toContain("EPIPE")
  // With the next output glued on, as one publisher's log had it; and as a terminal prints it.
  const glued = `error Failed to process image ${workDir}/data/images/dresses-new.jpg.node:internal/errors:541`
  expect(pictureIn(glued, workDir)).toBe("data/images/dresses-new.jpg")
  const terminal = `error converting image Processing ${workDir}/data/images/about-hero.jpg SharpError: Processing ${workDir}/data/images/about-hero.jpg failed`
  expect(pictureIn(terminal, workDir)).toBe("data/images/about-hero.jpg")
  expect(pictureIn(stepsThatWentWell.join("\n"), workDir)).toBeUndefined()
})
