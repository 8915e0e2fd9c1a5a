import type { PublishRecord } from "../publishesApi"
import { formatDay } from "../../membership/staffPage/staffPageTexts"

/** What the staff's page says about publishing (./PublishingPanel.tsx): words for the staff. */
export const publishingTexts = {
  heading: "Publishing",
  live: "Live on the website now:",
  since: "since",
  recent: "Last publishes, newest first",
  waiting: (count: number) =>
    count === 1
      ? "One more publish waits for the one being built, and is built as soon as it is done."
      : `${count} more publishes wait for the one being built, and are built together as soon as it is done.`,
  empty: "Nothing has been published through this server yet.",
  unavailable: "The publishes could not be loaded just now: reload the page to try again.",
  kinds: {
    publish: "Publish of",
    goLive: "Dated articles' day, built again from",
    rollback: "Undo, back to",
    preview: "Preview of a draft",
  } satisfies Record<PublishRecord["kind"], string>,
  states: {
    waiting: "waiting",
    building: "being built",
    live: "live now",
    failed: "not published",
    replaced: "live before, replaced since",
    ready: "ready",
    removed: "removed",
  } satisfies Record<PublishRecord["state"], string>,
  /** A publish live, with entries it changed that wait for their date (PublishRecord's `waiting`). */
  waitingForDay: ([first, ...more]: NonNullable<PublishRecord["waiting"]>) => {
    const quoted = (name: string | undefined, none: string) => (name ? `“${name}”` : none)
    if (!first) return ""
    if (more.length === 0) {
      return `${quoted(first.name, "What is dated")} waits for its date: it appears on the website by itself on ${formatDay(first.day)}.`
    }
    const each = [first, ...more].map(
      ({ name, day }) => `${quoted(name, "one")} on ${formatDay(day)}`,
    )
    return `These wait for their dates, and appear on the website by themselves: ${each.slice(0, -1).join(", ")} and ${each.at(-1)}.`
  },
  /** A dated day's rebuild live: what it put on the website (PublishRecord's `appeared`). */
  appeared: (entries: NonNullable<PublishRecord["appeared"]>) => {
    const named = entries.map(({ name }) => (name ? `“${name}”` : "one dated entry"))
    return named.length === 1
      ? `${named[0]} is on the website now.`
      : `On the website now: ${named.slice(0, -1).join(", ")} and ${named.at(-1)}.`
  },
  /** A draft's preview that failed was never to be published: it was not built. */
  previewFailed: "not built",
  /** A draft's preview built again since, or removed: its address shows it no more. */
  previewReplaced: "shown no more (a newer preview, or the draft ended)",
  /** Replaced by the same version built again (a dated article's day) or put back by an undo. */
  liveAsBuiltAgain: "live, this same version, as listed above it",
  by: "by",
  /** Before the earlier publishes built with one (PublishRecord's `togetherWith`). */
  togetherWith: "with",
  /** Before the last of them. */
  and: "and",
  /** The rest of them, past the two titles shown (never fewer than two). */
  andMore: (count: number) => `${count} more`,
  undo: {
    button: "Undo the last publish",
    question: "Put the earlier version back on the website?",
    explain: (title: string) =>
      `The website goes back to “${title}” in a moment, and the content in the editor with it, so the next publish keeps your change out. Where the editor cannot be changed, the answer says so.`,
    yes: "Yes, put it back",
    no: "Keep it as it is",
    working: "Putting the earlier version back…",
    failed: "The undo did not reach the server: reload the page and try again.",
  },
  /** A publish the server could not build, offered again (PublishesAnswer's `again`). */
  again: {
    /** After the publish's title. */
    explain:
      "was not published because of a fault on the server (the reason is below). Once whoever manages the server has mended it, publish it again: the change is in the content already.",
    /** A dated article's day whose rebuild failed (`again.dated`), instead of a title. */
    dated: "The dated articles' day",
    explainDated:
      "was not built because of a fault on the server (the reason is below), so the articles dated today are not on the website yet. The website tries again by itself; once whoever manages the server has mended it, publish it again to put them live now.",
    button: "Publish it again",
    working: "Asking the server to publish it again…",
    failed: "The request did not reach the server: reload the page and try again.",
  },
  /** The editor's corner (src/cms/PublishingNews.tsx), while a publish is news. */
  news: {
    label: "Publishing",
    underWay: "It is usually live in under a minute.",
    fetching: "The website is taking up the newest change, to build it.",
    onItsWay: "Your publish is on its way to the website.",
    notHeard:
      "The website has not heard of your publish yet. If it is not live in a few minutes, tell whoever manages the site: GitHub’s message to the server may not have arrived.",
    live: "It is on the website.",
    /** The page open in the editor was changed on the website after she opened it. */
    changedSinceOpened:
      "It changed the page you have open after you opened it, so the editor still shows the version before it: reload the editor before you save, or your save puts that version back.",
    seeLive: "See the website",
    undo: "Undo it, on the members’ list page",
    /** The same link after an undo: another undo goes one version further back. */
    undoFurther: "Go further back, on the members’ list page",
    failed: "The website is unchanged. Why:",
    /** After "Preview of <title>: being built.", which says so already. */
    previewBuilding:
      "View Preview appears at the top when it is ready; if it does not, click Check for Preview.",
    previewFailed: "It could not be built, so this draft has no View Preview. Why:",
    previewReady: "Your draft is on it as the website would show it.",
    viewPreview: "View the preview",
    why: "The whole reason, on the members’ list page",
    hide: "Hide",
  },
}

/** A record's state in words: "not built" for a draft's preview that failed. */
export const stateWords = (record: PublishRecord, liveCommit?: string) =>
  record.kind === "preview" && record.state === "failed"
    ? publishingTexts.previewFailed
    : record.kind === "preview" && record.state === "replaced"
      ? publishingTexts.previewReplaced
      : record.state === "replaced" && record.commit === liveCommit
        ? publishingTexts.liveAsBuiltAgain
        : publishingTexts.states[record.state]
