import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { expect, test, type BrowserContext, type Page } from "@playwright/test"
import {
  stubAppName,
  stubClientId,
  stubRepo,
  stubUser,
  type GithubStub,
  type StubPush,
} from "./support/stubs/githubStub"
import { publishedEvent } from "../src/cms/PublishingNews"
import { cmsAuthTexts } from "../src/cmsAuth/signInTexts"
import { contentModel } from "../src/content/model"
import {
  announceCloudflarePreview,
  postCommitStatus,
  previewContexts,
} from "../src/previews/commitStatus"
import { publishFromEditor } from "./support/decapEditor"
import { forward } from "./support/forward"
import { skipWithoutGithubStub, startGithubSite, type GithubSite } from "./support/githubSite"

// Signing in to the CMS with GitHub, the whole way: the production build's /admin/, its sign-in
// endpoint (/api/auth, /api/callback) and a local stand-in for GitHub
// (e2e/support/stubs/githubStub.ts): its OAuth pages, its token endpoint, and the REST API the CMS
// calls at api.github.com, which the browser is sent to instead. The editor signs in, edits a text,
// publishes it, and the stub must have received the commit.
//
// Served by its own site server (as `npm start` serves it), or, under `npm run test:delivery`, by
// nginx with the API service and the site's real headers (/admin/'s opener policy included); that
// run starts the stub and names it in E2E_GITHUB_STUB_URL.

const repoRoot = path.resolve(__dirname, "..")
const words = cmsAuthTexts
const loginButton = "Login with GitHub"
const authorizeButton = `Authorize ${stubRepo.split("/")[0]}`

test.describe.configure({ mode: "serial", timeout: 90_000 })
skipWithoutGithubStub()

let baseURL: string
let githubUrl: string
let stub: GithubStub | undefined
let site: GithubSite | undefined

test.beforeAll(async () => {
  // The CMS publishes to the repository the build names; `npm test` builds with the stub's.
  const bundle = path.join(repoRoot, "public/admin/cms.js")
  const cms = existsSync(bundle) ? readFileSync(bundle, "utf8") : ""
  if (!cms.includes(JSON.stringify(stubRepo))) {
    throw new Error(
      `public/admin/cms.js is missing or was built without GATSBY_CMS_REPO=${stubRepo}, so there is no GitHub sign-in to test. ` +
        `Build with: GATSBY_CMS_REPO=${stubRepo} npm run build (npm test does).`,
    )
  }
  site = await startGithubSite()
  ;({ baseURL, githubUrl, stub } = site)
  // A retry runs this again with the stub another process runs (npm run test:delivery) as the
  // first try left it: a draft open, or the heading already published. Each try starts from the
  // repository's first commit.
  const reset = await fetch(`${githubUrl}/_stub/reset`, { method: "POST" })
  if (!reset.ok) throw new Error(`the GitHub stub was not reset: ${reset.status}`)
})

test.afterAll(async () => {
  await site?.stop()
})

/** The CMS's calls to GitHub's API (and its avatars) go to the stub; nothing else leaves. */
async function routeToStub(context: BrowserContext) {
  await forward(context, "https://api.github.com/", `${githubUrl}/api/v3/`)
  await forward(context, "https://avatars.githubusercontent.com/", `${githubUrl}/avatars/`)
  await context.route("https://www.githubstatus.com/**", (route) =>
    route.fulfill({
      json: {
        components: [
          { name: "API Requests", status: "operational" },
          { name: "Issues, Pull Requests, Projects", status: "operational" },
        ],
      },
    }),
  )
  // The CMS looks for decap-server on the editor's computer; one running here must not answer.
  await context.route("http://localhost:8081/**", (route) => route.abort("connectionrefused"))
}

async function pushes(): Promise<StubPush[]> {
  return (await fetch(`${githubUrl}/_stub/pushes`)).json() as Promise<StubPush[]>
}

/** The stub's REST API as a deploy service calls it, with a token of the editor's. */
async function githubApi() {
  const { token } = (await (
    await fetch(`${githubUrl}/_stub/token`, { method: "POST", body: "who=editor" })
  ).json()) as { token: string }
  const target = { apiUrl: `${githubUrl}/api/v3`, repo: stubRepo, token }
  const get = (route: string) =>
    fetch(`${target.apiUrl}/repos/${stubRepo}${route}`, {
      headers: { Authorization: `token ${token}` },
    })
  return {
    target,
    pulls: async () =>
      (await (await get("/pulls?state=open")).json()) as {
        head: { ref: string; sha: string }
        labels: { name: string }[]
      }[],
    branchExists: async (name: string) => (await get(`/branches/${name}`)).ok,
  }
}

/** Opens the CMS and clicks its sign-in: the window, at GitHub's consent page. */
async function startSignIn(page: Page): Promise<Page> {
  await routeToStub(page.context())
  await page.goto(`${baseURL}/admin/`)
  const opened = page.waitForEvent("popup")
  await page.getByRole("button", { name: loginButton }).click()
  const popup = await opened
  await expect(popup.getByRole("heading", { name: `Authorize ${stubAppName}` })).toBeVisible()
  // It went through the site's /api/auth, which named the site's own callback.
  const asked = new URL(popup.url())
  expect(`${asked.origin}${asked.pathname}`).toBe(`${githubUrl}/login/oauth/authorize`)
  expect(asked.searchParams.get("redirect_uri")).toBe(`${baseURL}/api/callback`)
  expect(asked.searchParams.get("client_id")).toBe(stubClientId)
  return popup
}

/**
 * Signed in, a page's browser tab title changed (`addition` after it) and saved as a draft: the
 * page's file as it was.
 */
async function saveTitleDraft(page: Page, name: "about" | "contact", addition: string) {
  const file = path.join(repoRoot, `data/${name}.json`)
  const before = JSON.parse(readFileSync(file, "utf8")) as { path: string; title: string }
  const popup = await startSignIn(page)
  await popup.getByRole("button", { name: authorizeButton }).click()
  await expect.poll(() => popup.isClosed(), { timeout: 15_000 }).toBe(true)
  await page.getByRole("link", { name: contentModel[name].label }).click()
  await page.getByLabel("Browser tab title", { exact: true }).fill(`${before.title} ${addition}`)
  await page.getByRole("button", { name: "Save", exact: true }).click()
  return before
}

test("signs in with GitHub; Save makes a draft and a pull request, the deploy service's status gives 'View Preview' on the entry's page, and Publish merges it", async ({
  page,
  context,
}) => {
  const shopFile = "data/shop.json"
  const draftBranch = "cms/pages/shop"
  const before = JSON.parse(readFileSync(path.join(repoRoot, shopFile), "utf8")) as {
    path: string
    heading: string
  }
  const heading = `Shop ${Date.now().toString(36)}`
  const pushedBefore = (await pushes()).length

  const popup = await startSignIn(page)
  await popup.getByRole("button", { name: authorizeButton }).click()
  // The window hands the token over and the CMS closes it.
  await expect
    .poll(() => popup.isClosed(), {
      message: "the CMS takes the sign-in and closes the window",
      timeout: 15_000,
    })
    .toBe(true)

  // Signed in: the CMS lists the collections from the stub's repository.
  await page.getByRole("link", { name: contentModel.shop.label }).click()
  const field = page.getByLabel("Page heading", { exact: true })
  await expect(field).toHaveValue(before.heading)
  await field.fill(heading)
  await page.getByRole("button", { name: "Save", exact: true }).click()

  // A draft: its own branch and a pull request labelled as a draft; main as it was.
  const api = await githubApi()
  await expect
    .poll(async () => (await api.pulls()).map((pull) => [pull.head.ref, pull.labels]), {
      message: "the CMS opens a pull request for the draft",
    })
    .toEqual([[draftBranch, [{ name: "decap-cms/draft" }]]])
  const drafts = (await pushes()).slice(pushedBefore)
  expect(drafts.map((push) => push.branch)).toEqual([draftBranch])
  expect(drafts[0]?.changed).toEqual([shopFile])
  expect(JSON.parse(drafts[0]?.files[shopFile] ?? "{}").heading).toBe(heading)
  expect(drafts[0]?.author.name).toBe(stubUser.name)

  // The deploy service builds the draft and says so on its commit, as Netlify does. After a Save
  // the CMS looks every 5 s for two minutes ("Check for Preview", greyed): "View Preview" then
  // opens the entry's page of the preview. (The stand-in preview is the build under test, served
  // here: building the draft is the host's job.)
  // "Check for Preview" while the commit has no status yet: looked for before the status is
  // posted, since the CMS's next look may find it first and show "View Preview" at once.
  await expect(page.getByRole("button", { name: "Check for Preview" })).toBeVisible({
    timeout: 15_000,
  })
  const previewSite = baseURL
  const [draft] = await api.pulls()
  await postCommitStatus(api.target, draft!.head.sha, {
    state: "success",
    context: previewContexts.netlify,
    description: "Deploy Preview ready!",
    targetUrl: previewSite,
  })
  const viewPreview = page.getByRole("link", { name: "View Preview" })
  await expect(viewPreview).toHaveAttribute("href", `${previewSite}${before.path}`, {
    timeout: 15_000,
  })
  const opened = context.waitForEvent("page")
  await viewPreview.click()
  const preview = await opened
  await expect(preview).toHaveURL(`${previewSite}${before.path}`)
  await expect(preview.getByRole("heading", { level: 1 })).toBeVisible()
  await preview.close()
  expect((await pushes()).filter((push) => push.branch === "main")).toEqual([])

  // The site's corner hears of the publish, to follow its build closely (src/cms/PublishingNews.tsx;
  // e2e/delivery/publishing.spec.ts shows it following one).
  await page.evaluate((name) => {
    window.addEventListener(name, () => document.body.setAttribute("data-published", "yes"))
  }, publishedEvent)
  // Ready, then published from the editor: the pull request is merged and its branch removed.
  await publishFromEditor(page)
  await expect
    .poll(async () => (await pushes()).filter((push) => push.branch === "main").length, {
      message: "Publish merges the pull request into main",
    })
    .toBe(1)
  const merged = (await pushes()).filter((push) => push.branch === "main").at(-1)
  expect(merged?.changed).toEqual([shopFile])
  // Only the heading changed, in the format of data/.
  expect(merged?.files[shopFile]).toBe(`${JSON.stringify({ ...before, heading }, null, 2)}\n`)
  await expect.poll(async () => (await api.pulls()).length).toBe(0)
  await expect(page.locator("body")).toHaveAttribute("data-published", "yes")
  // Decap deletes the draft's branch in a call of its own, after the merge.
  await expect.poll(() => api.branchExists(draftBranch)).toBe(false)
  // Every call the CMS made was one the stub answers as GitHub does (a stub of this spec's own).
  if (stub) expect(stub.unhandled).toEqual([])
})

test("on Cloudflare Pages, which posts no status, the workflow's status gives 'View Preview' on the branch's alias", async ({
  page,
  context,
}) => {
  const before = await saveTitleDraft(page, "about", "(spring)")
  const api = await githubApi()
  await expect
    .poll(async () => (await api.pulls()).map((pull) => pull.head.ref))
    .toEqual(["cms/pages/about"])
  const [draft] = await api.pulls()

  // What .github/workflows/cms-preview-status.yml runs once Cloudflare has built the branch: its
  // alias serves the draft's commit (its preview.json says so; here without Cloudflare).
  const project = "evergrace-site"
  const alias = `https://cms-pages-about.${project}.pages.dev`
  const status = await announceCloudflarePreview({
    github: api.target,
    sha: draft!.head.sha,
    branch: draft!.head.ref,
    project,
    fetch: async () => Response.json({ preview: true, commit: draft!.head.sha }),
  })
  expect(status.state).toBe("success")
  const viewPreview = page.getByRole("link", { name: "View Preview" })
  await expect(viewPreview).toHaveAttribute("href", `${alias}${before.path}`, { timeout: 15_000 })
  // The alias is served here by the build under test, in Cloudflare's place.
  await forward(context, `${alias}/`, `${baseURL}/`)
  const opened = context.waitForEvent("page")
  await viewPreview.click()
  const preview = await opened
  await expect(preview).toHaveURL(`${alias}${before.path}`)
  await expect(preview.getByRole("heading", { level: 1 })).toBeVisible()
  if (stub) expect(stub.unhandled).toEqual([])
})

test("published before its preview was ready: View Live opens the live page, and stays", async ({
  page,
}) => {
  const { siteUrl } = JSON.parse(readFileSync(path.join(repoRoot, "data/site.json"), "utf8")) as {
    siteUrl: string
  }
  const before = await saveTitleDraft(page, "contact", "(winter)")
  // No status on the draft's commit: the CMS looks for one every 5 s.
  await expect(page.getByRole("button", { name: "Check for Preview" })).toBeVisible({
    timeout: 15_000,
  })
  await publishFromEditor(page)
  const api = await githubApi()
  // Merged: its pull request is closed (the one before this test's stays open).
  await expect
    .poll(async () => (await api.pulls()).map((pull) => pull.head.ref))
    .not.toContain("cms/pages/contact")
  const viewLive = page.getByRole("link", { name: "View Live" })
  const livePage = `${siteUrl.replace(/\/$/, "")}${before.path}`
  await expect(viewLive).toHaveAttribute("href", livePage, { timeout: 15_000 })
  // The draft's look, stopped as the published page opened, ended up to 5 s later, and its "none
  // found" put "Check for Preview" back in View Live's place (seen at 4 s; patches/decap-cms-app…).
  // Nothing in the page marks that moment, so the test waits it out.
  await page.waitForTimeout(6_000)
  await expect(viewLive).toHaveAttribute("href", livePage)
  if (stub) expect(stub.unhandled).toEqual([])
})

test("the sign-in page shows the boutique's own mark: one of the site's icons, loaded", async ({
  page,
}) => {
  await routeToStub(page.context())
  await page.goto(`${baseURL}/admin/`)
  await expect(page.getByRole("button", { name: loginButton })).toBeVisible()
  // Decap names a configured logo "Logo"; without one it draws its own, an SVG.
  const mark = page.getByRole("img", { name: "Logo" })
  const manifest = JSON.parse(
    readFileSync(path.join(repoRoot, "public/manifest.webmanifest"), "utf8"),
  ) as { icons: { src: string }[] }
  expect(manifest.icons.map((icon) => `/${icon.src}`)).toContain(await mark.getAttribute("src"))
  await expect
    .poll(() => mark.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0)
})

test("cancelled on GitHub's page: the window says so, and the CMS still offers the sign-in", async ({
  page,
}) => {
  const popup = await startSignIn(page)
  await popup.getByRole("button", { name: "Cancel" }).click()
  await expect(popup.getByRole("heading", { name: words.problems.denied.title })).toBeVisible()
  expect(new URL(popup.url()).pathname).toBe("/api/callback")
  await expect(popup.getByText(words.tryAgain)).toBeVisible()
  await expect(page.getByRole("button", { name: loginButton })).toBeEnabled()
})

test("a sign-in that outlived its cookie, or a callback opened on its own: expired", async ({
  page,
  context,
}) => {
  const popup = await startSignIn(page)
  // The state cookie is gone, as after 10 minutes.
  await context.clearCookies()
  await popup.getByRole("button", { name: authorizeButton }).click()
  await expect(popup.getByRole("heading", { name: words.problems.badState.title })).toBeVisible()
  expect(await popup.evaluate(() => window.opener !== null)).toBe(true)

  const alone = await context.newPage()
  await alone.goto(`${baseURL}/api/callback?code=made-up&state=made-up`)
  await expect(alone.getByRole("heading", { name: words.problems.badState.title })).toBeVisible()
})

test("a sign-in finished in a window the CMS did not open says it has no editor to hand it to", async ({
  page,
}) => {
  await routeToStub(page.context())
  await page.goto(`${baseURL}/api/auth?provider=github`)
  await page.getByRole("button", { name: authorizeButton }).click()
  await expect(page.getByRole("heading", { name: words.signedIn.title })).toBeVisible()
  // Its script runs (the policy allows it by hash) and, with no CMS to talk to, says so.
  await expect(page.getByText(words.signedIn.lost)).toBeVisible()
})

test("a page of another origin that opens the sign-in is handed nothing", async ({ page }) => {
  test.setTimeout(60_000)
  await routeToStub(page.context())
  // The same site at another origin (127.0.0.1, not localhost) stands in for a stranger's page.
  const stranger = baseURL.replace("localhost", "127.0.0.1")
  await page.goto(`${stranger}/`)
  await page.evaluate(() => {
    const heard: string[] = []
    Object.assign(window, { heard })
    window.addEventListener("message", (event) => heard.push(String(event.data)))
  })
  const opened = page.waitForEvent("popup")
  await page.evaluate(
    (url) => void window.open(url, "sign-in"),
    `${baseURL}/api/auth?provider=github`,
  )
  const popup = await opened
  await popup.getByRole("button", { name: authorizeButton }).click()
  await expect(popup.getByRole("heading", { name: words.signedIn.title })).toBeVisible()
  // Its messages go to the site's own origin only, so the opener hears nothing, and the window
  // gives up once nobody answers (10 s).
  await expect(popup.getByText(words.signedIn.lost)).toBeVisible({ timeout: 20_000 })
  expect(await page.evaluate(() => (window as unknown as { heard: string[] }).heard)).toEqual([])
})
