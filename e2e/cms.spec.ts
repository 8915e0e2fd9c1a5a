import { execFileSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import {
  expect as playwrightExpect,
  test,
  type FrameLocator,
  type Locator,
  type Page,
} from "@playwright/test"
import sharp from "sharp"
import { pictureLimits } from "../src/content/pictureLimits"
import { siteCharacters } from "../src/build/siteCharacters"
import { contentModel, isPageName, type ContentName } from "../src/content/model"
import { siteAddresses, unknownPath } from "../src/content/routes"
import { pageShowing } from "../src/cms/savedContent"
import { saveProblems } from "../src/cms/saveCheck"
import { pictureProblem } from "../src/content/checkContent/pictureFacts"
import type { Field, ImageField } from "../src/content/fields"
import { arrived, coveredToolbarControls, focusRing, uncovered } from "./support/cmsLook"
import { startDecapServer, type DecapServer } from "./support/decapServer"
import { publishFromEditor } from "./support/decapEditor"
import { forward } from "./support/forward"
import { facesDrawn, offFace, siteFaces } from "./support/fonts"

// Decap CMS at /admin/ of the production build, on decap-server (the local backend of `npm run
// cms`) in its Git mode, over a temporary repository whose one commit is a copy of data/: the real
// files are never written.
//
// The production build's /admin/ is served under the CMS's policy, which rightly allows no local
// decap-server (localhost:8081): these tests bypass it. The policy itself is tested with the
// GitHub backend the live CMS uses (e2e/cms-signin.spec.ts, e2e/host-headers.spec.ts).
test.use({ bypassCSP: true })

// The CMS is 1.6 MB of script, run beside another worker's tests on two cores: opening an entry
// or reloading it took over 5 s (Playwright's default wait) in 3 of 52 runs with the other worker
// busy, while "Loading entry…" showed, and each such test then failed. How long the CMS takes is not
// what these tests judge, so each waits up to 15 s. A test that failed once is traced on its
// retry (CI retries once): that trace (test-results/) shows where the run stood, whether the retry
// failed too or passed. Tracing every run, to keep the first failure's, cost a third more
// processor time: 65 and 80 processor seconds against 49 and 48 for three of these tests.
const expect = playwrightExpect.configure({ timeout: 15_000 })
test.use({ trace: "on-first-retry" })

const repoRoot = path.resolve(__dirname, "..")
const realData = path.join(repoRoot, "data")
/** Where the CMS looks for decap-server (`local_backend: true`); the test reroutes it. */
const decapDefaultApi = "http://localhost:8081/api/v1"

const publicRoutes = siteAddresses()

type Json = Record<string, unknown> & { hero: Record<string, unknown> }

/** Every file of data/ by name, as text. */
function snapshotOf(dataDir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dataDir)
      .filter((name) => name.endsWith(".json"))
      .map((name) => [name, readFileSync(path.join(dataDir, name), "utf8")]),
  )
}

/** A file of the repository on a branch, parsed; undefined while the branch does not exist. */
function jsonOn(server: DecapServer, branch: string, file: string): Json | undefined {
  const text = server.git("show", `${branch}:${file}`)
  return text === undefined ? undefined : (JSON.parse(text) as Json)
}

/** The entry's text in Decap's backup of unsaved changes (localForage, in IndexedDB); "" if none. */
function backedUp(page: Page, collection: string, entry: string): Promise<string> {
  return page.evaluate(
    (key) =>
      new Promise<string>((resolve, reject) => {
        const opening = indexedDB.open("localforage")
        opening.onerror = () => reject(opening.error)
        opening.onsuccess = () => {
          const store = opening.result.transaction("keyvaluepairs").objectStore("keyvaluepairs")
          const reading = store.get(key)
          reading.onerror = () => reject(reading.error)
          reading.onsuccess = () =>
            resolve((reading.result as { raw?: string } | undefined)?.raw ?? "")
        }
      }),
    `backup.${collection}.${entry}`,
  )
}

/** The CMS's collection a file is edited in (src/cms/config.ts): the pages, or the settings. */
const collectionOf = (name: ContentName) => (isPageName(name) ? "pages" : "settings")

/** The CMS signed in to this test's decap-server. */
async function signIn(page: Page, server: DecapServer) {
  // The CMS's calls for decap-server's default address go to this test's server.
  await forward(page, decapDefaultApi, server.api)
  await page.goto("/admin/")
  await page.getByRole("button", { name: "Login" }).click()
}

/** The toggle that folds and unfolds an entry of a list in the form, on the bar with its title. */
const listEntryToggle = (page: Page, title: string) =>
  page
    .getByText(title, { exact: true })
    .first()
    .locator("xpath=preceding-sibling::*[1]//button")
    .first()

/** Scrolls the form back to its top, as she may be when she presses Save: `inForm` out of sight. */
const scrollFormToTop = (inForm: Locator) =>
  inForm.evaluate((element) => {
    for (let at = element.parentElement; at; at = at.parentElement) at.scrollTop = 0
  })

/** Opens a folded entry of a list in the form (or folds an open one). */
async function openListEntry(page: Page, title: string) {
  await listEntryToggle(page, title).click()
}

test.describe("Decap CMS at /admin/: drafts on the local backend", () => {
  // The CMS is 1.6 MB of script (gzipped) before its first screen, on a machine that may be busy.
  test.describe.configure({ timeout: 120_000 })

  let server: DecapServer
  let realBefore: Record<string, string>

  test.beforeEach(async () => {
    realBefore = snapshotOf(realData)
    server = await startDecapServer(realData)
  })

  test.afterEach(async ({ page }) => {
    // The CMS may still be asking decap-server something.
    await page.close()
    server?.stop()
    // Whatever happened above, the real content is exactly as it was.
    expect(snapshotOf(realData)).toEqual(realBefore)
  })

  test("Save makes a draft on its own branch and leaves main as it was; the board moves it to Ready, and Publish merges it", async ({
    page,
  }) => {
    const homeFile = "data/home.json"
    const before = jsonOn(server, server.branch, homeFile)!
    const headline = `Style for every season ${Date.now().toString(36)}`
    const draftBranch = "cms/pages/home"

    await signIn(page, server)
    await page.getByRole("link", { name: "Home page" }).click()
    const field = page.getByLabel("Headline", { exact: true })
    // The entry comes from decap-server's Git and its widgets load on demand: over 5 s once, in a
    // rehearsal of c2551a1 where the whole machine ran at two thirds of its speed.
    await expect(field).toHaveValue(String(before.hero.headline), { timeout: 20_000 })
    await field.fill(headline)
    // The preview is the site's own hero, with the site's type (emotion styles in the iframe).
    const previewHeading = page.frameLocator("iframe").getByRole("heading", { level: 1 })
    await expect(previewHeading).toHaveText(headline)
    await expect(previewHeading).toHaveCSS("font-family", /Cormorant Garamond/)

    await page.getByRole("button", { name: "Save", exact: true }).click()
    await expect
      .poll(() => jsonOn(server, draftBranch, homeFile)?.hero.headline, {
        message: `decap-server commits the draft on ${draftBranch}`,
      })
      .toBe(headline)
    // Only the headline changed, in the format of data/ (the lint checks it); main is untouched.
    const expected = { ...before, hero: { ...before.hero, headline } }
    expect(server.git("show", `${draftBranch}:${homeFile}`)).toBe(
      `${JSON.stringify(expected, null, 2)}\n`,
    )
    expect(jsonOn(server, server.branch, homeFile)).toEqual(before)
    // Not yet Ready: the editor will not publish it.
    await expect(page.getByRole("button", { name: "Status: Draft" })).toBeVisible()

    // In review, from the editor's status menu.
    await page.getByRole("button", { name: "Status: Draft" }).click()
    await page.getByRole("menuitem", { name: "In review" }).click()
    await expect(page.getByRole("button", { name: "Status: In review" })).toBeVisible()

    // On the Workflow board, from In Review to Ready, and published from its card.
    await page.getByRole("link", { name: /^← Writing in/ }).click()
    await page.getByRole("link", { name: "Workflow" }).click()
    const card = page.getByRole("link", { name: /Home page/ })
    const column = (heading: string) =>
      page
        .locator("div")
        .filter({ has: page.getByRole("heading", { name: heading, exact: true }) })
        .last()
    await expect(column("In Review").getByRole("link", { name: /Home page/ })).toBeVisible()
    // Dragged again if the card is not in Ready a while after, as she would: the board may still
    // be drawing its cards when the first drag is made (a full run's drop was lost so, its card
    // taken out of the page as the drag began). A drop on the card's own column changes nothing
    // (Decap's updateUnpublishedEntryStatus returns when the status is the same).
    await expect(async () => {
      await card.dragTo(column("Ready"))
      await playwrightExpect(column("Ready").getByRole("link", { name: /Home page/ })).toBeVisible({
        timeout: 5_000,
      })
    }).toPass({ timeout: 30_000 })
    expect(jsonOn(server, server.branch, homeFile)).toEqual(before)

    page.once("dialog", (dialog) => void dialog.accept())
    await column("Ready").getByRole("button", { name: "Publish changes" }).click()
    await expect
      .poll(() => jsonOn(server, server.branch, homeFile)?.hero.headline, {
        message: "Publish merges the draft into main",
      })
      .toBe(headline)
    await expect
      .poll(() => server.git("rev-parse", "--verify", "--quiet", draftBranch))
      .toBeUndefined()
    await expect(card).toHaveCount(0)
  })

  test("decap-server has no previews: a saved draft offers no Check for Preview, and once published, View Live opens the page", async ({
    page,
  }) => {
    const shopFile = "data/shop.json"
    const before = jsonOn(server, server.branch, shopFile)!
    const site = jsonOn(server, server.branch, "data/site.json")!
    const heading = `Shop ${Date.now().toString(36)}`
    await signIn(page, server)
    await page.getByRole("link", { name: contentModel.shop.label }).click()
    const field = page.getByLabel("Page heading", { exact: true })
    await expect(field).toHaveValue(String(before.heading))
    await field.fill(heading)
    await page.getByRole("button", { name: "Save", exact: true }).click()
    await expect(page.getByRole("button", { name: "Status: Draft" })).toBeVisible()
    // Decap starts its looks as the saved draft opens, with the status: it showed "Check for
    // Preview" turning then, for two minutes, and a preview never came (src/cms/localEditor.ts).
    await expect(page.getByRole("button", { name: "Check for Preview" })).toHaveCount(0)
    await expect(page.getByRole("link", { name: "View Preview" })).toHaveCount(0)

    await publishFromEditor(page)
    await expect
      .poll(() => jsonOn(server, server.branch, shopFile)?.heading, {
        message: "Publish merges the draft into main",
      })
      .toBe(heading)
    const viewLive = page.getByRole("link", { name: "View Live" })
    const livePage = `${String(site.siteUrl).replace(/\/$/, "")}${pageShowing("shop")}`
    await expect(viewLive).toHaveAttribute("href", livePage)
  })

  test("each picture of an entry shows in its box as the entry opens, not an empty frame", async ({
    page,
  }) => {
    const hero = jsonOn(server, server.branch, "data/home.json")!.hero
    const { width, height } = await sharp(path.join(realData, String(hero.image))).metadata()
    await signIn(page, server)
    await page.getByRole("link", { name: "Home page" }).click()
    // Decap's box of the first picture field, the hero's (the preview beside the form is in its
    // own frame); while it waits it shows an empty SVG of 300 × 150.
    const thumbnail = page.locator('img[role="presentation"]').first()
    await thumbnail.scrollIntoViewIfNeeded()
    await expect
      .poll(
        () =>
          thumbnail.evaluate(
            (image: HTMLImageElement) => `${image.naturalWidth} × ${image.naturalHeight}`,
          ),
        { message: "the hero's picture in its box", timeout: 20_000 },
      )
      .toBe(`${width} × ${height}`)
  })

  // Decap deletes a picture chosen in its library from the published content at once, past drafts
  // and review: a page still showing it then had every publish refused (src/cms/decapStyles.ts).
  test("the picture library offers no Delete, from a picture's box or from Media", async ({
    page,
  }) => {
    await signIn(page, server)
    const noDelete = async () => {
      const library = page.locator('[class*="-LibraryTop"]')
      await expect(library.getByRole("button", { name: "Download" })).toBeVisible()
      const remove = library.locator('[class*="-DeleteButton"]')
      await expect(remove).toHaveCount(1)
      await expect(remove).toBeHidden()
    }
    await page.getByRole("button", { name: "Media" }).click()
    await noDelete()
    await page.keyboard.press("Escape")
    await page.getByRole("link", { name: contentModel.about.label }).click()
    await page.getByRole("button", { name: "Choose different image" }).first().click()
    await noDelete()
  })

  test("a text the site's check would refuse is stopped at Save, in words, and nothing is committed", async ({
    page,
  }) => {
    await signIn(page, server)
    await page.getByRole("link", { name: "Home page" }).click()
    // An unknown placeholder ({Product}: the site fills in {product} only) in the headline.
    await page.getByLabel("Headline", { exact: true }).fill("Style for {Product} lovers")
    await page.getByRole("button", { name: "Save", exact: true }).click()
    await expect(page.getByText(/^Headline: .*curly brackets only as \{product\}/)).toBeVisible()
    await page.waitForTimeout(1000)
    expect(server.git("rev-parse", "--verify", "--quiet", "cms/pages/home")).toBeUndefined()
  })

  // A photo as a phone takes it (4032 × 3024, JPEG at quality 92), and a tall one saved as a PNG
  // (a portrait, 4000 × 6000): sensor noise over a picture, so they compress as photos do.
  for (const upload of [
    { name: "spring-window.jpg", width: 4032, height: 3024 },
    { name: "portrait-in-linen.png", width: 4000, height: 6000 },
  ]) {
    test(`a ${upload.width} × ${upload.height} ${path.extname(upload.name)} photo is made a JPEG the site takes, in the browser, before it is committed`, async ({
      page,
    }) => {
      const folder = mkdtempSync(path.join(tmpdir(), "evergrace-photo-"))
      const photo = path.join(folder, upload.name)
      const { width: across, height: down } = upload
      const made = sharp(path.join(realData, "images", "home-hero.jpg"))
        .resize(across, down, { fit: "cover" })
        .composite([
          {
            input: await sharp({
              create: {
                width: across,
                height: down,
                channels: 4,
                background: { r: 128, g: 128, b: 128, alpha: 0.1 },
                noise: { type: "gaussian", mean: 128, sigma: 40 },
              },
            })
              .png()
              .toBuffer(),
            blend: "overlay",
          },
        ])
      await (upload.name.endsWith(".png") ? made.png() : made.jpeg({ quality: 92 })).toFile(photo)
      try {
        await signIn(page, server)
        await page.getByRole("link", { name: contentModel.about.label }).click()
        await page.getByRole("button", { name: "Choose different image" }).first().click()
        await page.locator('input[type="file"]').setInputFiles(photo)
        // Processed, then in the library (marked a draft) and selected: a JPEG, by name too, and
        // named for the page first (src/cms/uploadNames.ts).
        const saved = `about-${path.basename(upload.name, path.extname(upload.name))}.jpg`
        await expect(page.getByText(saved, { exact: true })).toBeVisible({ timeout: 30_000 })
        await page.getByRole("button", { name: "Choose selected" }).click()
        await page.getByRole("button", { name: "Save", exact: true }).click()
        const committed = `data/images/${saved}`
        await expect
          .poll(() => server.git("cat-file", "-e", `cms/pages/about:${committed}`) !== undefined, {
            message: "the picture is committed with the draft",
            // Made smaller in the browser first: a few seconds on a busy machine.
            timeout: 30_000,
          })
          .toBe(true)
        const picture = execFileSync("git", ["show", `cms/pages/about:${committed}`], {
          cwd: server.repoDir,
          maxBuffer: 64 * 1024 * 1024,
        })
        const { width, height, format } = await sharp(picture).metadata()
        const uploadedBytes = readFileSync(photo).length
        console.log(
          `${upload.name}: ${uploadedBytes.toLocaleString("en")} bytes as taken, ${picture.length.toLocaleString("en")} bytes committed (${width} × ${height})`,
        )
        expect(format).toBe("jpeg")
        expect([width, height]).toEqual([
          pictureLimits.width,
          Math.round((pictureLimits.width * down) / across),
        ])
        // Within every limit the content check holds a picture to.
        expect(picture.length).toBeLessThan(pictureLimits.bytes)
        expect(width! * height!).toBeLessThanOrEqual(pictureLimits.megapixels * 1_000_000)
        expect(picture.length).toBeLessThan(uploadedBytes / 3)
      } finally {
        rmSync(folder, { recursive: true, force: true })
      }
    })
  }

  test("a picture too tall for the site is refused at Save, in the check's words, and nothing is committed", async ({
    page,
  }) => {
    // A portrait wider than the site's pictures and more than twice as tall as wide: the editor
    // makes it 2400 pixels wide, and so more pixels than the site takes
    // (src/content/pictureLimits.ts).
    const [across, down] = [2500, 5300]
    const folder = mkdtempSync(path.join(tmpdir(), "evergrace-photo-"))
    const photo = path.join(folder, "tall-portrait.png")
    await sharp({ create: { width: across, height: down, channels: 3, background: "#c9a6a0" } })
      .png()
      .toFile(photo)
    const saved = "about-tall-portrait.jpg"
    const made = {
      width: pictureLimits.width,
      height: Math.round((pictureLimits.width * down) / across),
    }
    expect(across).toBeGreaterThan(pictureLimits.width)
    expect(made.width * made.height).toBeGreaterThan(pictureLimits.megapixels * 1_000_000)
    // The check's own words for such a picture (src/content/checkContent/pictureFacts.ts).
    const fields: readonly Field[] = contentModel.about.fields
    const field = fields.find((each): each is ImageField => each.kind === "image")!
    const words = pictureProblem(`images/${saved}`, { format: "jpeg", ...made, bytes: 0 }, field)!
    try {
      await signIn(page, server)
      await page.getByRole("link", { name: contentModel.about.label }).click()
      await page.getByRole("button", { name: "Choose different image" }).first().click()
      await page.locator('input[type="file"]').setInputFiles(photo)
      await expect(page.getByText(saved, { exact: true })).toBeVisible({ timeout: 30_000 })
      await page.getByRole("button", { name: "Choose selected" }).click()
      await page.getByRole("button", { name: "Save", exact: true }).click()
      const notice = page.getByRole("alert").filter({ hasText: /^Not saved/ })
      await expect(notice).toContainText(
        `names images/${saved}, which is ${made.width} × ${made.height} pixels`,
      )
      await expect(notice).toContainText(words.slice(words.lastIndexOf(". ") + 2))
      await page.waitForTimeout(1000)
      expect(server.git("rev-parse", "--verify", "--quiet", "cms/pages/about")).toBeUndefined()
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  test("a picture uploaded under a name the library has gets a name of its own, and the live picture stays; her own upload of that name she may replace", async ({
    page,
  }) => {
    // The About page's picture, chosen again from her computer under its own name: Decap would
    // ask whether to replace it and delete the live one at once (src/cms/uploadNames.ts).
    const about = JSON.parse(readFileSync(path.join(realData, "about.json"), "utf8")) as Json
    const picture = String(about.image)
    const name = path.basename(picture)
    const saved = `${path.parse(name).name}-2.jpg`
    const live = server.git("rev-parse", `${server.branch}:data/${picture}`)
    expect(live, "the About page's picture is in the repository").toBeDefined()
    const folder = mkdtempSync(path.join(tmpdir(), "evergrace-photo-"))
    // Two photos of that name: the first across, the second (a better one, say) upright, and
    // more than twice as tall as wide: small, so the editor keeps its size, and Save takes it.
    const photo = (width: number, height: number) => {
      const file = path.join(folder, `${width}x${height}`, name)
      mkdirSync(path.dirname(file))
      return sharp({ create: { width, height, channels: 3, background: "#c9a6a0" } })
        .jpeg()
        .toFile(file)
        .then(() => file)
    }
    const [across, upright] = [await photo(1200, 800), await photo(800, 2000)]
    const questions: string[] = []
    page.on("dialog", (dialog) => {
      questions.push(dialog.message())
      void dialog.accept()
    })
    try {
      await signIn(page, server)
      await page.getByRole("link", { name: contentModel.about.label }).click()
      await page.getByRole("button", { name: "Choose different image" }).first().click()
      // The library lists the picture of that name before she uploads hers.
      await expect(page.getByText(name, { exact: true })).toBeVisible()
      const upload = page.locator('input[type="file"]')
      await upload.setInputFiles(across)
      await expect(page.getByText(saved, { exact: true })).toBeVisible({ timeout: 30_000 })
      // Nothing asked about the live picture.
      expect(questions).toEqual([])

      // The upright one, under the same name: the live name is taken, and the next one is her
      // own upload of this draft, which Decap asks her whether to replace. She does.
      await upload.setInputFiles(upright)
      await expect.poll(() => questions).toEqual([expect.stringContaining(saved)])
      await expect(page.getByText(saved, { exact: true })).toBeVisible({ timeout: 30_000 })
      await page.getByRole("button", { name: "Choose selected" }).click()
      await page.getByRole("button", { name: "Save", exact: true }).click()
      await expect
        .poll(() => jsonOn(server, "cms/pages/about", "data/about.json")?.image, {
          message: "the draft names her picture by its own name",
        })
        .toBe(`${path.dirname(picture)}/${saved}`)
      // The draft holds the upright one under that name, and no third.
      const committed = execFileSync(
        "git",
        ["show", `cms/pages/about:data/${path.dirname(picture)}/${saved}`],
        { cwd: server.repoDir, maxBuffer: 64 * 1024 * 1024 },
      )
      // The upright one, at its own size: narrower than the site's pictures, so not enlarged
      // (patches/decap-cms-app+3.16.3.patch; unpatched, Decap made it 2400 × 6000, which Save
      // refused as over 12 megapixels).
      const { width, height } = await sharp(committed).metadata()
      expect([width, height], "the upright photo, as she took it").toEqual([800, 2000])
      const images = server.git("ls-tree", "--name-only", "cms/pages/about", "data/images/") ?? ""
      expect(
        images
          .split("\n")
          .filter((each) => each.includes(path.parse(name).name))
          .sort(),
      ).toEqual([`data/${path.dirname(picture)}/${saved}`, `data/${picture}`].sort())
      // The live picture is where it was, as it was.
      expect(server.git("rev-parse", `${server.branch}:data/${picture}`)).toBe(live)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  test("two drafts that each upload a photo of one name both publish, each page with its own photo", async ({
    page,
  }) => {
    // A phone names every photo it shares "image.jpg", and a camera starts again at DSC_0001:
    // two drafts open at once may each add a picture of one name, neither in the library yet.
    // Published one after the other, the second met the first's file: decap-server's merge
    // stopped on the conflict, and GitHub's backend forces it (decap-cms-backend-github,
    // forceMergePR), the second photo then shown on the first page too (src/cms/uploadNames.ts).
    // Two drafts made and published: twice the work of one.
    test.setTimeout(240_000)
    const pictureOf = (name: "home" | "about") => {
      const data = jsonOn(server, server.branch, `data/${name}.json`)!
      return String(name === "home" ? data.hero.image : data.image)
    }
    const folder = mkdtempSync(path.join(tmpdir(), "evergrace-photo-"))
    const photo = async (width: number, height: number) => {
      const file = path.join(folder, `${width}x${height}`, "image.jpg")
      mkdirSync(path.dirname(file))
      await sharp({ create: { width, height, channels: 3, background: "#c9a6a0" } })
        .jpeg()
        .toFile(file)
      return file
    }
    const photos = { home: await photo(1200, 800), about: await photo(800, 1200) }
    const labels = { home: contentModel.home.label, about: contentModel.about.label }
    const isUpright = async (branch: string, picture: string) => {
      const bytes = execFileSync("git", ["show", `${branch}:data/${picture}`], {
        cwd: server.repoDir,
        maxBuffer: 64 * 1024 * 1024,
      })
      const { width, height } = await sharp(bytes).metadata()
      return height! > width!
    }
    try {
      await signIn(page, server)
      for (const name of ["home", "about"] as const) {
        const before = pictureOf(name)
        await page.goto("/admin/#/")
        await page.getByRole("link", { name: labels[name] }).click()
        await page.getByRole("button", { name: "Choose different image" }).first().click()
        await page.locator('input[type="file"]').setInputFiles(photos[name])
        await page.getByRole("button", { name: "Choose selected" }).click()
        await page.getByRole("button", { name: "Save", exact: true }).click()
        await expect
          .poll(() => {
            const draft = jsonOn(server, `cms/pages/${name}`, `data/${name}.json`)
            return draft && String(name === "home" ? draft.hero.image : draft.image)
          })
          .not.toBe(before)
        await expect(page.getByRole("button", { name: "Status: Draft" })).toBeVisible()
      }
      // Both drafts are open; each is published from its editor.
      for (const name of ["home", "about"] as const) {
        await page.goto("/admin/#/")
        await page.getByRole("link", { name: labels[name] }).click()
        await publishFromEditor(page)
        await expect
          .poll(() => server.git("rev-parse", "--verify", "--quiet", `cms/pages/${name}`), {
            message: `${name}'s draft is published`,
          })
          .toBeUndefined()
      }
      // Each page on main names its own photo: the Home page's across, the About page's upright.
      const [home, about] = [pictureOf("home"), pictureOf("about")]
      expect(home).not.toBe(about)
      expect(await isUpright(server.branch, home)).toBe(false)
      expect(await isUpright(server.branch, about)).toBe(true)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  test("an article's category is a menu of the journal's own list, and the choice is saved as a draft", async ({
    page,
  }) => {
    const journalFile = "data/journal.json"
    const before = jsonOn(server, server.branch, journalFile) as unknown as {
      categories: string[]
      articles: { title: string; category: string }[]
    }
    const [first] = before.articles
    // Another category than the first article's: the menu must offer every one of the list.
    const chosen = before.categories.find((category) => category !== first?.category)
    expect(chosen, "the journal needs two categories for this test").toBeDefined()

    await signIn(page, server)
    await page.getByRole("link", { name: contentModel.journal.label }).click()
    // The articles list is folded: open the first article with the toggle on its bar.
    await openListEntry(page, first!.title)
    // The open article's menu (the folded entries of the categories list are labelled so too).
    const menu = page.getByLabel("Category", { exact: true }).locator("visible=true")
    // A keyboard opens it as a click does (react-select's value text covers its input).
    await menu.focus()
    await page.keyboard.press("ArrowDown")
    // react-select's options carry no role; they are named by id.
    const options = page.locator('[id^="react-select-"][id*="-option-"]')
    await expect(options).toHaveText(before.categories)
    await options.filter({ hasText: chosen! }).click()

    await page.getByRole("button", { name: "Save", exact: true }).click()
    await expect
      .poll(
        () =>
          (jsonOn(server, "cms/pages/journal", journalFile) as unknown as typeof before | undefined)
            ?.articles[0]?.category,
      )
      .toBe(chosen)
  })

  // Decap shows a field's focus as its box's border turning from grey to blue, and its menus none
  // at all: hard to find at a glance for whoever moves through the form with the keyboard.
  test("each field reached with Tab wears a clear focus ring, at least 2 px and 3:1 against the form: a text box, a text area, an article's toggle, its date and its menu", async ({
    page,
  }) => {
    const journal = JSON.parse(readFileSync(path.join(realData, "journal.json"), "utf8")) as {
      articles: { title: string }[]
    }
    const [first] = journal.articles
    const field = (label: string) => page.getByLabel(label, { exact: true }).locator("visible=true")

    await signIn(page, server)
    await page.getByRole("link", { name: contentModel.journal.label }).click()
    await expect(field("Browser tab title")).toBeVisible()
    await openListEntry(page, first!.title)
    const faint: string[] = []
    for (const control of [
      field("Browser tab title"),
      field("Search description"),
      listEntryToggle(page, first!.title),
      field("Date"),
      field("Category"),
    ]) {
      // By the keyboard, as she reaches it: from the control before it.
      await control.focus()
      await page.keyboard.press("Shift+Tab")
      await page.keyboard.press("Tab")
      await expect(control).toBeFocused()
      const ring = await focusRing(page)
      if (ring.style !== "solid" || ring.width < 2 || ring.contrast < 3)
        faint.push(`${ring.name}: ${ring.style} ${ring.width}px at ${ring.contrast.toFixed(2)}:1`)
    }
    expect(faint).toEqual([])
  })

  // Decap's notices showed top right, over the toolbar's Publish, for the 4 s each stays.
  test("the notice of a save is read out, and leaves the toolbar free while it shows: Save, Status, Publish and the Status menu", async ({
    page,
  }) => {
    await signIn(page, server)
    await page.getByRole("link", { name: contentModel.home.label }).click()
    const headline = page.getByLabel("Headline", { exact: true })
    await expect(headline).toHaveValue(/./, { timeout: 20_000 })
    await headline.fill(`Style for every season ${Date.now().toString(36)}`)
    await page.getByRole("button", { name: "Save", exact: true }).click()
    // An alert, so a screen reader reads it out wherever her focus is.
    const notice = page.getByRole("alert").filter({ hasText: "Entry saved" })
    await expect(notice).toBeVisible()
    await expect(notice).toBeInViewport()
    await arrived(notice)
    expect(await coveredToolbarControls(page)).toEqual([])
    // The menu under Status opens over the notice, not under it.
    await page.getByRole("button", { name: "Status: Draft" }).click()
    const items = page.getByRole("menuitem")
    await expect(items.first()).toBeVisible()
    const hidden: string[] = []
    for (const item of await items.all()) {
      if (!(await uncovered(item))) hidden.push((await item.textContent()) ?? "")
    }
    await expect(notice, "the notice was still up as the menu was looked at").toBeVisible()
    expect(hidden).toEqual([])
  })

  test("the preview's heading is drawn in the site's display face, even when the face arrives a second late, and in a letter no build has seen", async ({
    page,
  }) => {
    // The fonts on a slow line: a second each. The pages preload them; the preview's frame cannot.
    await page.route(/\.woff2(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000))
      await route.continue()
    })
    await signIn(page, server)
    await page.getByRole("link", { name: contentModel.home.label }).click()
    const frame = page.frameLocator("iframe").first()
    await expect(frame.getByRole("heading", { level: 1 }).first()).toBeVisible()
    await expect(frame.getByRole("heading", { level: 1 }).first()).toHaveCSS(
      "font-family",
      /Cormorant Garamond/,
    )
    await expect
      .poll(() => offFace(frame.getByRole("heading", { level: 1 }).first(), siteFaces.display), {
        message: "the heading's width in the face it is drawn in, against the site's face",
      })
      .toBeLessThan(0.5)

    // Letters in none of the build's font subsets (neither the content nor the code has them): the
    // preview draws them in the site's face too, not in the fallback face beside it.
    const shown = await siteCharacters(repoRoot)
    const unseen = [..."ÉéèêëàâäçîïôöùûüÿœæñåøßÀÂÇÈÊËÎÏÔÙÛÜŸ"].filter((c) => !shown.includes(c))
    expect(unseen.length).toBeGreaterThan(0)
    const headline = `Maison ${unseen.slice(0, 8).join("")}`
    await page.getByLabel("Headline", { exact: true }).fill(headline)
    await expect(frame.getByRole("heading", { level: 1, name: headline })).toBeVisible()
    await expect
      .poll(() => facesDrawn(page, "h1", "iframe"), {
        message: `the faces "${headline}" is drawn in`,
      })
      .toEqual([expect.stringMatching(new RegExp(`^${siteFaces.display}`))])
  })

  test("a second shop category of the same name is refused at Save, in the check's words, and her typing stays", async ({
    page,
  }) => {
    const shop = JSON.parse(readFileSync(path.join(realData, "shop.json"), "utf8")) as {
      categories: { name: string }[]
    }
    const [first, second] = shop.categories
    expect(second, "the shop needs two categories for this test").toBeDefined()
    // The build's own words for it (src/content/checkContent/), from the same content.
    const expected = saveProblems("shop", {
      ...shop,
      categories: [first, { ...second, name: first!.name }, ...shop.categories.slice(2)],
    })
    expect(expected).toMatch(/is the same as category 1/)

    await signIn(page, server)
    await page.getByRole("link", { name: contentModel.shop.label }).click()
    // The categories are folded: open the second with the toggle on its bar.
    await openListEntry(page, second!.name)
    const name = page.getByLabel("Name", { exact: true }).locator("visible=true")
    await expect(name).toHaveValue(second!.name)
    await name.fill(first!.name)
    await page.getByRole("button", { name: "Save", exact: true }).click()
    // Said in the editor's corner, and in Decap's toast.
    const notice = page.getByRole("alert").filter({ hasText: /^Not saved/ })
    await expect(notice).toContainText(expected!.slice(1))
    const toast = page.getByText(`Failed to persist entry: ${expected}`)
    await expect(toast).toBeVisible()
    // Nothing committed; the form keeps what she typed.
    await page.waitForTimeout(1000)
    expect(server.git("rev-parse", "--verify", "--quiet", "cms/pages/shop")).toBeUndefined()
    await expect(name).toHaveValue(first!.name)
    // Decap's toast goes after 8 s; the corner keeps saying it until she hides it.
    await expect(toast).toHaveCount(0, { timeout: 12_000 })
    await expect(notice).toBeVisible()
    await page.getByRole("button", { name: "Hide", exact: true }).click()
    await expect(notice).toHaveCount(0)
  })

  test("her unsaved typing, restored from the editor's backup after a reload, is in the field, the preview and the saved draft", async ({
    page,
  }) => {
    // Unpatched, Decap 3.16.3 offers the backup before the entry has loaded, and the entry, when it
    // comes, replaces what she restored: patches/decap-cms-app+3.16.3.patch makes it wait (docs/cms.md,
    // "Unsaved changes after a reload"; decaporg/decap-cms#5470, #6989). This fails without it.
    const homeFile = "data/home.json"
    const headline = `Style for every season ${Date.now().toString(36)}`
    const offers: string[] = []
    page.on("dialog", (dialog) => {
      // The reload's "leave the page?", and Decap's offer to restore: yes to both.
      if (dialog.type() === "confirm") offers.push(dialog.message())
      void dialog.accept()
    })

    await signIn(page, server)
    await page.getByRole("link", { name: contentModel.home.label }).click()
    const field = page.getByLabel("Headline", { exact: true })
    await field.fill(headline)
    await expect
      .poll(() => backedUp(page, "pages", "home"), {
        message: "Decap keeps her typing in the browser",
      })
      .toContain(headline)
    // The entry has loaded once decap-server has answered for its file.
    const loaded = page.waitForResponse(
      (response) => response.request().postDataJSON()?.action === "getEntry",
    )
    await page.reload()
    await expect.poll(() => offers).toEqual([expect.stringMatching(/local backup/)])
    await loaded
    // Unpatched, the loaded entry replaced her words within a second of this answer.
    await page.waitForTimeout(1000)
    await expect(field).toHaveValue(headline)
    await expect(page.frameLocator("iframe").getByRole("heading", { level: 1 })).toHaveText(
      headline,
    )
    // Unpatched, the restore also put up Decap's red "Failed to load preview" (docs/cms.md).
    await expect(page.getByText("Failed to load preview")).toHaveCount(0)
    await page.getByRole("button", { name: "Save", exact: true }).click()
    await expect
      .poll(() => jsonOn(server, "cms/pages/home", homeFile)?.hero.headline)
      .toBe(headline)
  })

  test("a number of pieces written with a comma is refused in words, brought into sight, and never saved as another number; in digits it is saved as a number", async ({
    page,
  }) => {
    const shopFile = "data/shop.json"
    const shop = JSON.parse(readFileSync(path.join(realData, "shop.json"), "utf8")) as {
      categories: { name: string; count: number }[]
    }
    const [first] = shop.categories
    // Another number than the saved one, so the save changes the file.
    const pieces = first!.count + 1
    const withComma = `${pieces},00`

    await signIn(page, server)
    await page.getByRole("link", { name: contentModel.shop.label }).click()
    await openListEntry(page, first!.name)
    const count = page.getByLabel("Number of pieces", { exact: true }).locator("visible=true")
    // Typed as she types it (Decap's number box made 45,00 into 4500 as she typed).
    await count.clear()
    await count.pressSequentially(withComma)
    await expect(count).toHaveValue(withComma)
    await scrollFormToTop(count)
    await expect(count).not.toBeInViewport()
    await page.getByRole("button", { name: "Save", exact: true }).click()
    const refusal = /^Number of pieces: .*digits only/
    await expect(page.getByText(refusal)).toBeVisible()
    // Decap says nothing where she is for a pattern (its toast is for an empty required field):
    // the refused box is brought into sight with the keyboard in it, described by the words.
    await expect(count).toBeInViewport()
    await expect(count).toBeFocused()
    await expect(count).toHaveAccessibleDescription(refusal)
    // In a folded category, out of sight: Save puts the keyboard on its unfolding button.
    await openListEntry(page, first!.name)
    await expect(count).toBeHidden()
    await listEntryToggle(page, first!.name).blur()
    await scrollFormToTop(listEntryToggle(page, first!.name))
    await page.getByRole("button", { name: "Save", exact: true }).click()
    await expect(listEntryToggle(page, first!.name)).toBeFocused()
    await expect(listEntryToggle(page, first!.name)).toBeInViewport()
    await page.keyboard.press("Enter")
    await expect(count).toBeInViewport()
    await page.waitForTimeout(1000)
    expect(server.git("rev-parse", "--verify", "--quiet", "cms/pages/shop")).toBeUndefined()
    await expect(count).toHaveValue(withComma)

    await count.clear()
    await count.pressSequentially(String(pieces))
    await expect(page.getByText(/^Number of pieces: /)).toHaveCount(0)
    await page.getByRole("button", { name: "Save", exact: true }).click()
    await expect
      .poll(
        () =>
          (jsonOn(server, "cms/pages/shop", shopFile) as unknown as typeof shop | undefined)
            ?.categories[0]?.count,
        { message: "the draft holds the number, as a JSON number" },
      )
      .toBe(pieces)
  })
})

test.describe("Decap CMS at /admin/: every entry's preview is its page as the site builds it", () => {
  test.describe.configure({ timeout: 180_000 })

  let server: DecapServer
  test.beforeAll(async () => {
    server = await startDecapServer(realData)
  })
  test.afterAll(() => server?.stop())

  test("each page and setting previews its page: no error screen, the built page's heading in the site's type and its menu", async ({
    page,
    context,
  }) => {
    const live = await context.newPage()
    /** What a visitor sees of a page: its heading, its heading's type, the menu's links. */
    const looks = async (where: Page | FrameLocator) => {
      const heading = where.getByRole("heading", { level: 1 }).first()
      const menu = where.getByRole("navigation").first().getByRole("link")
      return {
        heading: (await heading.innerText()).replace(/\s+/g, " "),
        font: await heading.evaluate((element) => getComputedStyle(element).fontFamily),
        menu: await menu.allInnerTexts(),
      }
    }
    await signIn(page, server)
    for (const file of Object.values(contentModel)) {
      await page.evaluate(
        (hash) => (location.hash = hash),
        `#/collections/${collectionOf(file.name)}`,
      )
      // The entry's card in the collection's list (the collection "Site settings" has a file so named).
      await page
        .getByRole("link")
        .filter({ has: page.getByRole("heading", { name: file.label, exact: true }) })
        .click()
      const frame = page.frameLocator("iframe").first()
      if (file.name === "membership") {
        // The two e-mails as they are sent, each in a frame titled with its subject.
        await expect(frame.locator("iframe")).toHaveCount(2)
        await expect(frame.getByText(/holds an interactive element/)).toHaveCount(0)
        continue
      }
      await expect(frame.getByRole("heading", { level: 1 }).first()).toBeVisible()
      await expect(frame.getByText(/holds an interactive element/)).toHaveCount(0)
      const path = file.name === "errors" ? unknownPath : pageShowing(file.name)
      await live.goto(path)
      expect(await looks(frame), `${file.label}: its preview against ${path}`).toEqual(
        await looks(live),
      )
    }
  })
})

test("no public page loads any of the CMS's code", async ({ page }) => {
  // Seven pages, each until its network is quiet.
  test.setTimeout(60_000)
  const scripts = new Set<string>()
  page.on("response", (response) => {
    // A redirect has no body; the script it leads to is a response of its own.
    if (response.request().resourceType() === "script" && response.status() < 300) {
      scripts.add(response.url())
    }
  })
  for (const route of publicRoutes) {
    await page.goto(route)
    await page.waitForLoadState("networkidle")
  }
  expect(scripts.size).toBeGreaterThan(0)
  // Read again from the server: the browser drops a body once its page has moved on.
  for (const url of scripts) {
    expect(url).not.toMatch(/\/admin\//)
    expect(await (await page.request.get(url)).text(), url).not.toMatch(/decap/i)
  }
})
