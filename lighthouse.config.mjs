// Lighthouse's own configuration (mobile, simulated throttling) with one category more for the
// quality gate (lighthouserc.cjs): performance without Total Blocking Time, Lighthouse's weighted
// mean of its metrics' scores with TBT left out, so the other weights count out of their own sum
// (FCP 10, Speed Index 10, LCP 25 and CLS 25 of 70 in Lighthouse 12). The gate judges it instead
// of Lighthouse's performance score where the control page shows that the machine itself blocks
// (docs/decisions.md, "When the machine blocks").
import defaultConfig from "lighthouse/core/config/default-config.js"

const performance = defaultConfig.categories?.performance
if (!performance) throw new Error("Lighthouse's default configuration has no performance category")

export default {
  extends: "lighthouse:default",
  categories: {
    "performance-without-tbt": {
      title: "Performance without TBT",
      description: "Lighthouse's performance score with Total Blocking Time left out.",
      auditRefs: performance.auditRefs
        .filter(({ id, weight }) => weight > 0 && id !== "total-blocking-time")
        .map(({ id, weight }) => ({ id, weight })),
    },
  },
}
