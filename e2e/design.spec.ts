import { expect, test, type Locator, type Page } from "@playwright/test"
import sharp from "sharp"
import { pageRoutes, siteAddresses } from "../src/content/routes"
import {
  about,
  affiliate,
  articlesNewestFirst,
  contact,
  escapeRegExp,
  home,
  journal,
  navigationLabel,
  navigationLabelFor,
  shop,
  site,
  urlOf,
} from "./support/content"
import { openMenu, waitForHydration } from "./support/hydration"
import { uniqueAddress } from "./support/members"

const routes = siteAddresses()

/** Every element that directly holds visible text, with its size and contrast against what is behind it. */
async function measureText(page: Page) {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number]
    const parse = (value: string): Rgba => {
      const parts = value.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0]
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1]
    }
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const alpha = top[3]
      return [0, 1, 2].map((i) => top[i]! * alpha + bottom[i]! * (1 - alpha)).concat(1) as Rgba
    }
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (c: number) => {
        const s = c / 255
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      }
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }
    /** The solid colour behind an element, or null where an image is behind it (the hero). */
    const backgroundOf = (element: Element): Rgba | null => {
      const layers: Rgba[] = []
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node)
        if (style.backgroundImage !== "none") return null
        if (node.querySelector(":scope > picture, :scope > div > picture")) return null
        const colour = parse(style.backgroundColor)
        if (colour[3] > 0) layers.push(colour)
        if (colour[3] === 1) break
      }
      return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1])
    }
    const results: { text: string; tag: string; fontSize: number; contrast: number | null }[] = []
    for (const element of document.querySelectorAll("body *")) {
      const ownText = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent?.trim())
        .join("")
      if (!ownText) continue
      const style = getComputedStyle(element)
      const box = element.getBoundingClientRect()
      if (style.visibility === "hidden" || box.width < 2 || box.height < 2) continue
      if (element.closest('[aria-hidden="true"], noscript, [data-radix-toast-announce]')) continue
      const background = backgroundOf(element)
      let contrast: number | null = null
      if (background) {
        const colour = over(parse(style.color), background)
        const [light, dark] = [luminance(colour), luminance(background)].sort((a, b) => b - a)
        contrast = (light! + 0.05) / (dark! + 0.05)
      }
      results.push({
        text: ownText.slice(0, 40),
        tag: element.tagName.toLowerCase(),
        fontSize: parseFloat(style.fontSize),
        contrast,
      })
    }
    return results
  })
}

/** No text under 18px; body text at 7:1 and all text at 4.5:1 against what is behind it. */
async function expectReadable(page: Page, route: string) {
  const texts = await measureText(page)
  expect(texts.length).toBeGreaterThan(5)
  const contrasts = texts.flatMap((text) => (text.contrast === null ? [] : [text.contrast]))
  const body = texts.filter((text) => ["p", "li", "time"].includes(text.tag))
  const bodyContrasts = body.flatMap((text) => (text.contrast === null ? [] : [text.contrast]))
  console.log(
    `${route}: smallest text ${Math.min(...texts.map((text) => text.fontSize))}px, ` +
      `lowest contrast ${Math.min(...contrasts).toFixed(2)}:1 (body text ${Math.min(...bodyContrasts).toFixed(2)}:1)`,
  )
  expect.soft(texts.filter((text) => text.fontSize < 18)).toEqual([])
  expect.soft(body.filter((text) => text.contrast !== null && text.contrast < 7)).toEqual([])
  expect.soft(texts.filter((text) => text.contrast !== null && text.contrast < 4.5)).toEqual([])
}

/** Every image has alt text, or is marked decorative. */
async function expectImagesLabelled(page: Page) {
  const unlabelled = await page.locator("img").evaluateAll((images) =>
    images
      .filter((image) => {
        const alt = image.getAttribute("alt")
        if (alt === null) return true
        const decorative =
          image.closest('[aria-hidden="true"]') !== null ||
          image.getAttribute("role") === "presentation"
        return alt.trim() === "" && !decorative
      })
      .map((image) => image.outerHTML.slice(0, 120)),
  )
  expect.soft(unlabelled).toEqual([])
}

/** Every control outside running text is at least 44 × 44px. */
async function expectControlsLarge(page: Page) {
  const small = await page.locator("a, button, input").evaluateAll((elements) =>
    elements
      // Running text, and the sign-up's trap field, which is for programs only.
      .filter((element) => !element.closest('p, [aria-hidden="true"]'))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0)
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ element, box }) => `${element.textContent} ${box.width}×${box.height}`),
  )
  // The skip link sits off screen until focused; it is measured in the keyboard test.
  expect.soft(small.filter((text) => !text.startsWith(site.skipLinkLabel))).toEqual([])
}

/**
 * The staff write the words: a long one (a compound, a web address) in any text must break, not
 * push the page sideways or be cut off by the box it is in. The word is added to every text of
 * the page, so this holds whatever the content says today. It changes the page: check it last.
 */
async function expectLongWordsBreak(page: Page) {
  const problems = await page.evaluate(() => {
    const word = "Herbstkollektionsvorschaubildunterschriften.example.com/a-long-address"
    // Not the header's: its name and menu labels are short by the content model, and the
    // larger-text tests hold them. Nor what is hidden from everyone (the form's trap).
    const texts = [
      ...document.body.querySelectorAll("h1, h2, h3, p, li, a, button, label, dt, dd"),
    ].filter((element) => !element.closest("header, [aria-hidden='true']"))
    for (const element of texts) element.append(` ${word}`)
    const found: string[] = []
    const root = document.documentElement
    if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth}px wide`)
    for (const element of texts) {
      if (element.getClientRects().length === 0) continue
      const range = document.createRange()
      range.selectNodeContents(element)
      const text = range.getBoundingClientRect()
      const name = `${element.tagName} "${element.textContent?.trim().slice(0, 30)}"`
      if (text.right > root.clientWidth + 1) found.push(`${name}: past the screen`)
      // Within the nearest box that hides what overflows it (a card, the hero).
      let box = element.parentElement
      while (box && getComputedStyle(box).overflowX === "visible") box = box.parentElement
      if (box && box !== document.body && box !== root) {
        const edge = box.getBoundingClientRect()
        if (text.left < edge.left - 1 || text.right > edge.right + 1)
          found.push(`${name}: cut off by its ${box.tagName.toLowerCase()}`)
      }
    }
    return found
  })
  expect(problems).toEqual([])
}

/** The page on a screen of that size, hydrated: where the checks of one load start. */
async function openAt(page: Page, route: string, screen: { width: number; height: number }) {
  await page.setViewportSize(screen)
  await page.goto(route)
  await waitForHydration(page)
}

// Each page is loaded once at each of two widths for the checks that need nothing else of it,
// each a step of its own: a page load is most of what a check costs. The checks before the last
// fail softly, so that one run still shows every failure.
test.describe("each page at 1280px", () => {
  for (const route of routes) {
    test(`${route}: readable, every image labelled, a long word anywhere breaks`, async ({
      page,
    }) => {
      await openAt(page, route, { width: 1280, height: 900 })
      await test.step("no text under 18px; body text at 7:1, all text at 4.5:1", () =>
        expectReadable(page, route))
      await test.step("every image has alt text or is marked decorative", () =>
        expectImagesLabelled(page))
      await test.step("a long word anywhere breaks rather than overflow", () =>
        expectLongWordsBreak(page))
    })
  }
})

test.describe("each page on a 390px phone", () => {
  for (const route of routes) {
    test(`${route}: every control is 44 × 44px or more, a long word anywhere breaks`, async ({
      page,
    }) => {
      await openAt(page, route, { width: 390, height: 844 })
      await test.step("every control outside running text is at least 44 × 44px", () =>
        expectControlsLarge(page))
      await test.step("a long word anywhere breaks rather than overflow", () =>
        expectLongWordsBreak(page))
    })
  }
})

test.describe("readable for a mature audience", () => {
  // The hero's white words are on a picture the staff may change: its scrim must give them 7:1
  // whatever is behind it. Measured with the worst picture there is, a white one (the picture
  // hidden over a white section), pixel by pixel under every line of the headline and subtitle.
  // On small phones the headline reached the pale top of the scrim: 1.9:1 at 360 × 640.
  for (const { width, height, textSize } of [
    { width: 320, height: 640, textSize: 16 },
    { width: 360, height: 640, textSize: 16 },
    { width: 375, height: 667, textSize: 16 },
    { width: 390, height: 844, textSize: 16 },
    { width: 640, height: 360, textSize: 16 },
    { width: 768, height: 1024, textSize: 16 },
    { width: 1024, height: 768, textSize: 16 },
    { width: 1280, height: 720, textSize: 16 },
    { width: 1920, height: 1080, textSize: 16 },
    { width: 390, height: 844, textSize: 32 },
    { width: 1280, height: 800, textSize: 32 },
  ]) {
    test(`the hero's words are at 7:1 over a white picture at ${width} × ${height} px, ${textSize}px text`, async ({
      page,
    }) => {
      const cdp = await page.context().newCDPSession(page)
      await cdp.send("Page.setFontSizes", { fontSizes: { standard: textSize } })
      await page.setViewportSize({ width, height })
      await page.goto(home.path)
      await page.evaluate(() => document.fonts.ready)
      const hero = page.locator("section[aria-labelledby]").first()
      await expect(hero.getByRole("heading", { level: 1 })).toHaveText(home.hero.headline)
      const lines = await hero.evaluate((section) => {
        const boxes = (element: Element | null) => {
          if (!element) return []
          const range = document.createRange()
          range.selectNodeContents(element)
          return [...range.getClientRects()].map(({ x, y, width, height }) => ({
            x,
            y,
            width,
            height,
          }))
        }
        return [...boxes(section.querySelector("h1")), ...boxes(section.querySelector("p"))]
      })
      expect(lines.length).toBeGreaterThan(1)
      await page.addStyleTag({
        content: `section[aria-labelledby] { background: #fff !important }
          section[aria-labelledby] picture, section[aria-labelledby] img { visibility: hidden !important }
          section[aria-labelledby] h1, section[aria-labelledby] p { color: transparent !important }`,
      })
      const { data, info } = await sharp(await page.screenshot())
        .raw()
        .toBuffer({ resolveWithObject: true })
      const channel = (c: number) => {
        const s = c / 255
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      }
      let lowest = 21
      for (const line of lines) {
        const top = Math.max(0, Math.round(line.y))
        const bottom = Math.min(info.height, Math.round(line.y + line.height))
        const left = Math.max(0, Math.round(line.x))
        const right = Math.min(info.width, Math.round(line.x + line.width))
        for (let y = top; y < bottom; y += 2) {
          for (let x = left; x < right; x += 2) {
            const i = (y * info.width + x) * info.channels
            const luminance =
              0.2126 * channel(data[i]!) +
              0.7152 * channel(data[i + 1]!) +
              0.0722 * channel(data[i + 2]!)
            lowest = Math.min(lowest, 1.05 / (luminance + 0.05))
          }
        }
      }
      expect(lowest, "the lowest contrast of white words under the scrim").toBeGreaterThanOrEqual(7)
    })
  }

  test("body copy is 18px or more and lines hold at most about 75 characters", async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 })
    await page.goto(about.path)
    const paragraph = page.getByRole("main").locator("p").nth(1)
    const { fontSize, width, charWidth } = await paragraph.evaluate((element) => {
      const style = getComputedStyle(element)
      const probe = document.createElement("span")
      probe.textContent = "abcdefghijklmnopqrstuvwxyz".repeat(4)
      // One line, however the page breaks long words.
      probe.style.whiteSpace = "nowrap"
      element.append(probe)
      const charWidth = probe.getBoundingClientRect().width / 104
      probe.remove()
      return { fontSize: parseFloat(style.fontSize), width: element.clientWidth, charWidth }
    })
    expect(fontSize).toBeGreaterThanOrEqual(18)
    expect(width / charWidth).toBeLessThanOrEqual(80)
    expect(width / charWidth).toBeGreaterThanOrEqual(55)
  })

  // The story's drop cap took the first three lines' indent while it stood two lines tall,
  // leaving a hole under the letter.
  test("the story's drop cap sits in its first two lines: the third starts at the paragraph's edge", async ({
    page,
  }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(about.path)
      await page.evaluate(() => document.fonts.ready)
      const paragraph = page.getByRole("main").locator("p").filter({ hasText: about.paragraphs[0] })
      // Where each line of the paragraph starts, from its left edge, the capital left out.
      const starts = await paragraph.evaluate((element) => {
        const text = element.firstChild as Text
        const range = document.createRange()
        range.setStart(text, 1)
        range.setEnd(text, text.length)
        const lines = new Map<number, number>()
        for (const rect of range.getClientRects()) {
          const top = Math.round(rect.top)
          lines.set(top, Math.min(lines.get(top) ?? Infinity, rect.left))
        }
        const edge = element.getBoundingClientRect().left
        return [...lines.values()].map((left) => Math.round(left - edge))
      })
      expect(starts.length, `${width}px: the paragraph's lines`).toBeGreaterThan(3)
      const [first = 0, second, ...rest] = starts
      expect(first, `${width}px: the first line beside the capital`).toBeGreaterThan(10)
      expect(second, `${width}px: the second line too`).toBe(first)
      expect(rest, `${width}px: the lines below it, at the edge`).toEqual(rest.map(() => 0))
    }
  })
})

/**
 * Every route at each width, in the faces the page ends with: `look` gets each page and says what
 * it found there (`seen`) and what is wrong (`wrong`, each line naming the route and width). Each
 * route is loaded once and then resized through the widths, as a tablet turned on its side is: a
 * width's layout is the CSS's and the header's own measuring, which listens for the resize. A page
 * loaded per width made the two tests below take 23 and 11 s on an idle machine (34 and 14 s in
 * CI); resized, 9 and 6 s.
 */
async function onEveryRoute(
  page: Page,
  widths: number[],
  look: () => Promise<{ seen: number; wrong: string[] }>,
) {
  const wrong: string[] = []
  let seen = 0
  for (const route of routes) {
    await page.setViewportSize({ width: widths[0] ?? 1280, height: 900 })
    await page.goto(route)
    await page.evaluate(() => document.fonts.ready)
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 })
      // The resize's own work (the header measuring itself) done, any face the width needs
      // loaded, and the page laid out again.
      await page.evaluate(async () => {
        await document.fonts.ready
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
      })
      const found = await look()
      seen += found.seen
      for (const line of found.wrong) wrong.push(`${route} at ${width}px: ${line}`)
    }
  }
  return { seen, wrong }
}

test.describe("fits every screen", () => {
  // The questions box and the partner's panel had 19 px more below their words than above, the
  // last paragraph's margin inside the panel's padding.
  for (const { path, heading } of [
    { path: about.path, heading: about.philosophy.heading },
    { path: affiliate.path, heading: affiliate.partnership.heading },
    { path: contact.path, heading: contact.questions.heading },
  ]) {
    test(`${path}: the panel "${heading}" has as much room below its words as above them`, async ({
      page,
    }) => {
      await page.goto(path)
      const panel = page.getByRole("heading", { name: heading, exact: true }).locator("..")
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 })
        const room = await panel.evaluate((box) => {
          const style = getComputedStyle(box)
          const inner = box.getBoundingClientRect()
          const first = box.firstElementChild!.getBoundingClientRect()
          const last = box.lastElementChild!.getBoundingClientRect()
          return {
            above: Math.round(first.top - inner.top - parseFloat(style.paddingTop)),
            below: Math.round(inner.bottom - parseFloat(style.paddingBottom) - last.bottom),
          }
        })
        expect(room, `at ${width}px`).toEqual({ above: 0, below: 0 })
      }
    })
  }

  // Four cards to a row left the Boutique's "Explore Collection" too little room at 1280 px, and
  // at 1024 (a tablet held sideways): each pill broke its label in two lines.
  test("every pill's label in the page's content sits on one line, from a phone to a wide screen", async ({
    page,
  }) => {
    // Every route at five widths: 40 pages, past the 30 s of one test on a busy machine.
    test.setTimeout(120_000)
    const { seen, wrong: wrapped } = await onEveryRoute(
      page,
      [390, 768, 1024, 1280, 1440],
      async () => {
        const labels = await page.locator("main").evaluate((main) =>
          [...main.querySelectorAll("a, button")]
            // A pill: a button, or a link drawn as one.
            .filter((element) => getComputedStyle(element).borderRadius === "999px")
            .map((element) => {
              const range = document.createRange()
              range.selectNodeContents(element)
              const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.top)))
              return { label: element.textContent ?? "", lines: lines.size }
            }),
        )
        return {
          seen: labels.length,
          wrong: labels
            .filter(({ lines }) => lines > 1)
            .map(({ label, lines }) => `"${label}" in ${lines} lines`),
        }
      },
    )
    expect(seen, "pills found").toBeGreaterThan(0)
    expect(wrapped).toEqual([])
  })

  // The privacy page broke "e-mail" after its hyphen at every width from 320 to 1280 px.
  test("no line ends with a one-letter word's hyphen (e- / mail), on any page at any width", async ({
    page,
  }) => {
    // Every route at six widths: 48 pages.
    test.setTimeout(120_000)
    const { seen, wrong: broken } = await onEveryRoute(
      page,
      [320, 360, 390, 768, 1024, 1280],
      async () => {
        const found = await page.evaluate(() => {
          const words: { word: string; broken: boolean }[] = []
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? ""
            for (const match of text.matchAll(/\b\p{L}-\p{L}+/gu)) {
              const box = (at: number) => {
                const range = document.createRange()
                range.setStart(node, at)
                range.setEnd(node, at + 1)
                return range.getBoundingClientRect()
              }
              const before = box(match.index)
              const after = box(match.index + 2)
              if (before.height === 0) continue
              words.push({ word: match[0], broken: after.top > before.top + before.height / 2 })
            }
          }
          return words
        })
        return {
          seen: found.length,
          wrong: found.filter((each) => each.broken).map(({ word }) => `"${word}"`),
        }
      },
    )
    expect(seen, "hyphenated words found").toBeGreaterThan(0)
    expect(broken).toEqual([])
  })

  // The rule above the footer's legal line ran past its text column by the gutters on each side.
  // The footer's own margin is the space above it; a last band's padding made it 160 px on some
  // pages and 192 on the 404, where others had 96.
  test("the space above the footer is the footer's margin, on every page, on a phone and a wide screen", async ({
    page,
  }) => {
    const gaps: string[] = []
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      for (const route of routes) {
        await page.goto(route)
        const { gap, margin } = await page.evaluate(() => {
          const footer = document.querySelector("footer")!
          // The lowest thing she sees in the page: a line of text, a picture, or a control's box;
          // not the sign-up's trap for robots, hidden to the left of the screen.
          let lowest = 0
          const seen = (box: DOMRect) => box.height > 0 && box.right > 0
          const walker = document.createTreeWalker(
            document.querySelector("main")!,
            NodeFilter.SHOW_TEXT,
          )
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent?.trim()) continue
            const range = document.createRange()
            range.selectNodeContents(node)
            for (const box of range.getClientRects())
              if (seen(box)) lowest = Math.max(lowest, box.bottom)
          }
          for (const element of document.querySelectorAll("main img, main a, main button")) {
            const box = element.getBoundingClientRect()
            if (seen(box)) lowest = Math.max(lowest, box.bottom)
          }
          return {
            gap: footer.getBoundingClientRect().top - lowest,
            margin: parseFloat(getComputedStyle(footer).marginTop),
          }
        })
        // Within a card's or a panel's padding of the margin (the shop's cards, the story's panel).
        if (gap < margin || gap > margin + 48)
          gaps.push(`${route} at ${width}px: ${Math.round(gap)} px`)
      }
    }
    expect(gaps).toEqual([])
  })

  test("the footer's rule spans its text column, no wider", async ({ page }) => {
    for (const width of [390, 1280, 1920]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(home.path)
      const footer = page.getByRole("contentinfo")
      const rule = footer
        .getByRole("link", { name: site.footer.privacyLink.label, exact: true })
        .locator("..")
      const [ruled, column] = await Promise.all([
        rule.evaluate((element) => {
          const box = element.getBoundingClientRect()
          const { borderTopWidth } = getComputedStyle(element)
          return { left: box.left, right: box.right, border: parseFloat(borderTopWidth) }
        }),
        // The text column: the footer's columns without their gutters.
        footer
          .locator(":scope > div")
          .first()
          .evaluate((element) => {
            const box = element.getBoundingClientRect()
            const style = getComputedStyle(element)
            return {
              left: box.left + parseFloat(style.paddingLeft),
              right: box.right - parseFloat(style.paddingRight),
            }
          }),
      ])
      expect(ruled.border, `${width}px: the rule`).toBeGreaterThan(0)
      expect(Math.abs(ruled.left - column.left), `${width}px: its left end`).toBeLessThan(1)
      expect(Math.abs(ruled.right - column.right), `${width}px: its right end`).toBeLessThan(1)
    }
  })

  for (const width of [320, 640]) {
    for (const route of routes) {
      // 640px is a 1280px window at 200% zoom.
      test(`${route} has no sideways scroll at ${width}px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 })
        await page.goto(route)
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        )
        expect(overflow).toBeLessThanOrEqual(0)
      })
    }
  }

  // A visitor who has set a larger text in her browser (Chrome's "Very large" is 24 px, 200% is
  // 32 px): the layout follows her text size, so nothing goes sideways and nothing is cut off.
  for (const [textSize, width] of [
    [24, 390],
    [32, 1024],
  ] as const) {
    for (const route of routes) {
      test(`${route} at a ${textSize}px text size, ${width}px wide: no sideways scroll, nothing cut off`, async ({
        page,
      }) => {
        const cdp = await page.context().newCDPSession(page)
        await cdp.send("Page.setFontSizes", { fontSizes: { standard: textSize } })
        await page.setViewportSize({ width, height: 900 })
        await page.goto(route)
        await waitForHydration(page)
        const problems = await page.evaluate(() => {
          const found: string[] = []
          const root = document.documentElement
          if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth}px wide`)
          const visible = (element: Element) => element.getClientRects().length > 0
          for (const element of document.querySelectorAll("h1, h2, h3, a, button")) {
            if (!visible(element)) continue
            const box = element.getBoundingClientRect()
            const name = `${element.tagName} "${element.textContent?.trim().slice(0, 30)}"`
            if (box.right > root.clientWidth + 1) found.push(`${name} past the screen`)
            // Within the card it is in, which hides what overflows it.
            const card = element.closest("article")?.getBoundingClientRect()
            if (card && (box.left < card.left - 1 || box.right > card.right + 1))
              found.push(`${name} past its card`)
          }
          return found
        })
        expect(problems).toEqual([])
      })
    }
  }

  // With her text at 200% on a phone, paddings in rem stacked up (the page's, a panel's, a card's,
  // a button's) and headings grew past the screen: ordinary words split in two ("Explo/re",
  // "Accessori/es") and the e-mail field showed some eight characters. A word of letters alone,
  // however long the language makes it here, stays on one line.
  // In the site's faces, and at 320 px in the fallback faces too: the faces are
  // `font-display: optional`, and a visitor whose faces miss their first 100 ms reads the page in
  // the fallbacks (a journal category in capitals split there).
  for (const [width, height, faces] of [
    [390, 844, "site"],
    [320, 640, "site"],
    [320, 640, "fallback"],
  ] as const) {
    const inFaces = faces === "fallback" ? ", in the fallback faces" : ""
    for (const route of routes) {
      test(`${route} at ${width}px with 32px text${inFaces}: no word is split across lines`, async ({
        page,
      }) => {
        if (faces === "fallback") await page.route(/\.woff2(\?|$)/, (font) => font.abort())
        const cdp = await page.context().newCDPSession(page)
        await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32 } })
        await page.setViewportSize({ width, height })
        await page.goto(route, { waitUntil: "networkidle" })
        // Measured once every face the page asks for has loaded (or failed, when blocked).
        await page.waitForFunction(() => document.fonts.status === "loaded")
        await page.evaluate(() => document.fonts.ready)
        const split = await page.evaluate(() => {
          const found = new Set<string>()
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const element = node.parentElement
            if (!element || element.closest('[aria-hidden="true"], noscript')) continue
            if (element.getClientRects().length === 0) continue
            // Words of letters only: a web address, an e-mail or a hyphenated word may break.
            for (const match of (node.textContent ?? "").matchAll(/\p{L}{2,}[,.!?:;]?(?=\s|$)/gu)) {
              if (match.index > 0 && /\S/.test(node.textContent![match.index - 1]!)) continue
              // A drop cap stands lower than the rest of its word by design.
              const letter = getComputedStyle(element, "::first-letter")
              const dropCap =
                letter.float !== "none" ||
                !["", "normal"].includes(letter.getPropertyValue("initial-letter"))
              if (dropCap && match.index === 0 && node === element.firstChild) continue
              const range = document.createRange()
              range.setStart(node, match.index)
              range.setEnd(node, match.index + match[0].length)
              const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
              if (lines.size > 1) found.add(`${element.tagName.toLowerCase()}: ${match[0]}`)
            }
          }
          return [...found]
        })
        expect(split).toEqual([])
      })
    }
  }

  // At 38 px a whole address cannot fit a 390 px screen; her field had room for a third of one
  // (about eight characters), the rest of its width taken by the paddings around it.
  test("with 32px text on a 390px phone the e-mail field shows half an address or more", async ({
    page,
  }) => {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32 } })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(contact.path)
    // The boutique's own address, as a visitor's might be.
    const field = page.getByLabel(contact.emailLabel, { exact: true })
    await field.fill(site.contactEmail)
    const fits = await field.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input)
      const room =
        input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      const probe = document.createElement("span")
      probe.style.font = style.font
      probe.style.whiteSpace = "pre"
      probe.textContent = input.value
      document.body.append(probe)
      const needed = probe.getBoundingClientRect().width
      probe.remove()
      return { room: Math.round(room), needed: Math.round(needed) }
    })
    expect(fits.room, `room for ${fits.needed}px of address`).toBeGreaterThanOrEqual(
      fits.needed / 2,
    )
  })

  // Breaking anywhere must not break what fits: the footer's address is whole, in one column and
  // from the width where the footer has three.
  for (const [textSize, width] of [
    [16, 768],
    [16, 1024],
    [24, 1280],
  ] as const) {
    test(`the footer's address is on one line at ${width}px with ${textSize}px text`, async ({
      page,
    }) => {
      const cdp = await page.context().newCDPSession(page)
      await cdp.send("Page.setFontSizes", { fontSizes: { standard: textSize } })
      await page.setViewportSize({ width, height: 900 })
      await page.goto("/")
      const lines = await page
        .getByRole("contentinfo")
        .locator('a[href^="mailto:"]')
        .evaluate((link) => {
          // The lines of its text: the box it sits in (around its break points) is not a line.
          const tops = new Set<number>()
          const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT)
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange()
            range.selectNodeContents(node)
            for (const rect of range.getClientRects()) tops.add(Math.round(rect.top))
          }
          return tops.size
        })
      expect(lines).toBe(1)
    })
  }

  test("the home hero fills the first screen and its headline is whole on a small phone", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 568 })
    await page.goto(home.path)
    const headline = (await page.getByRole("heading", { level: 1 }).boundingBox())!
    expect(headline.x).toBeGreaterThanOrEqual(0)
    expect(headline.x + headline.width).toBeLessThanOrEqual(320)
    expect(headline.y).toBeGreaterThanOrEqual(0)
  })
})

test.describe("images", () => {
  // The picture a visitor sees first (the hero, or a grid's first card) is fetched at once.
  const firstPictures = [
    [home.path, home.hero.imageAlt],
    [shop.path, shop.categories[0]?.imageAlt],
    [journal.path, articlesNewestFirst[0]?.imageAlt],
  ] as const
  for (const [route, alt] of firstPictures) {
    test(`${route}: only the first screen's image loads eagerly with high priority`, async ({
      page,
    }) => {
      await page.goto(route)
      const eager = page.locator('main img[loading="eager"][fetchpriority="high"]')
      await expect(eager).toHaveCount(1)
      await expect(eager).toHaveAttribute("alt", alt ?? "")
      await expect(page.locator("main img").first()).toHaveAttribute("loading", "eager")
      await expect(page.locator('main img[loading="lazy"]:not([fetchpriority])')).not.toHaveCount(0)
    })
  }

  // The browser picks the file from the width `sizes` gives: too wide, and the first picture
  // costs bytes the screen cannot show. The home hero covers its box, cropped (below).
  for (const route of [shop.path, journal.path, about.path]) {
    test(`${route}: the first picture's sizes fit the width it is drawn at`, async ({ page }) => {
      for (const width of [390, 768, 1440]) {
        await page.setViewportSize({ width, height: 900 })
        await page.goto(route)
        const image = page.locator('main img[fetchpriority="high"]')
        const [drawn, announced] = await image.evaluate((img: HTMLImageElement) => {
          // The first entry of `sizes` whose media condition holds, measured as a box's width.
          const entries = img.sizes.split(/,(?![^(]*\))/).map((entry) => {
            const [, condition, length] = /^(\([^)]*\))?\s*(.+)$/.exec(entry.trim()) ?? []
            return { condition, length: length ?? "" }
          })
          const chosen = entries.find(
            ({ condition }) => !condition || window.matchMedia(condition).matches,
          )
          const probe = document.createElement("div")
          // An em in `sizes` is the browser's text size, as in a media query: the initial one.
          probe.style.fontSize = "initial"
          probe.style.width = chosen?.length ?? ""
          document.body.append(probe)
          const announcedWidth = probe.getBoundingClientRect().width
          probe.remove()
          return [img.getBoundingClientRect().width, announcedWidth]
        })
        expect(announced, `${width}px window`).toBeGreaterThanOrEqual(drawn - 1)
        expect(announced, `${width}px window`).toBeLessThanOrEqual(drawn * 1.1)
      }
    })
  }

  // The hero covers a box as tall as the screen, so on a phone it is drawn wider than the screen,
  // cropped: its file must be as wide as it is drawn (up to the widest the build makes), or it is
  // enlarged and soft. It announced the screen's width and fetched a third of what it drew.
  test(`${home.path}: the hero's file is as wide as its picture is drawn, on a phone as on a wide screen`, async ({
    page,
  }) => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 768, height: 1024 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(viewport)
      await page.goto(home.path)
      const image = page.locator('main img[fetchpriority="high"]')
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete)).toBe(true)
      const { needed, fetched, widest } = await image.evaluate((img: HTMLImageElement) => {
        const box = img.getBoundingClientRect()
        // object-fit: cover draws the picture at the larger of the two scales.
        const drawn = Math.max(box.width, box.height * (img.naturalWidth / img.naturalHeight))
        const candidates = [...(img.parentElement?.querySelectorAll("source, img") ?? [])]
          .flatMap((element) => (element.getAttribute("srcset") ?? "").split(","))
          .map((candidate) => candidate.trim().split(/\s+/))
        const width = (descriptor = "0w") => Number.parseInt(descriptor, 10)
        const current = candidates.find(([url]) => url && img.currentSrc.endsWith(url))
        return {
          needed: Math.floor(drawn * window.devicePixelRatio),
          fetched: width(current?.[1]),
          widest: Math.max(...candidates.map(([, descriptor]) => width(descriptor))),
        }
      })
      expect(fetched, `${viewport.width} × ${viewport.height} window`).toBeGreaterThanOrEqual(
        Math.min(needed, widest),
      )
    }
  })
})

test.describe("controls", () => {
  // On the home page the boutique's name, which leads home, was announced as the current page as
  // well as the menu's Home link.
  test("the boutique's name is never marked as the current page; the menu's link is", async ({
    page,
  }) => {
    await page.goto(home.path)
    await waitForHydration(page)
    const names = page.getByRole("link", { name: site.brandName, exact: true })
    expect(await names.count()).toBeGreaterThan(0)
    for (const name of await names.all()) await expect(name).not.toHaveAttribute("aria-current")
    const homeLabel = navigationLabel(home.path)
    if (homeLabel)
      await expect(
        page
          .getByRole("navigation", { name: site.navigationLabel })
          .getByRole("link", { name: homeLabel, exact: true }),
      ).toHaveAttribute("aria-current", "page")
  })

  test("the first Tab shows the skip link, which jumps to the content", async ({ page }) => {
    await page.goto(journal.path)
    await page.keyboard.press("Tab")
    const skip = page.getByRole("link", { name: site.skipLinkLabel, exact: true })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await page.keyboard.press("Enter")
    await expect(page.locator("main")).toBeFocused()
  })

  // On the ink footer and the hero's dark scrim the page's blue ring was 2.74:1, under the 3:1 a
  // focus indicator needs against what is beside it (WCAG 1.4.11).
  test("the focus ring is at 3:1 on the dark footer and the hero", async ({ page }) => {
    await page.goto(home.path)
    await waitForHydration(page)
    const ringContrast = () =>
      page.evaluate(() => {
        const element = document.activeElement!
        const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number)
        const luminance = (value: string) => {
          const [r, g, b] = rgb(value).map((c) => {
            const s = c / 255
            return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
          })
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
        }
        // The dark surface around it: the footer's colour, or the hero's (ink, under its scrim).
        const surface = element.closest("footer, section")!
        const ring = luminance(getComputedStyle(element).outlineColor)
        const behind = luminance(getComputedStyle(surface).backgroundColor)
        const [light, dark] = [ring, behind].sort((a, b) => b - a)
        return {
          name: element.textContent?.trim().slice(0, 30),
          style: getComputedStyle(element).outlineStyle,
          contrast: (light! + 0.05) / (dark! + 0.05),
        }
      })
    const found: string[] = []
    const targets = [
      page.getByRole("main").getByRole("link", { name: home.hero.button.label, exact: true }),
      ...(await page.getByRole("contentinfo").getByRole("link").all()),
    ]
    for (const target of targets) {
      // By the keyboard, so the ring shows as it does for her.
      await target.focus()
      await page.keyboard.press("Shift+Tab")
      await page.keyboard.press("Tab")
      const ring = await ringContrast()
      if (ring.style === "none" || ring.contrast < 3)
        found.push(`${ring.name}: ${ring.style} ring at ${ring.contrast.toFixed(2)}:1`)
    }
    expect(found).toEqual([])
  })

  test("every focusable element shows a focus ring", async ({ page }) => {
    await page.goto(affiliate.path)
    const missing: string[] = []
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press("Tab")
      const ring = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null
        if (!element || element === document.body) return null
        const style = getComputedStyle(element)
        return {
          name: element.textContent?.trim().slice(0, 30) ?? element.tagName,
          visible: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
        }
      })
      if (ring && !ring.visible) missing.push(ring.name)
    }
    expect(missing).toEqual([])
  })
})

// With a larger text or a high zoom the header is several rows tall: held at the top of the screen
// it took a quarter to a half of it and hid the element her Tab had reached (WCAG 2.4.11). It stays
// on screen only where the screen is tall enough for it, and the page scrolls focus clear of it.
// 320 × 256 is a 1280 × 1024 window at 400% zoom; 32 px text is 200%.
test.describe("the header never hides the focus", () => {
  const screens = [
    { width: 390, height: 844, textSize: 16 },
    { width: 1280, height: 800, textSize: 16 },
    { width: 390, height: 844, textSize: 24 },
    { width: 390, height: 844, textSize: 32 },
    { width: 320, height: 256, textSize: 16 },
    // The page's text doubled with the screen's em unchanged (a phone's own text setting may
    // do so): the media queries see a tall screen, the header is a quarter of it.
    { width: 390, height: 844, textSize: 16, pageText: "200%" },
  ]
  for (const { width, height, textSize, pageText } of screens) {
    const text = pageText ? `${pageText} page text` : `${textSize}px text`
    test(`at ${width} × ${height} px with ${text}, Tab and Shift+Tab keep focus clear of the header`, async ({
      page,
    }) => {
      const cdp = await page.context().newCDPSession(page)
      await cdp.send("Page.setFontSizes", { fontSizes: { standard: textSize } })
      await page.setViewportSize({ width, height })
      const hidden: string[] = []
      const check = async (route: string, key: string) => {
        const found = await page.evaluate(() => {
          const element = document.activeElement
          const header = document.querySelector("[data-site-header]")!
          if (!element || !element.closest("main, footer")) return null
          const box = element.getBoundingClientRect()
          const band = header.getBoundingClientRect()
          const sticky = getComputedStyle(header).position === "sticky"
          const share = band.height / window.innerHeight
          const under = band.bottom > 0 && box.top < band.bottom - 1 && box.bottom > band.top
          return {
            name: `${element.tagName} "${element.textContent?.trim().slice(0, 30)}"`,
            under,
            tooTall: sticky && share > 0.25,
            share: share.toFixed(2),
          }
        })
        if (found?.under) hidden.push(`${route} ${key}: ${found.name} under the header`)
        if (found?.tooTall) hidden.push(`${route}: a sticky header ${found.share} of the screen`)
      }
      for (const route of [home.path, journal.path, affiliate.path]) {
        await page.goto(route)
        await waitForHydration(page)
        if (pageText)
          await page.addStyleTag({ content: `html { font-size: ${pageText} !important }` })
        for (let i = 0; i < 30; i += 1) {
          await page.keyboard.press("Tab")
          await check(route, "Tab")
        }
        await page.getByRole("contentinfo").getByRole("link").last().focus()
        for (let i = 0; i < 30; i += 1) {
          await page.keyboard.press("Shift+Tab")
          await check(route, "Shift+Tab")
        }
      }
      expect([...new Set(hidden)]).toEqual([])
    })
  }
})

// The welcome toast is 356 px wide by the spec; with her text at 200% its paddings in rem had
// grown until it was taller than the screen, its title and close button off it, its words split.
test.describe("the sign-up toast with a larger text", () => {
  for (const { width, height, textSize } of [
    { width: 390, height: 844, textSize: 32 },
    { width: 320, height: 640, textSize: 32 },
    { width: 1280, height: 800, textSize: 32 },
    { width: 390, height: 844, textSize: 16 },
  ]) {
    test(`at ${width} × ${height} px with ${textSize}px text it is on the screen, its title whole and its close button there to tap`, async ({
      page,
    }) => {
      const cdp = await page.context().newCDPSession(page)
      await cdp.send("Page.setFontSizes", { fontSizes: { standard: textSize } })
      await page.setViewportSize({ width, height })
      await page.goto(contact.path)
      await waitForHydration(page)
      await page.getByLabel(contact.emailLabel, { exact: true }).fill(uniqueAddress("toast-size"))
      await page.getByRole("button", { name: contact.submitLabel, exact: true }).click()
      const toast = page
        .getByRole("region", { name: new RegExp(escapeRegExp(contact.toast.regionLabel)) })
        .getByRole("listitem")
      await expect(toast.getByText(contact.toast.title, { exact: true })).toBeVisible()
      // Past its entrance animation.
      await page.waitForTimeout(400)
      const close = toast.getByRole("button", { name: contact.toast.closeLabel, exact: true })
      const found = await toast.evaluate((item) => {
        // A phone: below the small breakpoint (30em: 480 px at 16px text, 960 at 32px).
        const phone = !matchMedia("(min-width: 30em)").matches
        const problems: string[] = []
        const onScreen = (box: DOMRect) =>
          box.top >= -1 &&
          box.left >= -1 &&
          box.bottom <= window.innerHeight + 1 &&
          box.right <= document.documentElement.clientWidth + 1
        const box = item.getBoundingClientRect()
        if (!onScreen(box)) problems.push("the toast runs off the screen")
        // On a phone, where the spec's 356 px nearly fill the width, the same margin each side of
        // the area a fixed box is placed in (the page's width less a desktop scrollbar's room).
        const probe = document.body.appendChild(document.createElement("div"))
        probe.style.cssText = "position: fixed; left: 0; right: 0; top: 0; height: 1px"
        const area = probe.getBoundingClientRect()
        probe.remove()
        const [left, right] = [box.left - area.left, area.right - box.right]
        if (phone && Math.abs(left - right) > 1) {
          problems.push(
            `${Math.round(left)} px of margin on its left, ${Math.round(right)} on its right`,
          )
        }
        // Wider, at the bottom right: its viewport's 16 px from the right, more from the left.
        if (!phone && (Math.abs(right - 16) > 1 || left <= right)) {
          problems.push(`not at the right: ${Math.round(left)} px left, ${Math.round(right)} right`)
        }
        const button = item.querySelector("button")!
        const buttonBox = button.getBoundingClientRect()
        if (!onScreen(buttonBox)) problems.push("its close button is off the screen")
        const hit = document.elementFromPoint(
          buttonBox.left + buttonBox.width / 2,
          buttonBox.top + buttonBox.height / 2,
        )
        if (!hit || !button.contains(hit)) problems.push("its close button is covered")
        if (buttonBox.width < 44 || buttonBox.height < 44)
          problems.push("its close button is small")
        // Every word of the title on one line.
        const title = item.firstElementChild!
        const text = title.firstChild!
        for (const match of (text.textContent ?? "").matchAll(/\S+/g)) {
          const range = document.createRange()
          range.setStart(text, match.index)
          range.setEnd(text, match.index + match[0].length)
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
          if (lines.size > 1) problems.push(`"${match[0]}" split across lines`)
          if (!onScreen(range.getBoundingClientRect()))
            problems.push(`"${match[0]}" off the screen`)
        }
        return problems
      })
      expect(found).toEqual([])
      await close.click()
      await expect(toast).toHaveCount(0)
    })
  }
})

test.describe("the menu on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } })

  const menuButton = (page: Page) =>
    page.getByRole("button", { name: site.menuButtonLabel, exact: true })
  const menu = (page: Page) => page.getByRole("navigation", { name: site.navigationLabel })
  const navigationLink = (page: Page, label: string) =>
    menu(page).getByRole("link", { name: label, exact: true })
  const [firstLink] = site.navigation
  const lastLink = site.navigation.at(-1)
  // A link that is not the page's own: any other page in the menu.
  const otherLink = site.navigation.find((link) => link.path !== about.path)

  test("opens from the keyboard, takes focus, locks the page and closes on Escape", async ({
    page,
  }) => {
    await page.goto(about.path)
    await waitForHydration(page)
    const button = menuButton(page)
    await expect(navigationLink(page, otherLink!.label)).toBeHidden()
    await expect(button).toHaveAttribute("aria-expanded", "false")

    await button.focus()
    await page.keyboard.press("Enter")
    await expect(button).toHaveAttribute("aria-expanded", "true")
    await expect(navigationLink(page, firstLink!.label)).toBeFocused()
    await expect(navigationLink(page, navigationLabelFor(about.path))).toHaveAttribute(
      "aria-current",
      "page",
    )
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden")

    await page.keyboard.press("Escape")
    await expect(button).toHaveAttribute("aria-expanded", "false")
    await expect(button).toBeFocused()
    await expect(navigationLink(page, otherLink!.label)).toBeHidden()
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden")
  })

  test("a link in the menu goes to its page and closes the menu", async ({ page }) => {
    await page.goto(home.path)
    await openMenu(page)
    await navigationLink(page, navigationLabelFor(journal.path)).click()
    await expect(page).toHaveURL(urlOf(journal.path))
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(journal.heading)
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false")
  })

  // Where the header wraps (the menu button under the boutique's name), the open menu starts
  // below it: a panel at one row's height covered the button, and she could not close the menu.
  // 260 × 563 is a 390 px phone at 150% zoom; 24 px is Chrome's "Very large" text.
  for (const { width, height, textSize } of [
    { width: 260, height: 563, textSize: 16 },
    { width: 300, height: 650, textSize: 16 },
    { width: 390, height: 844, textSize: 24 },
  ]) {
    test(`at ${width} × ${height} px with ${textSize}px text the open menu leaves its button to close it`, async ({
      page,
    }) => {
      const cdp = await page.context().newCDPSession(page)
      await cdp.send("Page.setFontSizes", { fontSizes: { standard: textSize } })
      await page.setViewportSize({ width, height })
      await page.goto(journal.path)
      await openMenu(page)
      const placed = await page.evaluate(() => {
        const button = document.querySelector("[data-menu-button]")!.getBoundingClientRect()
        const header = document.querySelector("[data-site-header]")!.getBoundingClientRect()
        const panel = document.querySelector("[data-menu]")!.getBoundingClientRect()
        const hit = document.elementFromPoint(
          button.left + button.width / 2,
          button.top + button.height / 2,
        )
        return {
          buttonOnTop: Boolean(hit?.closest("[data-menu-button]")),
          panelBelowHeader: panel.top >= header.bottom - 1,
          panelToScreenBottom: Math.abs(panel.bottom - window.innerHeight) <= 1,
        }
      })
      expect(placed).toEqual({
        buttonOnTop: true,
        panelBelowHeader: true,
        panelToScreenBottom: true,
      })
      await menuButton(page).click()
      await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false")
      await expect(menu(page).getByRole("link").first()).toBeHidden()
    })
  }

  test("tabbing past the last link closes the menu", async ({ page }) => {
    await page.goto(home.path)
    await openMenu(page)
    await navigationLink(page, lastLink!.label).focus()
    await page.keyboard.press("Tab")
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false")
  })
})

// Windows' contrast themes replace the page's backgrounds and drop its shadows: the menu icon,
// three lines drawn as backgrounds, vanished from the Menu button, and the current page lost its
// mark (a shadow on a phone, a background underline on a desktop).
test.describe("in a contrast theme (forced colours)", () => {
  /** How many pixels of a part of the screen stand apart from its first pixel, the background. */
  async function marked(page: Page, clip: { x: number; y: number; width: number; height: number }) {
    const { data, info } = await sharp(await page.screenshot({ clip }))
      .raw()
      .toBuffer({ resolveWithObject: true })
    let count = 0
    for (let i = 0; i < info.width * info.height * info.channels; i += info.channels) {
      const difference = [0, 1, 2].reduce((sum, c) => sum + Math.abs(data[i + c]! - data[c]!), 0)
      if (difference > 150) count += 1
    }
    return count
  }

  test("on a phone the menu icon shows, and the open menu marks the current page", async ({
    page,
  }) => {
    await page.emulateMedia({ forcedColors: "active" })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(journal.path)
    await waitForHydration(page)
    const icon = (await page.locator("[data-menu-button] > span").boundingBox())!
    // The icon's three lines: 6 px above and below its box.
    const lines = { x: icon.x, y: icon.y - 8, width: icon.width, height: icon.height + 16 }
    expect(await marked(page, lines), "the icon's lines").toBeGreaterThan(20)
    await openMenu(page)
    const current = page
      .getByRole("navigation", { name: site.navigationLabel })
      .getByRole("link", { name: navigationLabelFor(journal.path), exact: true })
    await expect(current).toHaveAttribute("aria-current", "page")
    const box = (await current.boundingBox())!
    // The strip at the link's start edge, before its words.
    const strip = { x: box.x, y: box.y + 4, width: 6, height: box.height - 8 }
    expect(await marked(page, strip), "the current page's mark").toBeGreaterThan(20)
  })

  test("on a desktop the current page's link is underlined", async ({ page }) => {
    await page.emulateMedia({ forcedColors: "active" })
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(journal.path)
    const box = (await page
      .getByRole("navigation", { name: site.navigationLabel })
      .getByRole("link", { name: navigationLabelFor(journal.path), exact: true })
      .boundingBox())!
    // A line under the words: a row of the link's lower half marked over most of its width.
    const { data, info } = await sharp(
      await page.screenshot({
        clip: { x: box.x, y: box.y + box.height / 2, width: box.width, height: box.height / 2 },
      }),
    )
      .raw()
      .toBuffer({ resolveWithObject: true })
    let longest = 0
    for (let y = 0; y < info.height; y += 1) {
      let row = 0
      for (let x = 0; x < info.width; x += 1) {
        const i = (y * info.width + x) * info.channels
        const difference = [0, 1, 2].reduce((sum, c) => sum + Math.abs(data[i + c]! - data[c]!), 0)
        if (difference > 150) row += 1
      }
      longest = Math.max(longest, row)
    }
    expect(longest / info.width, "the longest marked row, as a share of the link").toBeGreaterThan(
      0.8,
    )
  })
})

// Printed, the contact and privacy pages carried the menu button, the sign-up form and the
// footer's menu, and the footer's light words would print light on white (printers leave
// backgrounds out).
test.describe("printed", () => {
  for (const route of [contact.path, site.footer.privacyLink.path]) {
    test(`${route} prints its words, without the menu, the form or the footer's links, in dark ink`, async ({
      page,
    }) => {
      await page.goto(route)
      await waitForHydration(page)
      await page.emulateMedia({ media: "print" })
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
      await expect(
        page.getByRole("button", { name: site.menuButtonLabel, exact: true }),
      ).toBeHidden()
      await expect(page.getByRole("navigation", { name: site.navigationLabel })).toBeHidden()
      await expect(page.getByRole("contentinfo").getByRole("navigation")).toBeHidden()
      await expect(page.locator("main form")).toBeHidden()
      const light = await page.getByRole("contentinfo").evaluate((footer) =>
        [footer, ...footer.querySelectorAll("*")]
          .filter((element) => element.getClientRects().length > 0)
          .filter((element) => {
            const [r, g, b] = (getComputedStyle(element).color.match(/[\d.]+/g) ?? []).map(Number)
            // Printed on white: 4.5:1 or more is a colour no lighter than about #767676.
            return (r! + g! + b!) / 3 > 118
          })
          .map((element) => `${element.tagName} ${getComputedStyle(element).color}`),
      )
      expect(light).toEqual([])
      expect(
        await page
          .locator("[data-site-header]")
          .evaluate((header) => getComputedStyle(header).position),
      ).not.toBe("sticky")
    })
  }
})

test.describe("with JavaScript turned off", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })

  test("the navigation links are shown and every page reads in full", async ({ page }) => {
    const navigation = page.getByRole("navigation", { name: site.navigationLabel })
    for (const { path } of pageRoutes()) {
      await page.goto(path)
      await expect(page.getByRole("button", { name: site.menuButtonLabel })).toBeHidden()
      await expect(navigation.getByRole("link")).toHaveText(
        site.navigation.map((link) => link.label),
      )
      for (const link of await navigation.getByRole("link").all()) await expect(link).toBeVisible()
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
    }
  })

  for (const width of [320, 390]) {
    test(`at ${width} px the header with its links scrolls away and never covers the page`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 700 })
      await page.goto(home.path)
      const header = page.locator("[data-site-header]")
      const links = page.getByRole("navigation", { name: site.navigationLabel }).getByRole("link")
      for (const link of await links.all()) await expect(link).toBeVisible()
      // Compact: a few rows of small links under the name (the menu's own big links took 277 px
      // at 390 and 411 at 320).
      expect((await header.boundingBox())!.height).toBeLessThanOrEqual(240)
      await page.mouse.wheel(0, 600)
      await expect
        .poll(() => header.evaluate((element) => element.getBoundingClientRect().bottom))
        .toBeLessThanOrEqual(0)
    })
  }

  test("the sign-up form is there and posts to the endpoint (e2e/signup.spec.ts joins with it)", async ({
    page,
  }) => {
    await page.goto(contact.path)
    await expect(page.getByRole("button", { name: contact.submitLabel, exact: true })).toBeVisible()
    await expect(page.getByLabel(contact.emailLabel, { exact: true })).toBeEditable()
    await expect(page.locator('form[method="post"][action="/api/subscribe"]')).toHaveCount(1)
  })
})

/**
 * A screen as a visitor has it: `width` × `height` pixels at a browser zoom (2 is 200 %: half as
 * many CSS pixels across, each drawn twice as large) and a text size (32 px is 200 % text).
 */
function screenOf(width: number, height: number, { zoom = 1, textSize = 16 } = {}) {
  const kind = width < 600 ? "phone" : "window"
  const zoomed = zoom === 1 ? "" : ` at ${zoom * 100} % zoom`
  const text = textSize === 16 ? "" : ` with ${textSize} px text`
  return {
    name: `a ${width} px ${kind}${zoomed}${text}`,
    viewport: { width: Math.round(width / zoom), height: Math.round(height / zoom) },
    deviceScaleFactor: zoom,
    textSize,
  }
}

/** The screens a designer looked at: a 390 px phone, at 100 % and 200 % zoom, and a 1280 px window. */
const designerScreens = [screenOf(390, 844), screenOf(390, 844, { zoom: 2 }), screenOf(1280, 900)]

/** One test of `route` on each screen, from the page opened there with its faces loaded. */
function onScreens(
  screens: ReturnType<typeof screenOf>[],
  what: string,
  route: string,
  title: string,
  check: (page: Page) => Promise<void>,
) {
  for (const { name, viewport, deviceScaleFactor, textSize } of screens) {
    test.describe(`${what} on ${name}`, () => {
      test.use({ viewport, deviceScaleFactor })

      test(title, async ({ page }) => {
        if (textSize !== 16) {
          const cdp = await page.context().newCDPSession(page)
          await cdp.send("Page.setFontSizes", { fontSizes: { standard: textSize } })
        }
        await page.goto(route)
        await page.evaluate(() => document.fonts.ready)
        await check(page)
      })
    })
  }
}

// The collections' pictures are figures standing in the middle of the frame: the featured badge,
// in the picture's top corner, sat over their heads at 200 % zoom (and touched the hat's brim at
// 1280 px). It is on the card, above the collection's name, and covers none of the picture.
onScreens(
  designerScreens,
  "the featured badge",
  affiliate.path,
  "covers no part of its collection's picture",
  async (page) => {
    const featured = affiliate.collections.filter((collection) => collection.featured)
    expect(featured.length, "featured collections in data/affiliate.json").toBeGreaterThan(0)
    for (const collection of featured) {
      const card = page
        .getByRole("article")
        .filter({ has: page.getByRole("heading", { name: collection.title, exact: true }) })
      const badge = card.getByText(affiliate.featuredLabel, { exact: true })
      await expect(badge).toBeVisible()
      const [badgeBox, pictureBox] = await Promise.all([
        badge.boundingBox(),
        card.getByRole("img", { name: collection.imageAlt, exact: true }).boundingBox(),
      ])
      const over =
        badgeBox!.x < pictureBox!.x + pictureBox!.width &&
        pictureBox!.x < badgeBox!.x + badgeBox!.width &&
        badgeBox!.y < pictureBox!.y + pictureBox!.height &&
        pictureBox!.y < badgeBox!.y + badgeBox!.height
      expect(over, `"${collection.title}": the badge over its picture`).toBe(false)
    }
  },
)

// On the sign-up page each benefit's tick stood in its item's padding, which a narrow screen caps
// (in vw) below the tick's own width: at 200 % zoom the ticks touched their words. The room is
// measured in the pixels drawn, from the tick's last mark to the first word, against the text size.
onScreens(
  [...designerScreens, screenOf(390, 844, { textSize: 32 })],
  "the sign-up page's ticks",
  contact.path,
  "stand apart from their words",
  async (page) => {
    const items = page
      .getByRole("heading", { name: contact.benefitsHeading, exact: true })
      .locator("xpath=following-sibling::ul[1]")
      .getByRole("listitem")
    await expect(items).toHaveText(contact.benefits)
    for (const [index, benefit] of contact.benefits.entries()) {
      const item = items.nth(index)
      await item.scrollIntoViewIfNeeded()
      const { left, top, height, words, fontSize } = await item.evaluate((element) => {
        const range = document.createRange()
        range.selectNodeContents(element)
        const box = element.getBoundingClientRect()
        return {
          left: box.left,
          top: box.top,
          height: box.height,
          words: Math.min(...[...range.getClientRects()].map((rect) => rect.left)),
          fontSize: parseFloat(getComputedStyle(element).fontSize),
        }
      })
      // The item left of its words, where only the tick is drawn: its rightmost inked column.
      const clip = { x: left, y: top, width: words - left, height }
      const { data, info } = await sharp(await page.screenshot({ clip, scale: "css" }))
        .raw()
        .toBuffer({ resolveWithObject: true })
      let inked = -1
      for (let y = 0; y < info.height; y += 1) {
        for (let x = inked + 1; x < info.width; x += 1) {
          const i = (y * info.width + x) * info.channels
          const difference = [0, 1, 2].reduce(
            (sum, c) => sum + Math.abs(data[i + c]! - data[c]!),
            0,
          )
          if (difference > 150) inked = x
        }
      }
      expect(inked, `"${benefit}": its tick`).toBeGreaterThanOrEqual(0)
      const room = (info.width - (inked + 1)) / fontSize
      expect(
        room,
        `"${benefit}": the room between its tick and its words, in em`,
      ).toBeGreaterThanOrEqual(0.3)
    }
  },
)

// At 200 % zoom the footer's address broke inside a word ("hello@evergrace.ex / ample"): it may
// break after its "@" or before a "." only, and only where a whole line cannot hold it, and never
// runs past the screen, down to 320 px at 200 % zoom (160 px across) and with 32 px text. (Not
// in running text: src/components/ui/EmailLink.ts says why.)
onScreens(
  [
    ...designerScreens,
    screenOf(320, 640),
    screenOf(320, 640, { zoom: 2 }),
    screenOf(320, 640, { textSize: 32 }),
  ],
  "the footer's address",
  contact.path,
  "breaks only at its @ or a dot where a line cannot hold it, and stays on the screen",
  async (page) => {
    const route = contact.path
    {
      const addresses = page
        .getByRole("contentinfo")
        .getByRole("link", { name: site.contactEmail, exact: true })
      expect(await addresses.count(), route).toBe(1)
      for (const address of await addresses.all()) {
        await expect(address).toHaveText(site.contactEmail)
        const { fits, breaks, right, screenWidth, pageWidth } = await address.evaluate((link) => {
          // Each character of the address with the top of the line it is drawn on.
          const characters: { character: string; top: number }[] = []
          const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT)
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (let at = 0; at < (node.textContent ?? "").length; at += 1) {
              const range = document.createRange()
              range.setStart(node, at)
              range.setEnd(node, at + 1)
              characters.push({
                character: node.textContent![at]!,
                top: Math.round(range.getBoundingClientRect().top),
              })
            }
          }
          const breaks: string[] = []
          for (let i = 1; i < characters.length; i += 1) {
            if (characters[i]!.top === characters[i - 1]!.top) continue
            const text = characters.map(({ character }) => character).join("")
            breaks.push(`${text.slice(0, i)} / ${text.slice(i)}`)
          }
          // Whether the whole address fits on a line of its block: then it is on one line.
          const unbroken = link.cloneNode(true) as HTMLElement
          unbroken.style.cssText =
            "position: absolute; visibility: hidden; white-space: nowrap; max-width: none; width: max-content"
          link.parentElement!.append(unbroken)
          const natural = unbroken.getBoundingClientRect().width
          unbroken.remove()
          let block = link.parentElement!
          while (getComputedStyle(block).display.startsWith("inline")) block = block.parentElement!
          const { paddingLeft, paddingRight } = getComputedStyle(block)
          const line = block.clientWidth - parseFloat(paddingLeft) - parseFloat(paddingRight)
          const range = document.createRange()
          range.selectNodeContents(link)
          return {
            fits: natural <= line,
            breaks,
            right: range.getBoundingClientRect().right,
            screenWidth: document.documentElement.clientWidth,
            pageWidth: document.documentElement.scrollWidth,
          }
        })
        const sensible = (line: string) => /@ \/ |[^.] \/ \./.test(line)
        expect(
          breaks.filter((line) => !sensible(line)),
          route,
        ).toEqual([])
        if (fits) expect(breaks, `${route}: the address fits on a line, whole`).toEqual([])
        expect(right, `the address's right edge on ${route}`).toBeLessThanOrEqual(screenWidth + 1)
        expect(pageWidth, `${route}'s width`).toBeLessThanOrEqual(screenWidth)
      }
    }
  },
)

// The partner's buttons are not live yet (aria-disabled, with a note): under the pointer they
// filled or darkened as a live button does. They keep their look there, under a "not allowed"
// pointer, with their words at AA contrast and the keyboard's focus ring as before.
onScreens(
  designerScreens,
  "the buttons not open yet",
  affiliate.path,
  "look the same under the pointer, which says they are not active; focus still shows",
  async (page) => {
    // Their look once any transition is over.
    await page.emulateMedia({ reducedMotion: "reduce" })
    await waitForHydration(page)
    const buttons = page.getByRole("main").locator('button[aria-disabled="true"]')
    await expect(buttons).toHaveText([
      affiliate.partnership.buttonLabel,
      ...affiliate.collections.map(() => affiliate.exploreLabel),
    ])
    const look = (button: Locator) =>
      button.evaluate((element) => {
        const parse = (value: string) => {
          const [r = 0, g = 0, b = 0, a = 1] = (value.match(/[\d.]+/g) ?? []).map(Number)
          return { rgb: [r, g, b], a }
        }
        const luminance = (rgb: number[]) => {
          const [r, g, b] = rgb.map((c) => {
            const s = c / 255
            return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
          })
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
        }
        // The first solid colour behind the words: the button's, or what it stands on.
        let behind = parse("rgb(255, 255, 255)").rgb
        for (let node: Element | null = element; node; node = node.parentElement) {
          const colour = parse(getComputedStyle(node).backgroundColor)
          if (colour.a === 1) {
            behind = colour.rgb
            break
          }
        }
        const style = getComputedStyle(element)
        const [light, dark] = [luminance(parse(style.color).rgb), luminance(behind)].sort(
          (a, b) => b - a,
        )
        return {
          colours: {
            background: style.backgroundColor,
            text: style.color,
            border: style.borderTopColor,
          },
          cursor: style.cursor,
          contrast: (light! + 0.05) / (dark! + 0.05),
        }
      })
    for (let index = 0; index < (await buttons.count()); index += 1) {
      const button = buttons.nth(index)
      const label = `${await button.textContent()} (button ${index + 1})`
      await button.scrollIntoViewIfNeeded()
      await page.mouse.move(0, 0)
      const resting = await look(button)
      // Pointed at: the tooltips' code arrives and the part of the page is built again with
      // them, so the pointer moves on over the button, as hers does.
      await button.hover()
      await page.locator("html[data-tooltips]").waitFor({ state: "attached" })
      const box = (await button.boundingBox())!
      await page.mouse.move(box.x + box.width / 2 + 2, box.y + box.height / 2, { steps: 2 })
      expect(await button.evaluate((element) => element.matches(":hover")), label).toBe(true)
      const pointed = await look(button)
      expect(pointed.colours, `${label}: its colours under the pointer`).toEqual(resting.colours)
      expect(pointed.cursor, `${label}: the pointer over it`).toBe("not-allowed")
      expect(pointed.contrast, `${label}: its words' contrast`).toBeGreaterThanOrEqual(4.5)
      // By the keyboard, so the ring shows as it does for her.
      await button.focus()
      await page.keyboard.press("Shift+Tab")
      await page.keyboard.press("Tab")
      await expect(button).toBeFocused()
      const ring = await button.evaluate((element) => {
        const style = getComputedStyle(element)
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) }
      })
      expect(ring.style, `${label}: its focus ring`).not.toBe("none")
      expect(ring.width, `${label}: its focus ring's width`).toBeGreaterThanOrEqual(2)
    }
  },
)
