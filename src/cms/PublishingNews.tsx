import { useEffect, useState } from "react"
import { contentModel, type ContentName } from "../content/model"
import { readToken, staffJson } from "../membership/staffPage/session"
import {
  publishesEndpoint,
  publishingPanelId,
  type PublishesAnswer,
  type PublishRecord,
} from "../publishing/publishesApi"
import { PublishHeadline } from "../publishing/staffPage/PublishHeadline"
import {
  briefly,
  draftOpenAt,
  endedPublishes,
  fileOpenAt,
  followMs,
  lookMs,
  hearWithinMs,
  isPublishesAnswer,
  newestPublish,
  newsKey,
  publishNews,
  type OpenEntry,
  type PublishedHere,
  type PublishNews,
} from "../publishing/staffPage/publishNews"
import { publishingTexts, stateWords } from "../publishing/staffPage/publishingTexts"
import { membersPagePath } from "../shared/endpoints"
import {
  cornerCard as card,
  cornerHideButton as hideButton,
  cornerLabel as label,
} from "./decapLook"
import { useFocusReturn } from "./focusReturn"
import { pageShowing } from "./savedContent"

const texts = publishingTexts.news
/** The members' list page's publishing panel: the whole reason, and the undo. */
const panelAddress = `${membersPagePath}#${publishingPanelId}`

/** Sent on the window by the CMS's `postPublish` (./cms.tsx): the corner follows closely then. */
export const publishedEvent = "evergrace:published"

/**
 * The news of publishing on the site's own server (GET /api/publishes, as the members' list page
 * reads it), followed while the editor is open. Never asked without the editor's sign-in, nor
 * again with a token the server refused (401, or 403 for one who may not push: each counts
 * towards the staff door's limit on failures), and never again on a host that does not publish
 * itself (404: Netlify, Cloudflare Pages, `npm run cms`). An answer that does not come (offline,
 * the server's error) empties the corner rather than leave "being built" up for good. The draft
 * open in the editor is read from its address, and followed as she moves between entries.
 */
function usePublishNews(): PublishNews | null {
  const [news, setNews] = useState<PublishNews | null>(null)

  useEffect(() => {
    let answer: PublishesAnswer | null = null
    let timer: number | undefined
    let asking = false
    let ended = false
    let refusedToken: string | null = null
    let publishedHere: PublishedHere | undefined
    // The entry open in the editor, and what had ended when she opened it: taken from the next
    // answer, not the last (up to 15 s old, it would miss a publish that ended just before).
    // Decap reads an entry afresh each time it opens one.
    let openEntry: OpenEntry | undefined
    const followEntry = () => {
      const file = fileOpenAt(window.location.hash)
      if (file !== openEntry?.file) openEntry = file ? { file, at: Date.now() } : undefined
    }
    followEntry()

    const look = async () => {
      window.clearTimeout(timer)
      const token = readToken()
      if (document.visibilityState === "visible" && token && token !== refusedToken) {
        asking = true
        const outcome = await staffJson(publishesEndpoint, { method: "GET" }, isPublishesAnswer)
        asking = false
        if (ended) return
        answer = outcome.kind === "answer" ? outcome.answer : null
        if (answer && openEntry && !openEntry.ended) openEntry.ended = endedPublishes(answer)
        if (outcome.kind !== "answer" && outcome.kind !== "offline") {
          if (outcome.status === 404) return end()
          if (outcome.status === 401 || outcome.status === 403) refusedToken = token
        }
      }
      const now = Date.now()
      // Worked out at each look: the end of a publish stops being news after a while.
      const current = newsNow(now)
      const close =
        current?.kind === "underWay" ||
        current?.kind === "previewBuilding" ||
        (publishedHere !== undefined && now - publishedHere.at < hearWithinMs)
      timer = window.setTimeout(() => void look(), close ? followMs : lookMs)
    }
    const newsNow = (now: number) => {
      const current =
        answer &&
        publishNews(answer, now, publishedHere, draftOpenAt(window.location.hash), openEntry)
      setNews(current)
      return current
    }
    // Another entry opened, or the board: its own news, from the last answer, then a look soon.
    const onOpened = () => {
      if (ended) return
      followEntry()
      newsNow(Date.now())
      lookNow()
    }
    const lookNow = () => {
      if (!asking && !ended) void look()
    }
    const onPublished = () => {
      publishedHere = { at: Date.now(), newestBefore: newestPublish(answer) }
      lookNow()
    }
    const onVisible = () => {
      if (document.visibilityState === "visible") lookNow()
    }
    function end() {
      ended = true
      window.clearTimeout(timer)
      window.removeEventListener("hashchange", onOpened)
      window.removeEventListener(publishedEvent, onPublished)
      document.removeEventListener("visibilitychange", onVisible)
    }

    window.addEventListener(publishedEvent, onPublished)
    window.addEventListener("hashchange", onOpened)
    document.addEventListener("visibilitychange", onVisible)
    void look()
    return end
  }, [])

  return news
}

const reason = { color: "#d5342b", overflowWrap: "anywhere" } as const

/**
 * The page of a site (the live one, or a draft's preview at `address`) that shows what a record
 * changed, as Decap's View Preview opens it: a draft's own page (cms/pages/shop), or the one
 * content file a publish changed; the home page where it changed several, or none.
 */
function pageAt(address: string, record: PublishRecord): string {
  const [changed, ...more] = record.contentChanged ?? []
  const name =
    record.kind === "preview"
      ? record.branch?.split("/").at(-1)
      : more.length === 0
        ? /^data\/(.+)\.json$/.exec(changed ?? "")?.[1]
        : undefined
  const page = name && name in contentModel ? pageShowing(name as ContentName) : "/"
  return `${address.replace(/\/$/, "")}${page}`
}

/** The news in words: what the live region reads out. */
function NewsWords({ news }: { news: PublishNews }) {
  if (news.kind === "notHeard") return <p>{news.late ? texts.notHeard : texts.onItsWay}</p>
  return (
    <>
      {news.record && (
        <p>
          <PublishHeadline record={news.record} />: {stateWords(news.record)}.
        </p>
      )}
      {news.kind === "underWay" && (
        <>
          <p>{news.record ? texts.underWay : texts.fetching}</p>
          {news.waiting > 0 && <p>{publishingTexts.waiting(news.waiting)}</p>}
        </>
      )}
      {news.kind === "live" && <p>{texts.live}</p>}
      {news.kind === "live" && news.record.waiting && (
        <p>{publishingTexts.waitingForDay(news.record.waiting)}</p>
      )}
      {news.kind === "live" && news.record.appeared && (
        <p>{publishingTexts.appeared(news.record.appeared)}</p>
      )}
      {news.kind === "changedSinceOpened" && <p>{texts.changedSinceOpened}</p>}
      {news.kind === "previewBuilding" && <p>{texts.previewBuilding}</p>}
      {news.kind === "previewReady" && <p>{texts.previewReady}</p>}
      {(news.kind === "failed" || news.kind === "previewFailed") && (
        <>
          <p>{news.kind === "failed" ? texts.failed : texts.previewFailed}</p>
          {news.record.reason && <p css={reason}>{briefly(news.record.reason)}</p>}
        </>
      )}
    </>
  )
}

/**
 * The editor's corner on the site's own server: the publish being built, then whether it is live
 * or why not, for a few minutes (../publishing/staffPage/publishNews.ts), so the staff member who
 * pressed Publish sees the website take it without leaving the editor. Its words are a live
 * region, read out as they change; the links and Hide are beside it. Hide puts it away until the
 * next news, and gives the keyboard's focus back to where it came from (or to `focusAfterHide`).
 */
export function PublishingNews({ focusAfterHide }: { focusAfterHide?: string }) {
  const news = usePublishNews()
  const [hidden, setHidden] = useState<string>()
  const shown = news && newsKey(news) !== hidden ? news : null
  const { rememberOrigin, returnFocus } = useFocusReturn()

  const hide = (which: PublishNews) => {
    setHidden(newsKey(which))
    returnFocus(focusAfterHide)
  }

  return (
    <div css={shown ? card : undefined} onFocus={rememberOrigin}>
      <div role="status">
        {shown && (
          <>
            <p css={label}>{texts.label}</p>
            <NewsWords news={shown} />
          </>
        )}
      </div>
      {shown?.kind === "live" && (
        <>
          {shown.record.address && (
            <p>
              {/* A tab of its own, as Decap's View Live and the preview's: the editor stays. */}
              <a href={pageAt(shown.record.address, shown.record)} target="_blank" rel="noreferrer">
                {texts.seeLive}
              </a>
            </p>
          )}
          {/* Past the oldest version kept, the page has no Undo to send her to. */}
          {shown.undoable && (
            <p>
              <a href={panelAddress}>
                {shown.record.kind === "rollback" ? texts.undoFurther : texts.undo}
              </a>
            </p>
          )}
        </>
      )}
      {shown?.kind === "previewReady" && shown.record.address && (
        <p>
          <a href={pageAt(shown.record.address, shown.record)} target="_blank" rel="noreferrer">
            {texts.viewPreview}
          </a>
        </p>
      )}
      {(shown?.kind === "failed" || shown?.kind === "previewFailed") && (
        <p>
          <a href={panelAddress}>{texts.why}</a>
        </p>
      )}
      {shown && (
        <button type="button" css={hideButton} onClick={() => hide(shown)}>
          {texts.hide}
        </button>
      )}
    </div>
  )
}
