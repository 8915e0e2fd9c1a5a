// Spoils a copy of the build so that the quality gate can be seen to fail, one budget a route
// (docs/quality-gate.md, "It fails on each budget"). It edits the built pages in place: keep a
// copy of the build and put it back afterwards. The pages' own HTML and scripts are left as they
// are; what it adds sits outside Gatsby's root element, in files of its own (the pages' policy
// lets only the site's own scripts run).
// Usage: npx tsx scripts/audit/spoil.ts html|links|axe|lighthouse [build folder, default public]
import { readFileSync, writeFileSync } from "node:fs"
import path from "node:path"

const [kind, folder = "public"] = process.argv.slice(2)
const publicDir = path.resolve(folder)

/** A route's two copies of its page (`/about` is served from about.html, about/index.html the same). */
const pageFiles = (route: string) =>
  route === "/" ? ["index.html"] : [`${route.slice(1)}.html`, `${route.slice(1)}/index.html`]

/** Adds `head` before the page's </head> and `body` just after its <body>. */
function spoilPage(route: string, { head = "", body = "" }: { head?: string; body?: string }) {
  for (const name of pageFiles(route)) {
    const file = path.join(publicDir, name)
    const html = readFileSync(file, "utf8")
    if (!html.includes("</head>") || !html.includes("<body>"))
      throw new Error(`${name}: no </head> or <body>`)
    writeFileSync(
      file,
      html.replace("</head>", `${head}</head>`).replace("<body>", `<body>${body}`),
    )
    console.log(`spoiled ${name}`)
  }
}

/** A file of its own in the build's root. */
function addFile(name: string, text: string) {
  writeFileSync(path.join(publicDir, name), text)
  console.log(`added ${name} (${text.length} bytes)`)
}

/** `length` characters that gzip cannot shrink much, the same every time (a seeded xorshift). */
function noise(length: number): string {
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
  let state = 2463534242
  let text = ""
  for (let i = 0; i < length; i++) {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    text += letters[(state >>> 0) % 64]
  }
  return text
}

/** An image without a text alternative, outside Gatsby's root. */
const imageWithoutAlt = '<img src="/favicon-32x32.png" width="32" height="32">'

const spoils: Record<string, () => void> = {
  // Nu: an <li> where only flow content may be.
  html: () => spoilPage("/", { body: "<div><li>stray</li></div>" }),
  // linkinator: a link to a page that does not exist.
  links: () => spoilPage("/", { body: '<a href="/spoiled-no-such-page">broken</a>' }),
  // axe (and Lighthouse's accessibility): an image without alt.
  axe: () => spoilPage("/contact", { body: imageWithoutAlt }),
  // Lighthouse: one budget a route; the 404 stays as built.
  lighthouse: () => {
    // JavaScript: 200 KB of script (about 150 KB gzipped), added once the page has loaded.
    addFile("spoil-big.js", `var spoilBig = "${noise(200_000)}"\n`)
    addFile(
      "spoil-late.js",
      'addEventListener("load", () => setTimeout(() => { const s = document.createElement("script"); s.src = "/spoil-big.js"; document.body.append(s) }, 0))\n',
    )
    spoilPage("/", { head: '<script src="/spoil-late.js" defer></script>' })
    // Performance: a render-blocking stylesheet of 900 KB (about 680 KB gzipped).
    addFile("spoil-heavy.css", `/* ${noise(900_000)} */\n`)
    spoilPage("/shop", { head: '<link rel="stylesheet" href="/spoil-heavy.css">' })
    // Layout shift: a 40 px bar put above the page 300 ms after it is parsed.
    addFile(
      "spoil-shift.js",
      'addEventListener("DOMContentLoaded", () => setTimeout(() => { const bar = document.createElement("div"); bar.style.height = "40px"; document.body.prepend(bar) }, 300))\n',
    )
    spoilPage("/about", { head: '<script src="/spoil-shift.js" defer></script>' })
    // Total Blocking Time: five tasks of 200 ms of busy loop once the page has loaded.
    addFile(
      "spoil-busy.js",
      'addEventListener("load", () => { for (let i = 0; i < 5; i++) setTimeout(() => { const end = performance.now() + 200; while (performance.now() < end); }, i * 10) })\n',
    )
    spoilPage("/journal", { head: '<script src="/spoil-busy.js" defer></script>' })
    // Best practices: an error in the console.
    addFile("spoil-error.js", 'console.error("spoiled: an error in the console")\n')
    spoilPage("/affiliate", { head: '<script src="/spoil-error.js" defer></script>' })
    // Accessibility: an image without alt.
    spoilPage("/contact", { body: imageWithoutAlt })
    // SEO: the page asks not to be indexed.
    spoilPage("/privacy", { head: '<meta name="robots" content="noindex">' })
  },
}

const spoil = kind ? spoils[kind] : undefined
if (!spoil) {
  console.error(`Usage: npx tsx scripts/audit/spoil.ts ${Object.keys(spoils).join("|")} [folder]`)
  process.exit(1)
}
spoil()
