import { startGithubStub, type GithubStub } from "../../e2e/support/stubs/githubStub"
import { forgetStaffAccess } from "../../src/membership/web/staff/staffAccess"

/**
 * The GitHub stub the staff's door asks (e2e/support/stubs/githubStub.ts), started once for a test
 * file, with the door's kept answers and failed sign-ins forgotten before each test. Returns the
 * running stub, for a test's `beforeEach` or body.
 */
export function githubForStaff(site: string): () => GithubStub {
  let stub: GithubStub | undefined
  beforeAll(async () => {
    stub = await startGithubStub({ callbackUrl: `${site}/api/callback` })
  })
  afterAll(() => stub?.close())
  beforeEach(() => forgetStaffAccess())
  return () => {
    if (!stub)
      throw new Error("the GitHub stub is not running (githubForStaff: a test's hooks only)")
    return stub
  }
}
