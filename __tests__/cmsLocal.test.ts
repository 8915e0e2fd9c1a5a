/**
 * @jest-environment node
 */
import { localEditor } from "../scripts/cms"

// `npm run cms` (scripts/cms.ts): decap-server's Git mode, with drafts, on the branch checked out;
// its file mode, and why, where Git mode would commit someone's unfinished work or cannot run.

describe("npm run cms", () => {
  test("a clean checkout: drafts, made from and published into the branch checked out", () => {
    expect(localEditor({ branch: "content-spring", changes: [] })).toEqual({
      mode: "git",
      branch: "content-spring",
    })
  })

  test("changes not committed: no drafts this time, and what to do about it", () => {
    const editor = localEditor({
      branch: "main",
      changes: [" M src/components/home/Hero.tsx", "?? notes.txt"],
    })
    expect(editor.mode).toBe("fs")
    expect(editor.branch).toBeUndefined()
    expect(editor.reason).toContain("src/components/home/Hero.tsx")
    expect(editor.reason).toMatch(/Commit or stash them \(git stash\)/)
  })

  test("no branch (not a Git checkout, or a detached HEAD): no drafts", () => {
    expect(localEditor({ changes: [] })).toEqual({
      mode: "fs",
      reason: expect.stringMatching(/not on a Git branch/),
    })
  })
})
