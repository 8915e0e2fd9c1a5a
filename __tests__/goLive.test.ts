/** @jest-environment node */
import { readFileSync } from "node:fs"
import path from "node:path"
import {
  goLiveLists,
  goLiveMoment,
  isLive,
  liveContent,
  nextGoLive,
  waitingEntries,
} from "../src/content/goLive"
import { graphqlTypeDefs } from "../src/content/graphqlTypes"
import { contentFiles, contentModel } from "../src/content/model"

// Go-live dates: a journal article dated in the future is left out of the build until its day,
// and the next such day is when the publisher builds again. Read from data/ as the staff left it.

const journal = JSON.parse(readFileSync(path.join(__dirname, "../data/journal.json"), "utf8")) as {
  articles: { title: string; date: string }[]
}
const newest = [...journal.articles].sort((a, b) => b.date.localeCompare(a.date))[0]
if (!newest) throw new Error("data/journal.json has no article")

/** A day after the newest article, as content writes it. */
const dayAfter = (date: string, days: number) => {
  const next = new Date(`${date}T12:00:00Z`)
  next.setUTCDate(next.getUTCDate() + days)
  return next.toISOString().slice(0, 10)
}

test("the model marks the journal's article date as a go-live date, and the CMS hint says it waits", () => {
  expect(goLiveLists(contentModel.journal)).toEqual([
    { list: "articles", dateField: "date", nameField: "title" },
  ])
  const date = contentModel.journal.fields
    .flatMap((field) => (field.kind === "list" ? field.fields : []))
    .find((field) => field.name === "date")
  expect(date?.hint).toMatch(/a date in the future waits/i)
  expect(graphqlTypeDefs(contentFiles)).toContain(
    'articles: [JournalJsonArticles!]! @goLive(date: "date")',
  )
})

test("an entry goes live at its day's midnight, local time, and not a moment before", () => {
  const moment = goLiveMoment("2031-05-06")
  expect(new Date(moment).getHours()).toBe(0)
  expect(new Date(moment).getDate()).toBe(6)
  expect(isLive("2031-05-06", moment - 1)).toBe(false)
  expect(isLive("2031-05-06", moment)).toBe(true)
  // Something that is no date is never held back (the content check refuses it anyway).
  expect(isLive("soon", 0)).toBe(true)
})

test("the content as built: an article dated later is left out until its day, the rest kept", () => {
  const waiting = { ...newest, title: "An article for later", date: dayAfter(newest.date, 10) }
  const content = { ...journal, articles: [...journal.articles, waiting] }
  const before = goLiveMoment(waiting.date) - 1
  expect(liveContent(contentModel.journal, content, before).articles).toEqual(journal.articles)
  expect(liveContent(contentModel.journal, content, goLiveMoment(waiting.date)).articles).toEqual(
    content.articles,
  )
})

/** The journal with two articles added, dated 3 and 9 days after its newest, and a moment after that one. */
const twoForLater = (soonerTitle: string) => {
  const soon = dayAfter(newest.date, 3)
  const later = dayAfter(newest.date, 9)
  const articles = [
    ...journal.articles,
    { ...newest, title: "Later", date: later },
    { ...newest, title: soonerTitle, date: soon },
  ]
  return { soon, later, content: { ...journal, articles }, now: goLiveMoment(newest.date) + 1 }
}

test("the next go-live moment is the nearest date still to come, none when none waits", () => {
  const { soon, later, content, now } = twoForLater("Sooner")
  const read = (name: string) => (name === "journal" ? content : undefined)
  expect(nextGoLive(read, now)).toBe(goLiveMoment(soon))
  expect(nextGoLive(read, goLiveMoment(soon))).toBe(goLiveMoment(later))
  expect(nextGoLive(read, goLiveMoment(later))).toBeUndefined()
})

test("what waits for its day, by title and day, soonest first: what the staff are told after a publish", () => {
  const { soon, later, content, now } = twoForLater("")
  expect(waitingEntries(contentModel.journal, content, now)).toEqual([
    { day: soon },
    { name: "Later", day: later },
  ])
  expect(waitingEntries(contentModel.journal, content, goLiveMoment(later))).toEqual([])
})
