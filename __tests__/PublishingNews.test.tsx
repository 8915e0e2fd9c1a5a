import { act, render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { publishedEvent, PublishingNews } from "../src/cms/PublishingNews"
import { pageShowing } from "../src/cms/savedContent"
import { cmsUserKey } from "../src/membership/staffPage/session"
import {
  publishesEndpoint,
  publishingPanelId,
  type PublishesAnswer,
  type PublishRecord,
} from "../src/publishing/publishesApi"
import { failureWords } from "../src/publishing/node/statusWords"
import { followMs, newsForMs } from "../src/publishing/staffPage/publishNews"
import { publishingTexts as texts } from "../src/publishing/staffPage/publishingTexts"
import { membersPagePath } from "../src/shared/endpoints"
import { contentFilePath } from "../src/content/fields"

// The editor's corner on the site's own server: after Publish, the staff member sees her change
// being built and then live (or why not) without leaving the editor. The server's answers are
// played by a fake fetch; the words are the corner's own (publishingTexts).

const address = "https://www.example.com/"
/** The version before the live one, which the staff's page can go back to. */
const earlier = { commit: "c".repeat(40), title: "Change Y" }

const record = (
  state: PublishRecord["state"],
  extra: Partial<PublishRecord> = {},
): PublishRecord => ({
  id: "1",
  kind: "publish",
  commit: "a".repeat(40),
  title: "Update Shop page",
  state,
  startedAt: new Date(Date.now() - 60_000).toISOString(),
  ...(state === "building" ? {} : { finishedAt: new Date().toISOString(), address }),
  ...extra,
})

type Served = PublishesAnswer | number
let served: () => Served
let fetchMock: jest.Mock

beforeEach(() => {
  jest.useFakeTimers()
  window.localStorage.setItem(cmsUserKey, JSON.stringify({ backendName: "github", token: "t1" }))
  served = () => ({ records: [] })
  fetchMock = jest.fn(() => {
    const answer = served()
    return Promise.resolve(
      typeof answer === "number"
        ? {
            ok: false,
            status: answer,
            json: () => Promise.resolve({ problem: "x", message: "Refused." }),
          }
        : { ok: true, status: 200, json: () => Promise.resolve(answer) },
    )
  })
  global.fetch = fetchMock as unknown as typeof fetch
})
afterEach(() => {
  jest.useRealTimers()
  window.localStorage.clear()
  // As replaceState does, without a hashchange that would reach the next test's corner.
  window.history.replaceState(null, "", "/")
})

// Node's own setImmediate, which the fake timers leave alone: it comes once every promise the
// corner's look is waiting on (the fake fetch, its JSON) has settled.
const { setImmediate: settled } = jest.requireActual<typeof import("timers")>("timers")
/** Time passes, and whatever the corner asked in it is answered. */
const wait = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms)
    await new Promise((resolve) => settled(resolve))
  })
/** The corner, once its first look is answered. */
async function showCorner() {
  render(<PublishingNews />)
  await wait(0)
}
const asked = () => fetchMock.mock.calls.length

test("a publish being built, then live: the corner says so on its own, and links the website", async () => {
  served = () => ({ records: [record("building")] })
  await showCorner()
  const status = await screen.findByRole("status")
  expect(await screen.findByText(texts.news.underWay)).toBeInTheDocument()
  expect(status).toHaveTextContent(
    `${texts.kinds.publish} Update Shop page: ${texts.states.building}.`,
  )
  expect(fetchMock).toHaveBeenCalledWith(
    publishesEndpoint,
    expect.objectContaining({ headers: expect.any(Headers) }),
  )
  const headers = (fetchMock.mock.calls[0] as [string, RequestInit])[1].headers as Headers
  expect(headers.get("Authorization")).toBe("Bearer t1")

  served = () => ({ records: [record("live")], previous: earlier })
  await wait(5_000)
  expect(status).toHaveTextContent(`${texts.states.live}.`)
  // No content file named (the change's files unknown): the site's home page.
  expect(screen.getByRole("link", { name: texts.news.seeLive })).toHaveAttribute("href", address)
  // A mistake seen now: the undo is on the members' list page, which asks first.
  expect(screen.getByRole("link", { name: texts.news.undo })).toHaveAttribute(
    "href",
    `${membersPagePath}#${publishingPanelId}`,
  )
  expect(screen.queryByText(texts.news.underWay)).not.toBeInTheDocument()
})

test.each([
  [2, "with Earlier change 2 and Earlier change 1"],
  [3, "with Earlier change 3, Earlier change 2 and Earlier change 1"],
  [8, "with Earlier change 8, Earlier change 7 and 6 more"],
])(
  "%i earlier publishes built with hers: the corner names them, up to three",
  async (count, named) => {
    const togetherWith = Array.from({ length: count }, (_, index) => ({
      commit: String(index).repeat(40),
      title: `Earlier change ${count - index}`,
    }))
    served = () => ({ records: [record("live", { togetherWith })] })
    await showCorner()
    expect(await screen.findByRole("status")).toHaveTextContent(
      `${texts.kinds.publish} Update Shop page, ${named}: ${texts.states.live}.`,
    )
  },
)

test("an undo live: the corner's link offers to go further back; after a publish, to undo it", async () => {
  served = () => ({
    records: [record("live", { kind: "rollback", title: "Change Z" })],
    previous: earlier,
  })
  await showCorner()
  const status = await screen.findByRole("status")
  expect(status).toHaveTextContent(`${texts.kinds.rollback} Change Z: ${texts.states.live}.`)
  // Another undo goes one version further back: the link says so.
  expect(screen.getByRole("link", { name: texts.news.undoFurther })).toHaveAttribute(
    "href",
    `${membersPagePath}#${publishingPanelId}`,
  )

  served = () => ({ records: [record("live", { id: "2" })], previous: earlier })
  await wait(60_000)
  expect(status).toHaveTextContent(`${texts.kinds.publish} Update Shop page: ${texts.states.live}.`)
  expect(screen.getByRole("link", { name: texts.news.undo })).toBeInTheDocument()

  // Undone to the oldest version kept: the page has no Undo, so no link leads there for one.
  served = () => ({ records: [record("live", { id: "3", kind: "rollback", title: "Change Y" })] })
  await wait(60_000)
  expect(status).toHaveTextContent(`${texts.kinds.rollback} Change Y: ${texts.states.live}.`)
  expect(screen.queryByRole("link", { name: texts.news.undoFurther })).not.toBeInTheDocument()
})

test("a publish the site refused: the corner gives the reason's first problems, and leads to the whole", async () => {
  // The reason as the publisher writes it: one line, the content check's problems joined.
  const problems = Array.from(
    { length: 12 },
    (_, n) =>
      `data/shop.json: category ${n + 1}: Number of pieces ('count') must be a whole number, got "x${n}"`,
  )
  served = () => ({
    records: [record("failed", { reason: failureWords.content(problems.join("; ")) })],
  })
  await showCorner()
  expect(screen.getByRole("status")).toHaveTextContent(texts.news.failed)
  const shown = screen.getByText(/content check refused it/)
  expect(shown).toHaveTextContent(problems[0] ?? "")
  expect(shown).not.toHaveTextContent('"x11"')
  expect(screen.getByRole("link", { name: texts.news.why })).toHaveAttribute(
    "href",
    `${membersPagePath}#${publishingPanelId}`,
  )
})

test("published here: the previous publish's end is not news; hers is on its way, then built, and said to be missing if the server never hears of it", async () => {
  const previous = record("live", { id: "1", title: "Update Home page" })
  served = () => ({ records: [previous] })
  await showCorner()
  expect(screen.getByRole("status")).toHaveTextContent("Update Home page")

  // The server fetches her commit: at work, nothing listed yet.
  served = () => ({ records: [previous], working: true })
  await act(async () => {
    window.dispatchEvent(new Event(publishedEvent))
    await jest.advanceTimersByTimeAsync(0)
  })
  await wait(0)
  expect(screen.getByRole("status")).toHaveTextContent(texts.news.fetching)
  expect(screen.getByRole("status")).not.toHaveTextContent("Update Home page")

  // GitHub's webhook has not come: hers is on its way, then missing.
  served = () => ({ records: [previous] })
  await wait(5_000)
  expect(screen.getByRole("status")).toHaveTextContent(texts.news.onItsWay)
  await wait(2 * 60_000)
  expect(screen.getByRole("status")).toHaveTextContent(texts.news.notHeard)

  served = () => ({ records: [record("building", { id: "2" }), previous] })
  await wait(15_000)
  expect(screen.getByRole("status")).toHaveTextContent(
    `${texts.kinds.publish} Update Shop page: ${texts.states.building}.`,
  )
})

test("hidden, the news stays hidden until the next publish's; the keyboard's focus goes back where it was", async () => {
  served = () => ({ records: [record("live")] })
  render(
    <>
      <button type="button">Before</button>
      <PublishingNews />
    </>,
  )
  await wait(0)
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
  screen.getByRole("button", { name: "Before" }).focus()
  // Through the card's links to Hide, its last control.
  const hideButton = screen.getByRole("button", { name: texts.news.hide })
  for (let stops = 0; stops < 5 && document.activeElement !== hideButton; stops++) await user.tab()
  expect(hideButton).toHaveFocus()
  await user.keyboard("{Enter}")
  expect(screen.getByRole("status")).toBeEmptyDOMElement()
  expect(screen.queryByRole("button", { name: texts.news.hide })).not.toBeInTheDocument()
  expect(screen.getByRole("button", { name: "Before" })).toHaveFocus()
  await wait(15_000)
  expect(screen.getByRole("status")).toBeEmptyDOMElement()

  served = () => ({ records: [record("building", { id: "2", title: "Update Home page" })] })
  await wait(15_000)
  expect(screen.getByRole("status")).toHaveTextContent("Update Home page")
})

test("the end of a publish is news for a while, and then the corner is empty", async () => {
  const ended = new Date(Date.now() - newsForMs - 1_000).toISOString()
  served = () => ({ records: [record("live", { finishedAt: ended })] })
  await showCorner()
  expect(asked()).toBe(1)
  expect(screen.getByRole("status")).toBeEmptyDOMElement()
})

// Decap shows "Check for Preview" for a preview being built, one that failed and one not set up
// alike: the staff member at her draft was told nothing of a failure (found by a review).
test("the preview of the draft open in the editor, before a publish that ended: being built, then not built and why; another entry's is not news", async () => {
  window.history.replaceState(null, "", "#/collections/pages/entries/shop")
  const preview = (state: PublishRecord["state"], extra: Partial<PublishRecord> = {}) =>
    record(state, {
      kind: "preview",
      branch: "cms/pages/shop",
      title: "Update Pages “shop”",
      ...extra,
    })
  // A colleague's publish that ended a minute ago gives way to the draft's preview.
  const colleagues = record("live", { id: "0", title: "Update Home page" })
  served = () => ({ records: [preview("building"), colleagues] })
  await showCorner()
  expect(screen.getByRole("status")).toHaveTextContent(texts.news.previewBuilding)
  expect(screen.getByRole("status")).toHaveTextContent("Update Pages “shop”")
  const why = "the site could not be built (Error: Input file is missing: data/images/gone.jpg)"
  served = () => ({ records: [preview("failed", { id: "2", reason: why }), colleagues] })
  // Followed closely while it is built.
  await wait(followMs)
  expect(screen.getByRole("status")).toHaveTextContent(texts.news.previewFailed)
  expect(screen.getByRole("status")).toHaveTextContent(`“shop”: ${texts.previewFailed}.`)
  expect(screen.getByRole("status")).toHaveTextContent(why)
  expect(screen.getByRole("link", { name: texts.news.why })).toHaveAttribute(
    "href",
    `${membersPagePath}#${publishingPanelId}`,
  )
  await act(async () => {
    window.history.replaceState(null, "", "#/collections/pages/entries/home")
    window.dispatchEvent(new HashChangeEvent("hashchange"))
  })
  expect(screen.getByRole("status")).toHaveTextContent("Update Home page")
  expect(screen.getByRole("status")).not.toHaveTextContent(texts.news.previewFailed)
})

// Decap looks for a preview for 15 s after a second save: one that took longer never showed its
// View Preview, and the corner's "being built" just went (a staff member's walk).
test("the preview of the draft open in the editor, once built: ready, with a link to the draft's page of it", async () => {
  window.history.replaceState(null, "", "#/collections/pages/entries/shop")
  const previewAddress = "https://cms-pages-shop.preview.example.com"
  const preview = (state: PublishRecord["state"], extra: Partial<PublishRecord> = {}) =>
    record(state, { kind: "preview", branch: "cms/pages/shop", title: "Shop page", ...extra })
  served = () => ({ records: [preview("building")] })
  await showCorner()
  expect(screen.getByRole("status")).toHaveTextContent(texts.news.previewBuilding)
  served = () => ({ records: [preview("ready", { id: "2", address: previewAddress })] })
  await wait(followMs)
  expect(screen.getByRole("status")).toHaveTextContent(texts.news.previewReady)
  expect(screen.getByRole("link", { name: texts.news.viewPreview })).toHaveAttribute(
    "href",
    `${previewAddress}${pageShowing("shop")}`,
  )
})

test("a publish of one page, live: See the website opens that page", async () => {
  served = () => ({
    records: [record("live", { contentChanged: ["data/shop.json"] })],
    previous: earlier,
  })
  await showCorner()
  expect(screen.getByRole("link", { name: texts.news.seeLive })).toHaveAttribute(
    "href",
    `${address.replace(/\/$/, "")}${pageShowing("shop")}`,
  )
})

test("a draft's preview is not news of publishing, where no draft is open", async () => {
  served = () => ({ records: [record("building", { kind: "preview" })] })
  await showCorner()
  expect(asked()).toBe(1)
  expect(screen.getByRole("status")).toBeEmptyDOMElement()
})

test("now and then when nothing is under way, closely once this editor publishes", async () => {
  await showCorner()
  expect(asked()).toBe(1)
  await wait(14_000)
  expect(asked()).toBe(1)
  await wait(1_000)
  expect(asked()).toBe(2)

  await act(async () => {
    window.dispatchEvent(new Event(publishedEvent))
    await jest.advanceTimersByTimeAsync(0)
  })
  expect(asked()).toBe(3)
  await wait(5_000)
  expect(asked()).toBe(4)
})

test("not signed in: nothing is asked", async () => {
  window.localStorage.clear()
  await showCorner()
  await wait(60_000)
  expect(asked()).toBe(0)
})

test("a host that does not publish itself (404): asked once, never again", async () => {
  served = () => 404
  await showCorner()
  await act(async () => {
    window.dispatchEvent(new Event(publishedEvent))
    await jest.advanceTimersByTimeAsync(60_000)
  })
  expect(asked()).toBe(1)
  expect(screen.getByRole("status")).toBeEmptyDOMElement()
})

test.each([401, 403])(
  "a token refused (%i) is not sent again: each refusal counts towards the staff door's limit; a new one is",
  async (refusal) => {
    served = () => refusal
    await showCorner()
    await wait(60_000)
    expect(asked()).toBe(1)

    window.localStorage.setItem(cmsUserKey, JSON.stringify({ backendName: "github", token: "t2" }))
    served = () => ({ records: [record("live")] })
    await wait(15_000)
    expect(asked()).toBe(2)
    expect(screen.getByRole("status")).toHaveTextContent(texts.news.live)
  },
)

test("no answer (offline): the corner empties rather than keep 'being built' up", async () => {
  served = () => ({ records: [record("building")] })
  await showCorner()
  expect(screen.getByRole("status")).toHaveTextContent(texts.states.building)
  fetchMock.mockImplementation(() => Promise.reject(new TypeError("Failed to fetch")))
  await wait(5_000)
  expect(screen.getByRole("status")).toBeEmptyDOMElement()
})

// Decap's Save writes the whole file from the form: a page opened before a colleague's publish
// (or an undo) of it, saved as it is, puts back the version that publish replaced.
describe("the page open in the editor, changed on the website after she opened it", () => {
  const shop = contentFilePath("shop")
  const changed = (files: string[], extra: Partial<PublishRecord> = {}) =>
    record("live", {
      title: "Update Shop page",
      contentChanged: files,
      finishedAt: new Date().toISOString(),
      ...extra,
    })
  const openShop = async () => {
    window.history.replaceState(null, "", "#/collections/pages/entries/shop")
    served = () => ({ records: [] })
    await showCorner()
    // She works on it a while before the colleague's publish goes live.
    await wait(60_000)
  }

  test("a colleague's publish of it: the corner says so, and to reload before saving", async () => {
    await openShop()
    served = () => ({ records: [changed([shop, contentFilePath("home")])] })
    await wait(15_000)
    const status = screen.getByRole("status")
    expect(status).toHaveTextContent(
      `${texts.kinds.publish} Update Shop page: ${texts.states.live}.`,
    )
    expect(status).toHaveTextContent(texts.news.changedSinceOpened)
    // Still said once the publish's end is no longer news: as long as the page is open.
    await wait(newsForMs + 60_000)
    expect(screen.getByRole("status")).toHaveTextContent(texts.news.changedSinceOpened)
  })

  test("an undo of it says so too", async () => {
    await openShop()
    served = () => ({ records: [changed([shop], { kind: "rollback", title: "Change Z" })] })
    await wait(15_000)
    expect(screen.getByRole("status")).toHaveTextContent(texts.news.changedSinceOpened)
  })

  test("another page's publish is news of publishing only", async () => {
    await openShop()
    served = () => ({ records: [changed([contentFilePath("home")])] })
    await wait(15_000)
    expect(screen.getByRole("status")).toHaveTextContent(texts.news.live)
    expect(screen.getByRole("status")).not.toHaveTextContent(texts.news.changedSinceOpened)
  })

  test("opened after the publish went live: nothing to reload, whatever the server's clock says", async () => {
    // The server's clock two days ahead of hers (the publishing test's moves it so): what counts
    // is what had ended when she opened the page, not the times.
    const ahead = new Date(Date.now() + 2 * 24 * 60 * 60_000).toISOString()
    served = () => ({ records: [changed([shop], { finishedAt: ahead })] })
    window.history.replaceState(null, "", "#/collections/pages/entries/shop")
    await showCorner()
    expect(screen.getByRole("status")).toHaveTextContent(texts.news.live)
    expect(screen.getByRole("status")).not.toHaveTextContent(texts.news.changedSinceOpened)
  })

  test("a publish that ended just before she opened it, the corner not having looked since: nothing to reload", async () => {
    window.history.replaceState(null, "", "#/collections/pages")
    served = () => ({ records: [] })
    await showCorner()
    // A colleague's publish of it ends; five seconds later, before the corner looks again, she
    // opens the page: Decap reads it afresh, with the colleague's change.
    served = () => ({ records: [changed([shop])] })
    await wait(5_000)
    await act(async () => {
      window.history.replaceState(null, "", "#/collections/pages/entries/shop")
      window.dispatchEvent(new HashChangeEvent("hashchange"))
    })
    await wait(0)
    expect(screen.getByRole("status")).toHaveTextContent(texts.news.live)
    expect(screen.getByRole("status")).not.toHaveTextContent(texts.news.changedSinceOpened)
  })

  test("published here after she opened it: what went live is hers; a colleague's after it is not", async () => {
    await openShop()
    act(() => {
      window.dispatchEvent(new Event(publishedEvent))
    })
    await wait(5_000)
    const hers = changed([shop])
    served = () => ({ records: [hers] })
    await wait(followMs)
    expect(screen.getByRole("status")).toHaveTextContent(texts.news.live)
    expect(screen.getByRole("status")).not.toHaveTextContent(texts.news.changedSinceOpened)

    await wait(60_000)
    served = () => ({ records: [changed([shop], { id: "2", title: "Colleague's change" }), hers] })
    await wait(15_000)
    expect(screen.getByRole("status")).toHaveTextContent("Colleague's change")
    expect(screen.getByRole("status")).toHaveTextContent(texts.news.changedSinceOpened)
  })
})
