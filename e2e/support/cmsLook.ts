import type { Locator, Page } from "@playwright/test"

// What the CMS's screens look like to her, for e2e/cms.spec.ts and e2e/cms-phone.spec.ts: what the
// site changes in Decap's look is src/cms/decapStyles.ts.

/** The ring round the focused element, or round its nearest box that wears one (a menu's). */
export interface FocusRing {
  /** What has the focus: its label, or its text. */
  name: string
  /** The outline's style ("none" where nothing wears one), and its width in pixels. */
  style: string
  width: number
  /** Its contrast with what is around it: the background it is drawn on. */
  contrast: number
}

/**
 * The focus ring of the element that has the keyboard's focus. The ring may be worn by a box round
 * it (a menu's text box is a few pixels wide inside the menu): the nearest of the element and
 * three of its parents with an outline.
 */
export function focusRing(page: Page): Promise<FocusRing> {
  return page.evaluate(async () => {
    const focused = document.activeElement!
    // The element and three of its parents, nearest first.
    const boxes: Element[] = []
    for (let at: Element | null = focused; at && boxes.length < 4; at = at.parentElement) {
      boxes.push(at)
    }
    // A ring that comes in with a transition (react-select's menu: 100 ms), once it is in.
    await Promise.all(
      boxes.flatMap((box) => box.getAnimations()).map((animation) => animation.finished),
    )
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number)
    const luminance = (value: string) => {
      const [r, g, b] = rgb(value).map((channel) => {
        const s = channel / 255
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
    }
    const ringed = boxes.find((box) => getComputedStyle(box).outlineStyle !== "none") ?? focused
    const style = getComputedStyle(ringed)
    // What it is drawn on: the nearest background behind the box, not see-through.
    let surface = ringed.parentElement
    while (surface && rgb(getComputedStyle(surface).backgroundColor)[3] === 0) {
      surface = surface.parentElement
    }
    const behind = luminance(getComputedStyle(surface ?? document.body).backgroundColor)
    const [light, dark] = [luminance(style.outlineColor), behind].sort((a, b) => b - a)
    const label = focused.id ? document.querySelector(`label[for="${focused.id}"]`) : null
    return {
      name: (label?.textContent || focused.textContent || focused.tagName).trim().slice(0, 40),
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth) || 0,
      contrast: (light! + 0.05) / (dark! + 0.05),
    }
  })
}

/**
 * The editor's toolbar controls (the way back, Save, Status, Publish, the preview's) that something
 * else lies over at their middle, where she presses: by their text.
 */
export function coveredToolbarControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[class*="-ToolbarContainer"] :is(a, button, [role="button"])')]
      .filter((control) => control.getBoundingClientRect().width > 0)
      .filter((control) => {
        const box = control.getBoundingClientRect()
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
        return !hit || !control.contains(hit)
      })
      .map((control) => control.textContent?.trim() ?? ""),
  )
}

/** Whether a press at the middle of `control` reaches it, not something lying over it. */
export function uncovered(control: Locator): Promise<boolean> {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    return hit !== null && element.contains(hit)
  })
}

/**
 * Waits until a notice has slid in to its place: its own animations, not its parts' (the bar that
 * shows the time left runs until it goes).
 */
export async function arrived(notice: Locator) {
  await notice.evaluate(async (element) => {
    await Promise.all(element.getAnimations().map((animation) => animation.finished))
  })
}
