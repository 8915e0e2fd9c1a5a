import { execFile } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync } from "node:fs"
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises"
import { setPriority, tmpdir } from "node:os"
import path from "node:path"
import { promisify } from "node:util"
import { expect, test, type Page } from "@playwright/test"
import { contentFilePath } from "../../src/content/fields"
import { goLiveMoment, waitingEntries } from "../../src/content/goLive"
import { contentModel } from "../../src/content/model"
import { publishingPanelId, type PublishRecord } from "../../src/publishing/publishesApi"
import type { BuildStep } from "../../src/publishing/node/build"
import {
  startPublishingServer,
  type PublishingServer,
} from "../../src/publishing/node/publishingServer"
import { Releases, undoneChangeOut } from "../../src/publishing/node/releases"
import { publishSettings } from "../../src/publishing/node/settings"
import { failureWords, statusWords } from "../../src/publishing/node/statusWords"
import { previewNoticeId } from "../../src/previews/previewSite"
import { membersPagePath, signupEndpoint } from "../../src/shared/endpoints"
import { escapeRegExp } from "../../src/utils/escapeRegExp"
import { publishedUrl } from "../support/content"
import { startNginx, type NginxServer } from "../support/nginx"
import {
  eventually,
  requestWithHost,
  makeOrigin,
  postWebhook,
  pullRequestPayload,
  pushPayload,
  TestClock,
  type Origin,
} from "../support/publishing"
import { forward } from "../support/forward"
import { freePort } from "../support/servers"
import { publishedEvent } from "../../src/cms/PublishingNews"
import { cmsUserKey } from "../../src/membership/staffPage/session"
import { publishingTexts } from "../../src/publishing/staffPage/publishingTexts"
import { fixedSpace } from "../../src/theme/tokens"
import { startGithubStub, stubRepo, stubUser, type GithubStub } from "../support/stubs/githubStub"

// The publisher with real parts (`npm run test:publishing`, after a build): a bare
// Git repository as GitHub's, commits pushed to it and GitHub's webhooks signed and posted here,
// real builds, the site read over HTTP from the site's own server (as `npm start` runs it with
// PUBLISH_REPO and PUBLISH_SECRET: src/publishing/node/publishingServer.ts) and from nginx with
// the shipped configuration in front of it, commit statuses read back from the GitHub stub, and a
// clock the test moves for a go-live date. The tests run in order, on one server: each builds on
// what the one before published. The publisher's folder is kept between runs on this machine
// (in the temporary folder: its working copy's Gatsby cache with it), its releases emptied.

const root = path.resolve(__dirname, "../..")
const exec = promisify(execFile)
// Outside the project (its working copy is a copy of it), one per checkout on this machine.
const stateDir = path.resolve(
  process.env.PUBLISH_TEST_DIR ??
    path.join(
      tmpdir(),
      `evergrace-publish-test-${createHash("sha256").update(root).digest("hex").slice(0, 8)}`,
    ),
)
const secret = "webhook-secret-for-the-test"
const buildMs = 4 * 60_000
/**
 * The first build is cold in a fresh clone (no Gatsby cache in the publisher's folder yet), and in
 * `npm test` it runs at nice 19 beside Lighthouse (scripts/test.ts), on the core Lighthouse leaves:
 * the start's, or, where the server starts at the branch's head, the first push's.
 */
const firstBuildMs = 2 * buildMs
/**
 * The builds' priority where `npm test` asks for another than production's 10: it runs these
 * tests beside Lighthouse (scripts/test.ts), and at nice 10 the builds doubled the pages' blocking
 * time there; at 19 they add less (docs/decisions.md, "Lighthouse and the publisher's tests side
 * by side"). Set here, as each step starts and before it starts Gatsby's workers: the publisher
 * sets its builds to 10 itself, and may, as root, raise them from the 19 of the test's process.
 */
const buildNice = niceFrom(process.env.PUBLISH_TEST_BUILD_NICE)

function niceFrom(value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined
  const nice = Number(value)
  if (!Number.isInteger(nice) || nice < -20 || nice > 19)
    throw new Error(`PUBLISH_TEST_BUILD_NICE must be a whole number from -20 to 19, not "${value}"`)
  return nice
}

let scratch: string
let origin: Origin
let github: GithubStub
let nginx: NginxServer
let server: PublishingServer
let siteUrl: string
let previewPort: number
const clock = new TestClock(Date.now())
const builds: { step: BuildStep; pid: number; at: number }[] = []
/** What the publisher logged, for the last test. */
const logged: string[] = []
let statusToken = ""

test.describe.configure({ mode: "serial", timeout: 10 * 60_000 })

test.beforeAll(async () => {
  test.setTimeout(firstBuildMs + 60_000)
  scratch = await mkdtemp(path.join(tmpdir(), "evergrace-publishing-"))
  origin = await makeOrigin(scratch)
  // What one run leaves but the Git copy and the working copy with its cache.
  for (const name of existsSync(stateDir) ? await readdir(stateDir) : []) {
    if (name !== "work" && name !== "repo.git")
      await rm(path.join(stateDir, name), { recursive: true, force: true })
  }
  // nginx includes the pages' policy the publisher writes; the first one is the checkout's build's.
  await mkdir(path.join(stateDir, "nginx"), { recursive: true })
  await copyFile(
    path.join(root, "deploy/nginx/evergrace/csp.generated.conf"),
    path.join(stateDir, "nginx", "csp.conf"),
  )
  github = await startGithubStub({
    callbackUrl: "http://127.0.0.1/api/callback",
    dataDir: path.join(root, "data"),
  })
  const port = await freePort()
  previewPort = await freePort()
  nginx = await startNginx({ publishDir: stateDir, previewPort, apiPort: port })
  siteUrl = `http://127.0.0.1:${port}`
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    TRUST_PROXY: "1",
    MEMBERS_STORE: path.join(scratch, "members"),
    // The staff's page asks the GitHub stub about the editor, as the OAuth App.
    ...github.settings,
    PUBLISH_REPO: origin.url,
    PUBLISH_SECRET: secret,
    PUBLISH_DIR: stateDir,
    PUBLISH_GITHUB_TOKEN: (statusToken = github.tokenFor("editor")),
    PUBLISH_PREVIEW_PORT: String(previewPort),
    PUBLISH_PREVIEW_URL: "http://{preview}.preview.evergrace.example",
    PUBLISH_NGINX_RELOAD: nginx.reloadCommand,
    PUBLISH_NGINX_URL: nginx.checkUrl,
  }
  const settings = publishSettings(env, { appDir: root, port, host: "127.0.0.1" })
  if (!settings) throw new Error("PUBLISH_REPO was not read")
  server = await startPublishingServer({
    settings,
    env,
    port,
    hostname: "127.0.0.1",
    trustProxy: true,
    clock,
    onBuildStep: (step, child) => {
      try {
        if (buildNice !== undefined && child.pid) setPriority(child.pid, buildNice)
      } catch {
        // Not allowed here: it runs at the publisher's priority, as in production.
      }
      builds.push({ step, pid: child.pid ?? 0, at: Date.now() })
    },
    log: (line) => {
      logged.push(line)
      console.log(`    publish: ${line}`)
    },
  })
})

test.afterAll(async () => {
  await server?.stop()
  await nginx?.stop()
  await github?.close()
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

/** Both servers visitors may reach: the site's own (npm start) and nginx in front of it. */
const servers = () => [siteUrl, nginx.baseUrl]
const page = async (base: string, address: string) => (await fetch(`${base}${address}`)).text()
const servedEverywhere = async (address: string, text: string) =>
  (
    await Promise.all(servers().map(async (base) => (await page(base, address)).includes(text)))
  ).every(Boolean)

const push = (commit: string, extra: { forged?: string; delivery?: string } = {}) =>
  postWebhook(siteUrl, { event: "push", payload: pushPayload(stubRepo, commit), secret, ...extra })

/** A draft's pull request opened (or pushed to), or closed, as GitHub tells the server. */
const pullRequest = (action: "opened" | "closed", branch: string, commit: string) =>
  postWebhook(siteUrl, {
    event: "pull_request",
    payload: pullRequestPayload(stubRepo, action, branch, commit),
    secret,
  })

const statusesOf = (sha: string, context = "evergrace/publish") =>
  github.statuses.filter((status) => status.sha === sha && status.context === context)
const records = async (): Promise<PublishRecord[]> => (await server.publisher.publishes()).records
const liveCommit = async () => (await server.publisher.publishes()).live?.commit

const retitled =
  (title: string) =>
  async (files: {
    read: <T>(name: string) => Promise<T>
    write: (name: string, value: unknown) => Promise<void>
  }) => {
    const journal = await files.read<{ articles: { title: string }[] }>("journal")
    const [first] = journal.articles
    if (!first) throw new Error("data/journal.json has no article")
    first.title = title
    await files.write("journal", journal)
  }

/** A commit's files in the repository standing in for GitHub's (Git's tree of it). */
const filesOf = async (commit: string) =>
  (await exec("git", ["--git-dir", origin.url, "rev-parse", `${commit}^{tree}`])).stdout.trim()

/** A tab signed in to the CMS as the editor (Decap's session), as the staff's pages read it. */
const signedIn = (tab: Page) =>
  tab.addInitScript((user) => window.localStorage.setItem(user.key, user.value), {
    key: cmsUserKey,
    value: JSON.stringify({ backendName: "github", token: github.tokenFor("editor") }),
  })

/** The CMS through nginx, signed in, its calls to GitHub's API the stub's: its corner's news. */
async function openEditor(tab: Page) {
  await forward(tab.context(), "https://api.github.com/", `${github.url}/api/v3/`)
  await signedIn(tab)
  await tab.goto(`${nginx.baseUrl}/admin/`)
  return tab.getByRole("status").filter({ hasText: publishingTexts.news.label })
}

const gatsbyBuildsSince = (since: number) =>
  builds.filter((build) => build.step === "gatsby build" && build.at >= since).length

test("the server serves its checkout's build at once, then takes the branch's head up by itself: as it is where the checkout is that commit, else built", async () => {
  test.setTimeout(firstBuildMs)
  for (const base of servers()) expect((await fetch(`${base}/`)).status).toBe(200)
  const head = await origin.head()
  await eventually(
    "the branch's head is live",
    async () => (await liveCommit()) === head,
    firstBuildMs,
  )
  await server.publisher.idle()
  console.log(`    the branch's head: ${origin.checkoutHead ? "the checkout's" : "a new commit"}`)
  if (origin.checkoutHead) {
    // A server deployed at the branch's head (a clean, whole clone: CI's) builds nothing at its
    // start: what it serves is that commit's build already.
    expect(builds).toEqual([])
    expect(await records()).toEqual([])
  } else {
    // Uncommitted changes (or a shallow clone): the head is a new commit, which the checkout's
    // build is not.
    expect((await records())[0]).toMatchObject({ kind: "publish", commit: head, state: "live" })
  }
})

test("a forged webhook starts nothing, however it is signed; a signed ping is answered", async () => {
  const commit = await origin.commit("A change nobody signed for", retitled("A Forged Title"))
  const forgeries = [
    await push(commit, { forged: "sha256=0000" }),
    await push(commit, { forged: `sha256=${"ab".repeat(32)}` }),
    await postWebhook(siteUrl, {
      event: "push",
      payload: pushPayload(stubRepo, commit),
      secret: "a guess",
    }),
  ]
  for (const answer of forgeries) expect(answer.status).toBe(401)
  const ping = await postWebhook(siteUrl, {
    event: "ping",
    payload: { zen: "Design for failure.", hook_id: 1 },
    secret,
  })
  expect(ping.status).toBe(200)
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  expect(server.publisher.currentBuild).toBeUndefined()
  expect(statusesOf(commit)).toEqual([])
  for (const base of servers()) expect(await page(base, "/journal")).not.toContain("A Forged Title")
})

// The title of the test's first edit, the article dated two days ahead and the API's new words.
const editedTitle = `Sunday Linen, Published ${process.pid}`
const later = new Date(clock.now() + 2 * 24 * 60 * 60_000)
const laterDate = `${later.getFullYear()}-${String(later.getMonth() + 1).padStart(2, "0")}-${String(later.getDate()).padStart(2, "0")}`
const waitingTitle = `An Article For Later ${process.pid}`
const invalidWords = `That address cannot be right: please look at it again (${process.pid}).`
let edited: string
/** The journal as the test's first edit pushed it. */
let pushedJournal: Record<string, unknown> = {}
const editedMessage = "Journal: a new title, an article for later; the sign-up's words"

test("a signed push is live on both servers, the endpoints speak its words, GitHub hears how it went, the editor's corner follows it", async ({
  page: editor,
}) => {
  // The working copy's first build where the server started at the head: cold in a fresh clone.
  const thisBuildMs = origin.checkoutHead ? firstBuildMs : buildMs
  test.setTimeout(thisBuildMs)
  const corner = await openEditor(editor)
  // A colleague has the journal open in her editor since before this publish: once it is live,
  // her corner tells her to reload before she saves (Decap would write the older version back).
  const colleague = await editor.context().newPage()
  await colleague.goto(`${nginx.baseUrl}/admin/#/collections/pages/entries/journal`)
  const colleaguesCorner = colleague
    .getByRole("status")
    .filter({ hasText: publishingTexts.news.label })
  edited = await origin.commit(editedMessage, async (files) => {
    await retitled(editedTitle)(files)
    const journal = await files.read<{ articles: Record<string, unknown>[] }>("journal")
    const [model] = journal.articles
    journal.articles.push({ ...model, title: waitingTitle, date: laterDate })
    await files.write("journal", journal)
    pushedJournal = journal
    const contact = await files.read<{ messages: Record<string, string> }>("contact")
    contact.messages.invalid = invalidWords
    await files.write("contact", contact)
  })
  const started = Date.now()
  const answer = await push(edited)
  expect(answer).toEqual({ status: 202, message: `Publishing ${edited.slice(0, 7)}.` })
  // What the CMS's Publish tells the corner (src/cms/cms.tsx, postPublish; e2e/cms-signin.spec.ts
  // sees it sent): follow closely. The editor sees her change being built, then live.
  await editor.evaluate((name) => window.dispatchEvent(new Event(name)), publishedEvent)
  // (It looks at once, maybe before the server has fetched the commit, and every 5 s then.)
  await expect(corner).toContainText(`${editedMessage}: ${publishingTexts.states.building}`, {
    timeout: 15_000,
  })
  await expect(corner).toContainText(publishingTexts.news.underWay)
  await eventually(
    "the new title on both servers",
    () => servedEverywhere("/journal", editedTitle),
    thisBuildMs,
  )
  console.log(`    edit to live: ${((Date.now() - started) / 1000).toFixed(1)} s`)
  await expect(corner).toContainText(`${editedMessage}: ${publishingTexts.states.live}`, {
    timeout: 15_000,
  })
  // Live, but its article dated two days ahead is not on the website yet: the corner says when.
  // (What else of data/journal.json waits is named too, its own article among them.)
  const waiting = waitingEntries(contentModel.journal, pushedJournal, clock.now())
  expect(waiting).toContainEqual({ name: waitingTitle, day: laterDate })
  await expect(corner).toContainText(publishingTexts.waitingForDay(waiting))
  // The corner looks every 15 s when nothing is under way.
  await expect(colleaguesCorner).toContainText(publishingTexts.news.changedSinceOpened, {
    timeout: 20_000,
  })
  await expect(colleaguesCorner).toContainText(`${editedMessage}: ${publishingTexts.states.live}`)
  expect(colleague.url()).toContain("#/collections/pages/entries/journal")
  // Hers has no entry open: the news alone.
  await expect(corner).not.toContainText(publishingTexts.news.changedSinceOpened)
  await colleague.close()
  // The site's home page: this first publish names no file it changed, as the test's bare
  // repository lacks the server's own checkout to compare with (one that names a page links it:
  // __tests__/PublishingNews.test.tsx).
  await expect(editor.getByRole("link", { name: publishingTexts.news.seeLive })).toHaveAttribute(
    "href",
    new URL("/", siteUrl).href,
  )
  await expect(editor.getByRole("link", { name: publishingTexts.news.undo })).toHaveAttribute(
    "href",
    `${membersPagePath}#${publishingPanelId}`,
  )
  // Its Hide button is in a finger's reach, as the site's controls are.
  const hide = editor.getByRole("button", { name: publishingTexts.news.hide })
  expect((await hide.boundingBox())?.height).toBeGreaterThanOrEqual(
    parseFloat(fixedSpace.tapTarget),
  )

  // The endpoints (the site's server behind nginx) speak the new content's words, no restart.
  const signup = await fetch(`${nginx.baseUrl}${signupEndpoint}`, {
    method: "POST",
    headers: {
      Accept: "text/html",
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: nginx.baseUrl,
    },
    body: "email=not-an-address",
  })
  expect(await signup.text()).toContain(invalidWords)

  await server.publisher.idle()
  const states = statusesOf(edited)
  expect(states[0]).toMatchObject({ state: "pending" })
  expect(states.at(-1)).toMatchObject({
    state: "success",
    description: "Live on the site",
    target_url: siteUrl,
  })

  // The article dated two days ahead is nowhere a visitor or a crawler can read.
  for (const base of servers()) {
    expect(await page(base, "/journal")).not.toContain(waitingTitle)
    expect(await page(base, "/page-data/journal/page-data.json")).not.toContain(waitingTitle)
    expect(await page(base, "/sitemap-0.xml")).toContain("/journal")
  }
})

test("the same push again, replayed, starts nothing", async () => {
  const before = builds.length
  const again = await push(edited)
  expect(again.status).toBe(200)
  expect(again.message).toMatch(/taken up already/)
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  expect(builds.length).toBe(before)
})

test("the article goes live on its date by itself, when the clock reaches it", async () => {
  test.setTimeout(buildMs)
  const since = Date.now()
  clock.advance(goLiveMoment(laterDate) - 1)
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(gatsbyBuildsSince(since)).toBe(0)
  clock.advance(goLiveMoment(laterDate))
  await eventually(
    "the dated article on both servers",
    () => servedEverywhere("/journal", waitingTitle),
    buildMs,
  )
  for (const base of servers()) {
    expect(await page(base, "/page-data/journal/page-data.json")).toContain(waitingTitle)
  }
  await server.publisher.idle()
  expect((await records())[0]).toMatchObject({ kind: "goLive", commit: edited, state: "live" })
})

test("a refused edit changes nothing visitors see, and the commit and the editor's corner say why, in the check's words", async ({
  page: editor,
}) => {
  test.setTimeout(buildMs)
  const corner = await openEditor(editor)
  const refusedMessage = "Shop: a count in words"
  const since = Date.now()
  const shopBefore = await page(siteUrl, "/shop")
  const refused = await origin.commit(refusedMessage, async (files) => {
    const shop = await files.read<{ categories: Record<string, unknown>[] }>("shop")
    const [first] = shop.categories
    if (!first) throw new Error("data/shop.json has no category")
    first.count = "sixteen"
    await files.write("shop", shop)
  })
  expect((await push(refused)).status).toBe(202)
  await eventually(
    "the refusal",
    async () => statusesOf(refused).at(-1)?.state === "failure",
    buildMs,
  )
  expect(statusesOf(refused).at(-1)?.description).toMatch(
    /^Not published: the content check refused it: data\/shop\.json: category 1/,
  )
  expect((await records())[0]).toMatchObject({
    commit: refused,
    state: "failed",
    reason: expect.stringContaining(
      `Number of pieces ('count') must be a whole number, got "sixteen"`,
    ),
  })
  // The editor open meanwhile has the news on its own (it looks now and then), with the first
  // problem, and the way to the whole reason.
  await expect(corner).toContainText(`${refusedMessage}: ${publishingTexts.states.failed}`, {
    timeout: 20_000,
  })
  await expect(corner).toContainText(`Number of pieces ('count') must be a whole number`)
  await expect(editor.getByRole("link", { name: publishingTexts.news.why })).toHaveAttribute(
    "href",
    `${membersPagePath}#${publishingPanelId}`,
  )
  // Followed on a phone: the members' list page, at its publishing panel (which comes after the
  // list has loaded), with the whole reason.
  await editor.setViewportSize({ width: 390, height: 844 })
  await editor.getByRole("link", { name: publishingTexts.news.why }).click()
  const panelHeading = editor.getByRole("heading", { name: publishingTexts.heading })
  await expect(panelHeading).toBeInViewport()
  await expect(editor.getByText(failureWords.content(""), { exact: false }).first()).toBeVisible()
  expect(await liveCommit()).toBe(edited)
  expect(await page(siteUrl, "/shop")).toBe(shopBefore)
  // The check refused it: Gatsby never ran.
  expect(gatsbyBuildsSince(since)).toBe(0)
})

test("a build killed with kill -9 leaves the live site; then ten pushes, one a second at most, all in while the first one's build runs, make at most two builds, the newest live", async () => {
  test.setTimeout(3 * buildMs)
  const killedAt = Date.now()
  const killed = await origin.commit("Journal: fixed the shop, a title", async (files) => {
    const shop = await files.read<{ categories: Record<string, unknown>[] }>("shop")
    const [first] = shop.categories
    if (first) first.count = 16
    await files.write("shop", shop)
    await retitled("A Title That Never Went Live")(files)
  })
  await push(killed)
  await eventually("gatsby build started", async () => gatsbyBuildsSince(killedAt) > 0, buildMs)
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  const build = builds.filter((each) => each.step === "gatsby build").at(-1)
  process.kill(build?.pid ?? 0, "SIGKILL")
  await eventually(
    "the killed build's failure",
    async () => statusesOf(killed).at(-1)?.state === "failure",
    60_000,
  )
  expect(statusesOf(killed).at(-1)?.description).toMatch(
    /did not finish: it was stopped \(SIGKILL\)/,
  )
  expect(await liveCommit()).toBe(edited)
  for (const base of servers()) expect(await page(base, "/journal")).toContain(editedTitle)

  // Made before the paced pushes, so that each second holds only what GitHub does at a publish:
  // move the branch and post the webhook.
  const burst: string[] = []
  for (let count = 1; count <= 10; count += 1)
    burst.push(
      await origin.commitUnpushed(
        `Journal: burst ${count}`,
        retitled(`Burst Title ${count} ${process.pid}`),
      ),
    )
  const burstAt = Date.now()
  for (const commit of burst) {
    const tick = Date.now()
    await origin.pushCommit(commit, "main")
    expect((await push(commit)).status).toBe(202)
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1_000 - (Date.now() - tick))))
  }
  // What a burst is, asked of the publisher rather than of the clock, since beside Lighthouse the
  // pushes may take over ten seconds (docs/decisions.md, "Lighthouse and the publisher's tests
  // side by side"): when the last is answered, the first one's build is under way, not yet live,
  // and the other nine wait for it.
  console.log(`    a burst of ten pushes: ${((Date.now() - burstAt) / 1000).toFixed(1)} s`)
  const whenBurstEnded = await server.publisher.publishes()
  expect(whenBurstEnded.live?.commit, "live when the burst ended: what was before it").toBe(edited)
  expect(whenBurstEnded.working, "a build under way when the burst ended").toBe(true)
  expect(whenBurstEnded.waiting, "pushes waiting for it").toBeGreaterThanOrEqual(9)
  await eventually(
    "the newest of the burst on both servers",
    () => servedEverywhere("/journal", `Burst Title 10 ${process.pid}`),
    2 * buildMs,
  )
  await server.publisher.idle()
  expect(gatsbyBuildsSince(burstAt)).toBeLessThanOrEqual(2)
  expect(await liveCommit()).toBe(burst.at(-1))
  for (const commit of burst) expect(statusesOf(commit).at(-1)?.state).toBe("success")
  // The staff's page lists the nine built together under the newest, which names the other
  // eight by their titles, newest first: whoever published one finds hers.
  const [together] = (await server.publisher.publishes()).records
  expect(together?.commit).toBe(burst.at(-1))
  expect(together?.togetherWith?.map((each) => each.title)).toEqual(
    burst.slice(1, -1).map((_, index) => `Journal: burst ${burst.length - 1 - index}`),
  )
  // The one content file they changed, for the editor's corner to warn whoever has it open.
  expect(together?.contentChanged).toEqual([contentFilePath("journal")])
})

test("undo from the staff's page: an undo someone made meanwhile (npm run release:rollback) is not undone again, and the next is back on both servers in under two seconds", async ({
  page,
}) => {
  const { live, previous } = await server.publisher.publishes()
  const [, before, further] = await new Releases(stateDir).list()
  if (!live || !previous || !before || !further) throw new Error("no earlier versions kept")
  expect(before.commit).toBe(previous.commit)
  const journalOf = (release: typeof before) =>
    readFile(path.join(release.dir, "public", "journal", "index.html"), "utf8")
  const servedAs = async (html: string) =>
    (
      await Promise.all(
        servers().map((base) =>
          page.request.get(`${base}/journal`).then((answer) => answer.text()),
        ),
      )
    ).every((served) => served === html)

  // The staff's page, through nginx, signed in to the CMS as the editor (Decap's session).
  await signedIn(page)
  await page.goto(`${nginx.baseUrl}/admin/members/`)
  const panel = page.getByRole("region", { name: publishingTexts.heading })
  await expect(panel.getByText(publishingTexts.live)).toContainText(live.title ?? "")
  const undo = () => panel.getByRole("button", { name: publishingTexts.undo.button }).click()
  const yes = () => panel.getByRole("button", { name: publishingTexts.undo.yes }).click()
  await undo()
  await expect(panel.getByText(publishingTexts.undo.question)).toBeVisible()

  // Meanwhile someone undoes from the command line, against the running server: the version
  // before is live, and says which.
  const cli = await exec("npx", ["tsx", "scripts/release-rollback.ts"], {
    cwd: root,
    env: { ...process.env, PUBLISH_DIR: stateDir },
  })
  expect(cli.stdout).toContain(`The site is back to ${previous.commit.slice(0, 7)}`)
  // And the branch, which held just what was live, has the undo too: what the editor shows.
  expect(cli.stdout).toContain(undoneChangeOut)
  expect(await filesOf("main")).toBe(await filesOf(previous.commit))
  const journalBefore = await journalOf(before)
  await eventually(
    "the earlier version's journal on both servers",
    () => servedAs(journalBefore),
    5_000,
  )
  // Her undo was of the version no longer live: nothing more is undone, and the page says so.
  await yes()
  await expect(panel.getByRole("status")).toContainText(statusWords.undoOfAnother)
  expect(await liveCommit()).toBe(previous.commit)
  expect(await servedAs(journalBefore)).toBe(true)

  // Undone again from the page, now showing what is live: the version before that.
  await expect(panel.getByText(publishingTexts.live)).toContainText(before.title)
  await undo()
  const started = performance.now()
  await yes()
  await eventually(
    "the version before that on both servers",
    async () => servedAs(await journalOf(further)),
    5_000,
  )
  const seconds = (performance.now() - started) / 1000
  console.log(`    undo from the staff's page: ${seconds.toFixed(2)} s`)
  expect(seconds).toBeLessThan(2)
  await expect(panel.getByRole("status")).toContainText(
    `The site is back to ${further.commit.slice(0, 7)}`,
  )
  await expect(panel.getByRole("listitem").first()).toContainText(
    `${publishingTexts.kinds.rollback} ${further.title}`,
  )
  await expect(panel.getByRole("listitem").first()).toContainText(
    `${publishingTexts.by} ${stubUser.login}`,
  )
  expect(await liveCommit()).toBe(further.commit)
  await expect(panel.getByRole("status")).toContainText(undoneChangeOut)
  // Listed with the content files it changed back: the editor's corner warns whoever has one open.
  expect((await server.publisher.publishes()).records[0]).toMatchObject({
    kind: "rollback",
    contentChanged: expect.arrayContaining([contentFilePath("journal")]),
  })
  expect(await filesOf("main")).toBe(await filesOf(further.commit))

  // GitHub announces the undo's commit: it is live already, so nothing is built, and its status
  // says so.
  const undoCommit = await origin.head()
  const announcedAt = Date.now()
  expect((await push(undoCommit)).status).toBe(202)
  await eventually(
    "the undo's commit answered",
    async () => statusesOf(undoCommit).at(-1)?.state === "success",
    30_000,
  )
  await server.publisher.idle()
  expect(statusesOf(undoCommit).at(-1)?.description).toBe(statusWords.alreadyLive)
  expect(gatsbyBuildsSince(announcedAt)).toBe(0)
  expect(await liveCommit()).toBe(further.commit)
})

test("a draft's pull request gets its own preview address, never indexed, its sign-ups refused, linked from a deploy status; closing it removes it", async () => {
  test.setTimeout(2 * buildMs)
  const branch = "cms/journal/spring-draft"
  const draftTitle = `A Draft Not Yet Published ${process.pid}`
  const draft = await origin.commit("Draft: a new title", retitled(draftTitle), branch)
  const host = "cms-journal-spring-draft.preview.evergrace.example"
  const opened = await pullRequest("opened", branch, draft)
  expect(opened.status).toBe(202)
  await eventually(
    "the preview's deploy status",
    async () => statusesOf(draft, "evergrace/deploy-preview").at(-1)?.state === "success",
    buildMs,
  )
  expect(statusesOf(draft, "evergrace/deploy-preview").at(-1)?.target_url).toBe(`http://${host}`)
  // The outcome alone: Decap stops looking at the first status of its context, "pending" or not.
  expect(statusesOf(draft, "evergrace/deploy-preview").map((status) => status.state)).toEqual([
    "success",
  ])

  // Through nginx's previews block, as a staff member's "View preview" reaches it.
  const journal = await requestWithHost(`${nginx.baseUrl}/journal`, host)
  expect(journal.status).toBe(200)
  expect(journal.body.toString()).toContain(draftTitle)
  expect(journal.headers["x-robots-tag"]).toMatch(/noindex/)
  // A request the preview server cannot read gets its headers too, not Node's bare 400.
  const malformed = await requestWithHost(`http://127.0.0.1:${previewPort}/`, "a/../b.preview.x")
  expect(malformed.status).toBe(400)
  expect(malformed.headers["x-robots-tag"]).toMatch(/noindex/)
  expect(malformed.headers["content-security-policy"]).toBeTruthy()
  // Built as a preview (src/previews/previewSite.ts): each page says noindex, and names its commit.
  expect(journal.body.toString()).toMatch(/<meta name="robots" content="noindex/)
  // …and its top says so, a link away from the same page on the live site.
  expect(journal.body.toString()).toMatch(
    new RegExp(`id="${previewNoticeId}".*?href="${escapeRegExp(publishedUrl("/journal"))}"`, "s"),
  )
  const marked = await requestWithHost(`${nginx.baseUrl}/preview.json`, host)
  expect(JSON.parse(marked.body.toString())).toEqual({ preview: true, commit: draft })
  expect((await requestWithHost(`${nginx.baseUrl}/robots.txt`, host)).body.toString()).toContain(
    "Disallow: /",
  )
  const signup = await requestWithHost(`${nginx.baseUrl}${signupEndpoint}`, host, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: "email=her%40example.com",
  })
  expect(signup.status).toBe(403)
  // The endpoints' headers, as on the live site: never framed, cached or run as a page's script.
  expect(signup.headers).toMatchObject({
    "cache-control": "no-store",
    "x-frame-options": "DENY",
    "content-security-policy": expect.stringContaining("default-src 'none'"),
  })
  expect(JSON.parse(signup.body.toString())).toMatchObject({
    outcome: "problem",
    problem: "preview",
  })
  for (const base of servers()) expect(await page(base, "/journal")).not.toContain(draftTitle)

  await pullRequest("closed", branch, draft)
  await eventually(
    "the preview gone",
    async () => (await requestWithHost(`${nginx.baseUrl}/journal`, host)).status === 404,
    30_000,
  )

  // The next release is built in the same working copy, and keeps nothing of the preview's.
  const nextTitle = `After The Preview ${process.pid}`
  await push(await origin.commit("Journal: after the preview", retitled(nextTitle)))
  await eventually("the next release", () => servedEverywhere("/journal", nextTitle), buildMs)
  for (const base of servers()) {
    expect(await page(base, "/journal")).not.toMatch(/<meta name="robots"/)
    expect(await page(base, "/journal")).not.toContain(`id="${previewNoticeId}"`)
    expect((await fetch(`${base}/preview.json`)).status).toBe(404)
    expect(await page(base, "/robots.txt")).toContain("Allow: /")
  }
})

// Decap shows "Check for Preview" alike for a preview being built, one that failed and none: the
// editor's corner, at the draft, says which, and why.
test("a draft whose preview cannot be built: its deploy status says so, and the editor's corner at the draft says why", async ({
  page: editor,
}) => {
  test.setTimeout(buildMs)
  const branch = "cms/pages/shop"
  const draft = await origin.commit(
    "Update Pages “shop”",
    async (files) => {
      const shop = await files.read<{ categories: Record<string, unknown>[] }>("shop")
      const [first] = shop.categories
      if (!first) throw new Error("data/shop.json has no category")
      first.count = "sixteen"
      await files.write("shop", shop)
    },
    branch,
  )
  const corner = await openEditor(editor)
  await pullRequest("opened", branch, draft)
  await eventually(
    "the preview's deploy status",
    async () => statusesOf(draft, "evergrace/deploy-preview").length > 0,
    buildMs,
  )
  expect(statusesOf(draft, "evergrace/deploy-preview")).toEqual([
    expect.objectContaining({ state: "failure" }),
  ])
  // She opens the draft: the corner looks again as another entry opens.
  await editor.goto(`${nginx.baseUrl}/admin/#/collections/pages/entries/shop`)
  await expect(corner).toContainText(publishingTexts.news.previewFailed)
  await expect(corner).toContainText(
    `Number of pieces ('count') must be a whole number, got "sixteen"`,
  )
  await pullRequest("closed", branch, draft)
  await server.publisher.idle()
})

test("what nginx was sent: the pages' policy allows the live release's scripts", async () => {
  const live = await readFile(path.join(stateDir, "current", "nginx", "csp.generated.conf"), "utf8")
  const served = (await fetch(`${nginx.baseUrl}/`)).headers.get("content-security-policy") ?? ""
  for (const hash of live.match(/'sha256-[^']+'/g) ?? []) expect(served).toContain(hash)
})

test("the logs name each step and commit, and no secret: not the webhook's, not the token", async () => {
  const buildLogs = await readdir(path.join(stateDir, "logs"))
  const written = await Promise.all(
    buildLogs.map((name) => readFile(path.join(stateDir, "logs", name), "utf8")),
  )
  expect(logged.some((line) => /^gatsby build of [0-9a-f]{7} \(pid \d+\)$/.test(line))).toBe(true)
  expect(logged.some((line) => /^content check of [0-9a-f]{7}/.test(line))).toBe(true)
  for (const text of [...logged, ...written]) {
    expect(text).not.toContain(secret)
    expect(text).not.toContain(statusToken)
  }
})
