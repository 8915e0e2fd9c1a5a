/**
 * @jest-environment node
 */
import { editorProcesses, localEditor } from "../scripts/cms"
import { cmsConfig } from "../src/cms/config"
import { siteUrlFor } from "../src/cms/localEditor"

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

describe("the editor on a computer shows her changes where they are", () => {
  const live = "https://www.evergrace.example"
  const origin = "http://localhost:8000"

  test("npm run cms tells the CMS it is the local editor", () => {
    const site = editorProcesses({ mode: "git", branch: "main" }, "/repo").find(
      (process) => process.command === "gatsby develop",
    )
    expect(site?.env).toMatchObject({ GATSBY_CMS_LOCAL_EDITOR: "1", GATSBY_CMS_BRANCH: "main" })
  })

  test("View Live and the site link open the local site under npm run cms, the live site otherwise", () => {
    expect(siteUrlFor({ GATSBY_CMS_LOCAL_EDITOR: "1" }, origin, live)).toBe(origin)
    expect(siteUrlFor({}, origin, live)).toBe(live)
    const config = cmsConfig({
      pages: [],
      previewPaths: () => "/",
      siteUrl: siteUrlFor({ GATSBY_CMS_LOCAL_EDITOR: "1" }, origin, live),
      backend: { name: "github", repo: "evergrace/website" },
    })
    expect(config.site_url).toBe(origin)
  })
})
