import { act, render, screen } from "@testing-library/react"
import type { PublishesAnswer, PublishRecord } from "../src/publishing/publishesApi"
import { PublishingPanel } from "../src/publishing/staffPage/PublishingPanel"
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

  // Nothing under way: it asks no more.
  const asked = fetchMock.mock.calls.length
  await act(async () => {
    jest.advanceTimersByTime(60_000)
  })
  expect(fetchMock.mock.calls.length).toBe(asked)
})
