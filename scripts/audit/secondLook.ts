// The second look of the quality gate's Lighthouse part: where the machine blocked in any of the
// control page's runs (./controlPage.ts), a route that missed a budget judged by its best run runs
// again, a few more times, and is judged on all its runs. Only those budgets: the best run is the
// nearest to what the page itself costs, and more runs on a busy machine bring it nearer (and
// give a page near its budget more chances: the price, docs/decisions.md).
// A budget judged by every run (accessibility, layout shift, script size) is never retried: a
// run that found a problem is never outvoted. Why: docs/decisions.md, "When the machine blocks".

import { existsSync } from "node:fs"
import { machineBlocks } from "./controlPage"

/** One line of Lighthouse CI's assertion-results.json, as far as the second look reads it. */
export interface AssertionResult {
  url: string
  auditId: string
  auditProperty?: string
  level: string
}

/** lighthouserc.cjs's assertions by audit (or `categories:name`): a level, or `[level, options]`. */
export type Assertions = Record<string, string | [string, { aggregationMethod?: string }?]>

/** Runs a route may get beyond the rounds: the five of the audits before 2026-11-28, and one. */
export const extraRuns = 3

/**
 * The assertion's key for a result: the audit, and its property with `:` where the results have
 * `.` (`resource-summary:script:size` for `script.size`, `categories:performance`).
 */
const keyOf = ({ auditId, auditProperty }: AssertionResult) =>
  auditProperty ? [auditId, ...auditProperty.split(".")].join(":") : auditId

/**
 * The routes (paths) to run again: those that missed, as an error, a budget judged by the best
 * run (`optimistic`, Lighthouse CI's default), given the control page's blocking time in each
 * run. None where the control page never blocked: there a
 * miss is the page's own. A miss of no budget found in `assertions` is never run again.
 */
export function routesToRunAgain(
  results: AssertionResult[],
  assertions: Assertions,
  controlBlockingTimes: number[],
): string[] {
  if (!machineBlocks(controlBlockingTimes)) return []
  const byBestRun = (result: AssertionResult) => {
    const assertion = assertions[keyOf(result)]
    if (assertion === undefined) return false
    const options = Array.isArray(assertion) ? assertion[1] : undefined
    return (options?.aggregationMethod ?? "optimistic") === "optimistic"
  }
  const paths = results
    .filter((result) => result.level === "error" && byBestRun(result))
    .map((result) => new URL(result.url).pathname)
  return [...new Set(paths)]
}

/**
 * Waits until `file` exists, at most `limitMs`: whether it came. Under `npm test` the publisher's
 * tests run beside the gate and write their file as they end (scripts/test.ts), so that the
 * second look runs on a machine with nothing beside it.
 */
export async function waitForFile(file: string, limitMs: number, pollMs = 1000): Promise<boolean> {
  const until = Date.now() + limitMs
  for (;;) {
    if (existsSync(file)) return true
    if (Date.now() >= until) return false
    await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, until - Date.now())))
  }
}
