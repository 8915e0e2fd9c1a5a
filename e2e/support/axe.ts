import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"

/** The WCAG 2.2 AA rules of axe-core that every page and the staff's page are held to. */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

/** axe's violations on the page as it is now, one line each: rule, impact, help and where. */
export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(wcagTags).analyze()
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(" "))
        .join(", ")}`,
  )
}
