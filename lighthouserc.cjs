// The quality gate's Lighthouse budgets, asserted by Lighthouse CI (`lhci assert`) on the runs of
// `npm run audit:lighthouse` (scripts/audit.ts): every route and the 404, three times on Lighthouse's
// mobile settings (lighthouse.config.mjs), in rounds (up to six where the machine blocks: the
// second look, scripts/audit/secondLook.ts), and once on its desktop ones
// (AUDIT_FORM_FACTOR=desktop: their budgets). Why each budget is what it is: docs/quality-gate.md.

/** @typedef {[string, { aggregationMethod: string, minScore?: number, maxNumericValue?: number }]} Assertion */

/** Judged by the worst run: a run that found a problem is never outvoted. */
const everyRun = { aggregationMethod: "pessimistic" }
/**
 * Judged by the best run (Lighthouse CI's default): contention on a shared machine only ever
 * adds time, so the fastest run is the nearest to what the page itself costs.
 */
const bestRun = { aggregationMethod: "optimistic" }

/**
 * The budgets of a form factor. `machineBlocks`: set by scripts/audit.ts (AUDIT_MACHINE_BLOCKS)
 * where any of the control page's runs blocked: Total Blocking Time then measures the machine as
 * much as the page, and mobile performance is judged without it (lighthouse.config.mjs;
 * docs/decisions.md, "When the machine blocks").
 * @param {{ desktop: boolean, machineBlocks: boolean }} formFactor
 * @returns {Record<string, Assertion>}
 */
function assertionsFor({ desktop, machineBlocks }) {
  /** @type {Record<string, Assertion>} */
  const mobileOnly = {
    [machineBlocks ? "categories:performance-without-tbt" : "categories:performance"]: [
      "error",
      { minScore: 0.95, ...bestRun },
    ],
    // Held whether or not the machine blocks: a page that begins to block for a second fails.
    // Where the machine blocks, a route short on this or on performance runs again
    // (scripts/audit/secondLook.ts).
    "total-blocking-time": ["error", { maxNumericValue: 1000, ...bestRun }],
  }
  return {
    "categories:accessibility": ["error", { minScore: 1, ...everyRun }],
    "categories:best-practices": ["error", { minScore: 1, ...everyRun }],
    "categories:seo": ["error", { minScore: 1, ...everyRun }],
    // 0 as Lighthouse shows it, to three decimals: 0.0005 shows as 0.001 and fails.
    "cumulative-layout-shift": ["error", { maxNumericValue: 0.000499, ...everyRun }],
    // The JavaScript a route downloads, as sent (KB = 1000 bytes): 90 KB with React 18.
    "resource-summary:script:size": ["error", { maxNumericValue: 90_000, ...everyRun }],
    ...(desktop ? {} : mobileOnly),
  }
}

module.exports = {
  ci: {
    assert: {
      assertions: assertionsFor({
        desktop: process.env.AUDIT_FORM_FACTOR === "desktop",
        machineBlocks: process.env.AUDIT_MACHINE_BLOCKS === "1",
      }),
    },
  },
  // For scripts/audit.ts's second look, which asks how each budget is judged.
  assertionsFor,
}
