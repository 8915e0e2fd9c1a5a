/**
 * @jest-environment node
 */
import { backendPort, editorProcesses, localEditor } from "../scripts/cms"
import { cmsConfig } from "../src/cms/config"
import { localBackendFor, siteUrlFor } from "../src/cms/localEditor"

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

  test("content not committed (what the editor wrote without drafts): commit and push it, never stash it", () => {
    const editor = localEditor({
      branch: "main",
      changes: [" M data/home.json", "?? data/images/about-image.jpg"],
    })
    expect(editor.mode).toBe("fs")
    expect(editor.reason).toContain("data/home.json")
    expect(editor.reason).toMatch(/commit them \(git add data && git commit/)
    expect(editor.reason).toContain("git push")
    expect(editor.reason).not.toMatch(/stash/)
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

describe("two copies of the project can each run npm run cms", () => {
  test("decap-server's port is CMS_BACKEND_PORT, and the CMS is told it", () => {
    const port = backendPort({ CMS_BACKEND_PORT: "9601" })
    const [backend, site] = editorProcesses({ mode: "git", branch: "main" }, "/repo", port)
    expect(backend?.env).toMatchObject({ PORT: "9601" })
    expect(site?.env).toMatchObject({ GATSBY_CMS_BACKEND_PORT: "9601" })
    const config = cmsConfig({
      pages: [],
      previewPaths: () => "/",
      siteUrl: "http://localhost:8000",
      backend: { name: "github", repo: "evergrace/website" },
      localBackend: localBackendFor({ GATSBY_CMS_BACKEND_PORT: "9601" }),
    })
    expect(config.local_backend).toEqual({ url: "http://localhost:9601/api/v1" })
  })

  test("without it, Decap's own 8081", () => {
    expect(backendPort({})).toBe("8081")
    expect(localBackendFor({})).toBe(true)
  })

  test("a port that is not a number is refused in words", () => {
    expect(() => backendPort({ CMS_BACKEND_PORT: "80a1" })).toThrow(/give a port number/)
  })
})
