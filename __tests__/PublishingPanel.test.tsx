import { act, render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import {
  publishAgainEndpoint,
  publishingPanelId,
  type PublishesAnswer,
  type PublishRecord,
} from "../src/publishing/publishesApi"
import { PublishingPanel } from "../src/publishing/staffPage/PublishingPanel"
import { lookMs } from "../src/publishing/staffPage/publishNews"
import { publishingTexts as texts } from "../src/publishing/staffPage/publishingTexts"

// The staff's publishing panel while a publish is under way: it follows the build by itself, so
// she sees her change go live (or why not) without reloading, and a publish that waits is told.
const record = (state: PublishRecord["state"]): PublishRecord => ({
  id: "1",
  kind: "publish",
  commit: "a".repeat(40),
  title: "Update Shop page",
  state,
  startedAt: "2026-11-28T10:00:00.000Z",
  ...(state === "building" ? {} : { finishedAt: "2026-11-28T10:01:00.000Z" }),
})

const answers: PublishesAnswer[] = [
  { records: [record("building")], waiting: 1 },
  { records: [record("live")] },
]

let fetchMock: jest.Mock
beforeEach(() => {
  jest.useFakeTimers()
  const queue = [...answers]
  fetchMock = jest.fn(() =>
    Promise.resolve({
      ok: true,
      status: 200,
      json: () => Promise.resolve(queue.length > 1 ? queue.shift() : queue[0]),
    }),
  )
  global.fetch = fetchMock as unknown as typeof fetch
})
afterEach(() => jest.useRealTimers())

test("a build under way: the panel says what waits, and shows 'live now' on its own", async () => {
  render(<PublishingPanel onSignInNeeded={() => undefined} />)
  expect(await screen.findByText(new RegExp(`: ${texts.states.building}$`))).toBeInTheDocument()
  expect(screen.getByText(texts.waiting(1))).toBeInTheDocument()

  await act(async () => {
    jest.advanceTimersByTime(5000)
  })
  expect(await screen.findByText(new RegExp(`: ${texts.states.live}$`))).toBeInTheDocument()
  expect(screen.queryByText(texts.waiting(1))).not.toBeInTheDocument()

  // Nothing under way: it asks less often, every lookMs.
  const asked = fetchMock.mock.calls.length
  await act(async () => {
    jest.advanceTimersByTime(lookMs - 1)
  })
  expect(fetchMock.mock.calls.length).toBe(asked)
  await act(async () => {
    jest.advanceTimersByTime(1)
  })
  expect(fetchMock.mock.calls.length).toBe(asked + 1)
})

test("a publish built again for a dated article's day is not said to be replaced: it is what is live", async () => {
  const publish = { ...record("replaced"), id: "1" }
  const dayCame: PublishRecord = { ...record("live"), id: "2", kind: "goLive" }
  const answer: PublishesAnswer = {
    live: {
      release: "r2",
      commit: publish.commit,
      title: publish.title,
      since: "2026-11-28T10:01:00.000Z",
      address: "https://www.example.com",
    },
    records: [dayCame, publish],
  }
  fetchMock.mockImplementation(() =>
    Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(answer) }),
  )
  render(<PublishingPanel onSignInNeeded={() => undefined} />)
  expect(await screen.findByText(new RegExp(`: ${texts.liveAsBuiltAgain}$`))).toBeInTheDocument()
  expect(screen.queryByText(new RegExp(`: ${texts.states.replaced}$`))).not.toBeInTheDocument()
})

test("opened while nothing is under way, it shows a colleague's publish by itself", async () => {
  const quiet: PublishesAnswer = { records: [record("live")] }
  const colleague: PublishRecord = { ...record("building"), id: "2", title: "Update About page" }
  const queue: PublishesAnswer[] = [quiet, { records: [colleague, record("live")], working: true }]
  fetchMock.mockImplementation(() =>
    Promise.resolve({
      ok: true,
      status: 200,
      json: () => Promise.resolve(queue.length > 1 ? queue.shift() : queue[0]),
    }),
  )
  render(<PublishingPanel onSignInNeeded={() => undefined} />)
  expect(await screen.findByText(new RegExp(`: ${texts.states.live}$`))).toBeInTheDocument()
  await act(() => jest.advanceTimersByTimeAsync(lookMs))
  expect(await screen.findByText(new RegExp(`: ${texts.states.building}$`))).toBeInTheDocument()
  expect(screen.getByText(/Update About page/)).toBeInTheDocument()
})

describe("while it follows a build", () => {
  const live = (release: string, title: string) => ({
    release,
    commit: "b".repeat(40),
    title,
    since: "2026-11-28T09:00:00.000Z",
    address: "https://www.example.com",
  })
  const building: PublishesAnswer = {
    live: live("r1", "Change A"),
    previous: { commit: "c".repeat(40), title: "Change Z" },
    records: [record("building")],
  }

  function serve(answers: (PublishesAnswer | number)[]) {
    const gets = [...answers]
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      if (init?.method === "POST") {
        return Promise.resolve({
          ok: true,
          status: 200,
          json: () => Promise.resolve({ result: "changed", message: "Not undone." }),
        })
      }
      const next = gets.length > 1 ? gets.shift() : gets[0]
      return typeof next === "number"
        ? Promise.resolve({ ok: false, status: next, json: () => Promise.reject(new Error()) })
        : Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(next) })
    })
  }

  test("one failed look keeps what it shows, and the next one goes on", async () => {
    serve([building, 502, { ...building, records: [record("live")] }])
    render(<PublishingPanel onSignInNeeded={() => undefined} />)
    expect(await screen.findByText(new RegExp(`: ${texts.states.building}$`))).toBeInTheDocument()
    await act(async () => {
      jest.advanceTimersByTime(5000)
    })
    expect(screen.queryByText(texts.unavailable)).not.toBeInTheDocument()
    expect(screen.getByText(new RegExp(`: ${texts.states.building}$`))).toBeInTheDocument()
    await act(async () => {
      jest.advanceTimersByTime(5000)
    })
    expect(await screen.findByText(new RegExp(`: ${texts.states.live}$`))).toBeInTheDocument()
  })

  test("the undo's question stays as she read it, and undoes the version it named", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
    serve([building, { ...building, live: live("r2", "Change B"), records: [record("live")] }])
    render(<PublishingPanel onSignInNeeded={() => undefined} />)
    await user.click(await screen.findByRole("button", { name: texts.undo.button }))
    const question = texts.undo.explain("Change Z")
    expect(screen.getByText(question)).toBeInTheDocument()
    const looks = fetchMock.mock.calls.length
    await act(async () => {
      jest.advanceTimersByTime(20_000)
    })
    // No look while she reads: the question is the same.
    expect(fetchMock.mock.calls.length).toBe(looks)
    await user.click(screen.getByRole("button", { name: texts.undo.yes }))
    const posts = (fetchMock.mock.calls as [string, RequestInit?][]).filter(
      ([, init]) => init?.method === "POST",
    )
    expect(posts.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ live: "r1" }])
  })
})

test("a publish the server could not build: she publishes it again, and the panel follows the build", async () => {
  const failed: PublishRecord = { ...record("failed"), reason: "the server's disk is full" }
  const offered: PublishesAnswer = {
    records: [failed],
    again: { commit: failed.commit, title: failed.title },
  }
  const gets: PublishesAnswer[] = [
    offered,
    { records: [record("building")], working: true },
    { records: [record("live")] },
  ]
  const posts: string[] = []
  fetchMock.mockImplementation((url: string, init?: RequestInit) => {
    if (init?.method === "POST") {
      posts.push(url)
      return Promise.resolve({
        ok: true,
        status: 200,
        json: () => Promise.resolve({ result: "started", message: "It is being built again." }),
      })
    }
    const next = gets.length > 1 ? gets.shift() : gets[0]
    return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(next) })
  })
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
  render(<PublishingPanel onSignInNeeded={() => undefined} />)
  expect(await screen.findByText(texts.again.explain, { exact: false })).toHaveTextContent(
    `Update Shop page ${texts.again.explain}`,
  )
  await user.click(screen.getByRole("button", { name: texts.again.button }))
  expect(posts).toEqual([publishAgainEndpoint])
  expect(await screen.findByText("It is being built again.")).toBeInTheDocument()
  expect(await screen.findByText(new RegExp(`: ${texts.states.building}$`))).toBeInTheDocument()
  expect(screen.queryByRole("button", { name: texts.again.button })).not.toBeInTheDocument()
  // Once it is live, the note that it is being built goes: it stood under "live now".
  await act(() => jest.advanceTimersByTimeAsync(10_000))
  expect(await screen.findByText(new RegExp(`: ${texts.states.live}$`))).toBeInTheDocument()
  expect(screen.queryByText("It is being built again.")).not.toBeInTheDocument()
})

test("an undo's answer given while a publish is built again stays once that build ends", async () => {
  const failed: PublishRecord = { ...record("failed"), reason: "the server's disk is full" }
  const live = {
    release: "r1",
    commit: "b".repeat(40),
    title: "Change A",
    since: "2026-11-28T09:00:00.000Z",
    address: "https://www.example.com",
  }
  const previous = { commit: "c".repeat(40), title: "Change Z" }
  const gets: PublishesAnswer[] = [
    { live, previous, records: [failed], again: { commit: failed.commit, title: failed.title } },
    { live, previous, records: [record("building")], working: true },
    { live, previous, records: [record("building")], working: true },
    { live, previous, records: [record("live")] },
  ]
  const answers = [
    { result: "started", message: "It is being built again." },
    { result: "busy", message: "Not undone: a publish is being built." },
  ]
  fetchMock.mockImplementation((_url: string, init?: RequestInit) => {
    const next =
      init?.method === "POST" ? answers.shift() : gets.length > 1 ? gets.shift() : gets[0]
    return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(next) })
  })
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
  render(<PublishingPanel onSignInNeeded={() => undefined} />)
  await user.click(await screen.findByRole("button", { name: texts.again.button }))
  expect(await screen.findByText("It is being built again.")).toBeInTheDocument()
  await user.click(screen.getByRole("button", { name: texts.undo.button }))
  await user.click(screen.getByRole("button", { name: texts.undo.yes }))
  expect(await screen.findByText("Not undone: a publish is being built.")).toBeInTheDocument()
  // The build ends: the note about it would go, but the note is now the undo's answer.
  await act(() => jest.advanceTimersByTimeAsync(10_000))
  expect(await screen.findByText(new RegExp(`: ${texts.states.live}$`))).toBeInTheDocument()
  expect(screen.getByText("Not undone: a publish is being built.")).toBeInTheDocument()
  // Until she asks to undo again: that answer is not under the new question.
  await user.click(screen.getByRole("button", { name: texts.undo.button }))
  expect(screen.getByText(texts.undo.question)).toBeInTheDocument()
  expect(screen.queryByText("Not undone: a publish is being built.")).not.toBeInTheDocument()
})

test("a dated articles' day whose rebuild the server could not finish is offered as that day, not as the publish it rebuilt", async () => {
  const failed: PublishRecord = { ...record("failed"), kind: "goLive", reason: "killed" }
  const answer: PublishesAnswer = {
    records: [failed],
    again: { commit: failed.commit, title: failed.title, dated: true },
  }
  fetchMock.mockResolvedValue({ ok: true, status: 200, json: () => Promise.resolve(answer) })
  render(<PublishingPanel onSignInNeeded={() => undefined} />)
  expect(await screen.findByText(texts.again.explainDated, { exact: false })).toHaveTextContent(
    `${texts.again.dated} ${texts.again.explainDated}`,
  )
  expect(screen.queryByText(texts.again.explain, { exact: false })).not.toBeInTheDocument()
  expect(screen.getByRole("button", { name: texts.again.button })).toBeInTheDocument()
})

describe("reached by its link (GitHub's failed status, the editor's corner)", () => {
  const scrolled = jest.fn()
  beforeEach(() => {
    scrolled.mockClear()
    // jsdom lays nothing out and has no scrollIntoView: the call is what is seen.
    Element.prototype.scrollIntoView = scrolled
  })
  afterEach(() => {
    window.location.hash = ""
  })

  test("the panel comes after the list: once it is there, it is brought into view", async () => {
    window.location.hash = `#${publishingPanelId}`
    render(<PublishingPanel onSignInNeeded={() => undefined} />)
    const heading = await screen.findByRole("heading", { name: texts.heading })
    expect(scrolled).toHaveBeenCalledTimes(1)
    expect(scrolled.mock.contexts[0]).toBe(heading)
    // Not again as it follows the build: she may have scrolled away.
    await act(async () => {
      jest.advanceTimersByTime(5000)
    })
    expect(scrolled).toHaveBeenCalledTimes(1)
  })

  test("opened without it, the page stays at its top", async () => {
    render(<PublishingPanel onSignInNeeded={() => undefined} />)
    await screen.findByRole("heading", { name: texts.heading })
    expect(scrolled).not.toHaveBeenCalled()
  })
})

describe("publishes built together, under the newest", () => {
  const earlier = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      commit: String(index).repeat(40),
      title: `Earlier change ${count - index}`,
      author: "Alice",
    }))
  const entryOf = async (togetherWith: PublishRecord["togetherWith"]) => {
    fetchMock.mockResolvedValue({
      ok: true,
      status: 200,
      json: () => Promise.resolve({ records: [{ ...record("live"), togetherWith }] }),
    })
    render(<PublishingPanel onSignInNeeded={() => undefined} />)
    const state = await screen.findByText(new RegExp(`: ${texts.states.live}$`))
    return state.textContent
  }

  test.each([
    [1, "Update Shop page (aaaaaaa), with Earlier change 1"],
    [2, "Update Shop page (aaaaaaa), with Earlier change 2 and Earlier change 1"],
    [3, "Update Shop page (aaaaaaa), with Earlier change 3, Earlier change 2 and Earlier change 1"],
    [
      5,
      "Update Shop page (aaaaaaa), with Earlier change 5, Earlier change 4, Earlier change 3, Earlier change 2 and Earlier change 1",
    ],
  ])("%i earlier: each is named", async (count, shown) => {
    expect(await entryOf(earlier(count))).toBe(
      `${texts.kinds.publish} ${shown}: ${texts.states.live}`,
    )
  })

  test("one built alone names no other", async () => {
    expect(await entryOf(undefined)).toBe(
      `${texts.kinds.publish} Update Shop page (aaaaaaa): ${texts.states.live}`,
    )
  })
})

test("a publish live whose article waits for its date says so, by title and date, until it is replaced", async () => {
  const waiting = [
    { name: "An Article For Later", day: "2026-12-24" },
    { name: "And Another", day: "2027-01-05" },
  ]
  const live = { ...record("live"), id: "2", waiting }
  const replaced = { ...record("replaced"), waiting: waiting.slice(0, 1) }
  fetchMock.mockResolvedValue({
    ok: true,
    status: 200,
    json: () => Promise.resolve({ records: [live, replaced] } satisfies PublishesAnswer),
  })
  render(<PublishingPanel onSignInNeeded={() => undefined} />)
  const said = texts.waitingForDay(waiting)
  expect(await screen.findByText(said)).toBeInTheDocument()
  expect(said).toContain("“An Article For Later” on 24 Dec 2026")
  expect(said).toContain("“And Another” on 5 Jan 2027")
  expect(screen.queryByText(texts.waitingForDay(waiting.slice(0, 1)))).not.toBeInTheDocument()
})

test("a dated article's day, live: the list names what it put on the website", async () => {
  const appeared = [{ name: "An Article For Today", day: "2026-12-04" }]
  const dayCame: PublishRecord = { ...record("live"), id: "2", kind: "goLive", appeared }
  fetchMock.mockResolvedValue({
    ok: true,
    status: 200,
    json: () => Promise.resolve({ records: [dayCame] } satisfies PublishesAnswer),
  })
  render(<PublishingPanel onSignInNeeded={() => undefined} />)
  expect(await screen.findByText(texts.appeared(appeared))).toBeInTheDocument()
  expect(texts.appeared(appeared)).toBe("“An Article For Today” is on the website now.")
  expect(texts.appeared([...appeared, { day: "2026-12-04" }])).toBe(
    "On the website now: “An Article For Today” and one dated entry.",
  )
})
