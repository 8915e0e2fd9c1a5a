// `npm run loadtest:signup` (part of npm test, after the build): 1,000 sign-ups with distinct
// addresses through nginx to the API service at once; fails unless each is stored exactly once.
import { loadSignups, signupLoadProblems } from "./delivery/signupLoad"

const count = Number(process.env.LOADTEST_SIGNUPS ?? 1000)

void loadSignups({ count }).then((figures) => {
  console.log(figures)
  const problems = signupLoadProblems(figures, count)
  for (const problem of problems) console.error(`sign-up load test: ${problem}`)
  console.log(problems.length ? "sign-up load test FAILED" : "sign-up load test passed")
  process.exit(problems.length ? 1 : 0)
})
